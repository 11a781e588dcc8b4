/** The selected company's product fleet (`/api/me/products`) and a family's documents (`/api/me/documents`). */
import * as v from "valibot";
import { OpenServiceRequest } from "./service-request";

const Product = v.object({
  codeFamille: v.string(),
  /** The family's name, in the answer's language (French when missing). */
  produit: v.string(),
  quantite: v.number(),
  /** ISO date of the last purchase. */
  dateDernierAchat: v.string(),
  /** The account's open service request about the family, or null (read as null from a server that does not say). */
  openRequest: v.optional(v.nullable(OpenServiceRequest), null),
});
export type Product = v.InferOutput<typeof Product>;

/** One line per family bought, newest purchase first. */
export const ProductList = v.object({ items: v.array(Product) });

const ProductDocument = v.object({
  id: v.union([v.string(), v.number()]),
  /** In the document's own language. */
  title: v.string(),
  /** The document's own language (ISO 639-1); an API that does not say is read as the page's. */
  langue: v.optional(v.string()),
  type: v.picklist(["pdf", "video"]),
  /** PDFs only. */
  sizeBytes: v.nullish(v.number()),
  /** Videos only. */
  url: v.nullish(v.string()),
  durationSeconds: v.nullish(v.number()),
});
export type ProductDocument = v.InferOutput<typeof ProductDocument>;

/** One family of the fleet: its purchases (newest first) and its documents by kind, in display order. */
export const ProductDetail = v.object({
  codeFamille: v.string(),
  produit: v.string(),
  achats: v.array(
    v.object({
      dateAchat: v.string(),
      quantite: v.number(),
      codeProduit: v.optional(v.string()),
      /** A machine's serial number (supplies have none). */
      numeroSerie: v.nullish(v.string(), null),
    }),
  ),
  documents: v.object({ technical: v.array(ProductDocument), sav: v.array(ProductDocument) }),
});
export type ProductDetail = v.InferOutput<typeof ProductDetail>;

/** `{codeFamille}`, in any case (answered upper-case). */
export const ProductParams = v.object({
  codeFamille: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,32}$/), v.toUpperCase()),
});
