/** The selected company's adviser and the customer service of its network (`/api/me/adviser`). */
import * as v from "valibot";
import { FooterService } from "./footer";

export const AdviserAnswer = v.object({
  /** Null when the company has none. */
  adviser: v.nullable(
    v.object({
      id: v.string(),
      civilite: v.nullish(v.string()),
      prenom: v.string(),
      nom: v.string(),
      /** The job title, in the answer's language. */
      fonction: v.nullish(v.string()),
      telephone: v.nullish(v.string()),
      mobile: v.nullish(v.string()),
      email: v.nullish(v.string()),
      /** `/api/advisers/{id}/photo`, from the API's origin; null when no photo is stored. */
      photoUrl: v.nullish(v.string()),
    }),
  ),
  /** The network's first sub-service: the contact to show when there is no adviser. */
  service: FooterService,
});
export type AdviserAnswer = v.InferOutput<typeof AdviserAnswer>;
