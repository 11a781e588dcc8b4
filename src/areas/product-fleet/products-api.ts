import * as v from "valibot";
import { ProductDetail, ProductList, type Product, type ProductDocument } from "../../contract/products";
import type { ApiRequest } from "../../core/api";
import type { Locale } from "../../contract/constants";

/** Screens show their own loading and error states (`errors: "inline"`); no toast on top. */
export async function listProducts(request: ApiRequest, langue: Locale, signal?: AbortSignal): Promise<Product[]> {
  return v.parse(ProductList, await request<unknown>("/me/products", { query: { langue }, signal, errors: "inline" })).items;
}

export async function getProduct(request: ApiRequest, codeFamille: string, langue: Locale, signal?: AbortSignal): Promise<ProductDetail> {
  return v.parse(
    ProductDetail,
    await request<unknown>(`/me/products/${encodeURIComponent(codeFamille)}`, { query: { langue }, signal, errors: "inline" }),
  );
}

export function getDocument(request: ApiRequest, id: ProductDocument["id"]): Promise<Blob> {
  return request<Blob>(`/me/documents/${encodeURIComponent(String(id))}`, { as: "blob", errors: "inline" });
}
