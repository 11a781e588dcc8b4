import type { ApiRequest } from "../../core/api";
import { SUBMISSION_PATHS } from "../../core/offline";
import { IDEMPOTENCY_KEY_HEADER, sendWhileInProgress, spendSubmissionKey, submissionKey } from "../../core/idempotency";
import type { ProductDetail } from "../../contract/products";
import type { ServiceRequest, ServiceRequestAnswer, ServiceRequestTimeline } from "../../contract/service-request";
import {
  PhotoUploadAnswer,
  ServiceRequestAnswer as Answer,
  ServiceRequestList,
  ServiceRequestTimeline as Timeline,
  VideoUploadAnswer,
} from "../../contract/service-request";
import * as v from "valibot";

/** Where the key of the request being sent is kept (the tab's session storage). */
const SUBMISSION_SLOT = "macc:service-request-submission";

/**
 * The idempotency key of this request: the one a first attempt sent, so a request saved on the
 * device after a lost answer is replayed with it (then its key is spent: `spendServiceRequestKey`).
 */
export function serviceRequestKey(body: ServiceRequest, owner: readonly [account: string | null, company: string | null]): string {
  return submissionKey(SUBMISSION_SLOT, [...owner, body]);
}

/** The request is recorded, or saved on the device with its key: the next one gets a new key. */
export function spendServiceRequestKey(): void {
  spendSubmissionKey(SUBMISSION_SLOT);
}

/** The family's machines (its purchases), to prefill and to choose from. */
export function getFamily(request: ApiRequest, family: string, locale: string, signal?: AbortSignal): Promise<ProductDetail> {
  return request<ProductDetail>(`/me/products/${encodeURIComponent(family)}`, { query: { langue: locale }, signal, errors: "inline" });
}

/** One photo (the resized image) or the video as the body: its own request, so its progress shows. */
export async function uploadMedia(
  request: ApiRequest,
  media: "photo" | "video",
  file: Blob,
  onProgress: (loaded: number, total: number | null) => void,
  signal?: AbortSignal,
): Promise<string> {
  const answer = await request<unknown>(SUBMISSION_PATHS[`service-request-${media}`], {
    method: "POST",
    body: file,
    onUploadProgress: onProgress,
    signal,
    errors: "inline",
  });
  return v.parse(media === "photo" ? PhotoUploadAnswer : VideoUploadAnswer, answer).id;
}

/**
 * Sends the request once: the same request from the same company keeps its idempotency key until it
 * is recorded, so a retry after a lost answer (or a reload) does not make it twice.
 */
export async function sendServiceRequest(
  request: ApiRequest,
  body: ServiceRequest,
  owner: readonly [account: string | null, company: string | null],
): Promise<ServiceRequestAnswer> {
  const key = serviceRequestKey(body, owner);
  const answer = await sendWhileInProgress(() =>
    request<unknown>(SUBMISSION_PATHS["service-request"], {
      method: "POST",
      body,
      headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      errors: "inline",
    }),
  );
  spendServiceRequestKey();
  return v.parse(Answer, answer);
}

/** The company's requests made by the account, newest first: open, closed or all. */
export async function listServiceRequests(request: ApiRequest, state: "open" | "closed" | "all", signal?: AbortSignal) {
  const answer = await request<unknown>("/me/service-requests", { query: { state }, signal, errors: "inline" });
  return v.parse(ServiceRequestList, answer);
}

/** One request's timeline, oldest first. */
export async function getTimeline(request: ApiRequest, reference: string, signal?: AbortSignal): Promise<ServiceRequestTimeline> {
  const answer = await request<unknown>(`/me/service-requests/${encodeURIComponent(reference)}/timeline`, { signal, errors: "inline" });
  return v.parse(Timeline, answer);
}

/** Cancels a request not yet scheduled (once: a second call answers the timeline as it is). */
export async function cancelServiceRequest(request: ApiRequest, reference: string): Promise<ServiceRequestTimeline> {
  const answer = await request<unknown>(`/me/service-requests/${encodeURIComponent(reference)}/cancel`, {
    method: "POST",
    errors: "inline",
  });
  return v.parse(Timeline, answer);
}

/** Writes to the after-sales service on an open request. */
export async function sendMessage(request: ApiRequest, reference: string, message: string): Promise<ServiceRequestTimeline> {
  const answer = await request<unknown>(`/me/service-requests/${encodeURIComponent(reference)}/messages`, {
    method: "POST",
    body: { message },
    errors: "inline",
  });
  return v.parse(Timeline, answer);
}
