import * as v from "valibot";
import type { ApiRequest } from "../../core/api";
import type { Locale } from "../../core/constants";

const ProductSchema = v.object({
  codeFamille: v.string(),
  produit: v.string(),
  quantite: v.number(),
  dateDernierAchat: v.string(),
});
export type Product = v.InferOutput<typeof ProductSchema>;

const DocumentSchema = v.object({
  id: v.union([v.string(), v.number()]),
  title: v.string(),
  /** The document's own language (ISO 639-1); an API that does not say is read as the page's. */
  langue: v.optional(v.string()),
  type: v.picklist(["pdf", "video"]),
  sizeBytes: v.nullish(v.number()),
  url: v.nullish(v.string()),
  durationSeconds: v.nullish(v.number()),
});
export type ProductDocument = v.InferOutput<typeof DocumentSchema>;

const DetailSchema = v.object({
  codeFamille: v.string(),
  produit: v.string(),
  achats: v.array(v.object({ dateAchat: v.string(), quantite: v.number() })),
  documents: v.object({ technical: v.array(DocumentSchema), sav: v.array(DocumentSchema) }),
});
export type ProductDetail = v.InferOutput<typeof DetailSchema>;

/** Screens show their own loading and error states (`errors: "inline"`); no toast on top. */
export async function listProducts(request: ApiRequest, langue: Locale, signal?: AbortSignal): Promise<Product[]> {
  const answer = v.parse(
    v.object({ items: v.array(ProductSchema) }),
    await request<unknown>("/me/products", { query: { langue }, signal, errors: "inline" }),
  );
  return answer.items;
}

export async function getProduct(request: ApiRequest, codeFamille: string, langue: Locale, signal?: AbortSignal): Promise<ProductDetail> {
  return v.parse(
    DetailSchema,
    await request<unknown>(`/me/products/${encodeURIComponent(codeFamille)}`, { query: { langue }, signal, errors: "inline" }),
  );
}

export function getDocument(request: ApiRequest, id: ProductDocument["id"]): Promise<Blob> {
  return request<Blob>(`/me/documents/${encodeURIComponent(String(id))}`, { as: "blob", errors: "inline" });
}
