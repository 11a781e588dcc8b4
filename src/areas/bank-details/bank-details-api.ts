import * as v from "valibot";
import { BankDetailsAnswer, BankDetailsChangeAnswer, type BankDetailsChange, type BankDetailsVersion } from "../../contract/bank-details";
import type { ApiRequest } from "../../core/api";

/** The screen shows its own error state; no toast on top. */
export async function getBankDetails(request: ApiRequest, signal?: AbortSignal): Promise<BankDetailsAnswer> {
  return v.parse(BankDetailsAnswer, await request<unknown>("/me/bank-details", { signal, errors: "inline" }));
}

/** The change and its RIB in one form, sent with its progress; the form shows every failure. */
export async function sendChange(
  request: ApiRequest,
  change: v.InferOutput<typeof BankDetailsChange> & { rib: File },
  onUploadProgress: (loaded: number, total: number | null) => void,
): Promise<BankDetailsVersion> {
  const body = new FormData();
  body.set("iban", change.iban);
  body.set("intitule", change.intitule);
  body.set("rib", change.rib);
  const answer = await request<unknown>("/me/bank-details", { method: "POST", body, onUploadProgress, errors: "inline" });
  return v.parse(BankDetailsChangeAnswer, answer).pending;
}

/** A failed download is said beside its button. */
export function downloadRib(request: ApiRequest, id: string): Promise<Blob> {
  return request<Blob>(`/me/bank-details/${encodeURIComponent(id)}/rib`, { as: "blob", errors: "inline" });
}
