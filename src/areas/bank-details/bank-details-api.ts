import * as v from "valibot";
import type { ApiRequest } from "../../core/api";
import { RIB_TYPES } from "../../core/rib";

const VersionSchema = v.object({
  id: v.string(),
  iban: v.string(),
  intitule: v.string(),
  submittedAt: v.string(),
  validatedAt: v.nullable(v.string()),
  document: v.nullable(v.object({ name: v.string(), type: v.picklist(RIB_TYPES), size: v.number() })),
});
export type BankDetailsVersion = v.InferOutput<typeof VersionSchema>;

const BankDetailsSchema = v.object({
  inForce: v.nullable(VersionSchema),
  pending: v.nullable(VersionSchema),
  limits: v.object({ maxBytes: v.number(), types: v.array(v.picklist(RIB_TYPES)) }),
});
export type BankDetails = v.InferOutput<typeof BankDetailsSchema>;

/** The screen shows its own error state; no toast on top. */
export async function getBankDetails(request: ApiRequest, signal?: AbortSignal): Promise<BankDetails> {
  return v.parse(BankDetailsSchema, await request<unknown>("/me/bank-details", { signal, errors: "inline" }));
}

export interface BankDetailsChange {
  iban: string;
  intitule: string;
  rib: File;
}

/** The change and its RIB in one form, sent with its progress; the form shows every failure. */
export async function sendChange(
  request: ApiRequest,
  change: BankDetailsChange,
  onUploadProgress: (loaded: number, total: number | null) => void,
): Promise<BankDetailsVersion> {
  const body = new FormData();
  body.set("iban", change.iban);
  body.set("intitule", change.intitule);
  body.set("rib", change.rib);
  const answer = await request<unknown>("/me/bank-details", { method: "POST", body, onUploadProgress, errors: "inline" });
  return v.parse(v.object({ pending: VersionSchema }), answer).pending;
}

/** A failed download is said beside its button. */
export function downloadRib(request: ApiRequest, id: string): Promise<Blob> {
  return request<Blob>(`/me/bank-details/${encodeURIComponent(id)}/rib`, { as: "blob", errors: "inline" });
}
