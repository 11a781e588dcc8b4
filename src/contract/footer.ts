/**
 * A network's footer contacts (`/api/servicesMACC/reseau/{codeReseau}/type/gen`, SPEC §7). The
 * footer reads it without valibot (core/contacts.ts: on every page of every site, the schema library
 * is not worth its weight there); its check and this schema agree (core/contacts.test.ts).
 */
import * as v from "valibot";
import { NETWORK_CODES } from "./constants";

/** A sub-service: its e-mail address is `mail1` followed by `mail2` (SPEC §3). */
export const FooterService = v.object({
  nomSousService: v.string(),
  telephone1: v.nullish(v.string()),
  /** Local part of the e-mail. */
  mail1: v.nullish(v.string()),
  /** Domain part, starting with @. */
  mail2: v.nullish(v.string()),
});

export const FooterContact = v.object({
  adresseTitre: v.string(),
  adresseLigne1: v.string(),
  adresseLigne2: v.nullish(v.string()),
  codePostal: v.string(),
  ville: v.string(),
  listSousServices: v.array(FooterService),
});
export type FooterContact = v.InferOutput<typeof FooterContact>;

/** `{codeReseau}`, in any case. */
export const FooterParams = v.object({
  codeReseau: v.pipe(v.string(), v.toUpperCase(), v.picklist(NETWORK_CODES)),
});
