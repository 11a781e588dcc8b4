import * as v from "valibot";
import { ProductDetail, ProductList, type Product, type ProductDocument } from "../../contract/products";
import type { ApiRequest } from "../../core/api";
import type { Locale } from "../../contract/constants";
import { ServiceRequestList } from "../../contract/service-request";

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

/**
 * The company's open service requests (newest first), to show each machine's on its line. A bonus
 * of the list: when it cannot be read, the lines show none (`errors: "inline"`, an empty answer).
 */
export async function listOpenServiceRequests(request: ApiRequest, signal?: AbortSignal): Promise<ServiceRequestList["requests"]> {
  try {
    return v.parse(
      ServiceRequestList,
      await request<unknown>("/me/service-requests", { query: { state: "open" }, signal, errors: "inline" }),
    ).requests;
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}
