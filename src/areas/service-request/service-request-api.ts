import type { ApiRequest } from "../../core/api";
import { serviceRequestMessagePath, SUBMISSION_PATHS } from "../../core/offline";
import { IDEMPOTENCY_KEY_HEADER, sendWhileInProgress, spendSubmissionKey, submissionKey } from "../../core/idempotency";
import type { ProductDetail } from "../../contract/products";
import type { ServiceRequest, ServiceRequestAnswer, ServiceRequestMessage, ServiceRequestTimeline } from "../../contract/service-request";
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
  return submissionKey(SUBMISSION_SLOT, [...owner, SUBMISSION_PATHS["service-request"], body]);
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
 * Sends a submission once: the same one from the same company keeps its idempotency key (under
 * `slot`) until it is recorded, so a retry after a lost answer (or a reload) does not make it twice.
 */
async function sendOnce<S extends v.GenericSchema>(
  request: ApiRequest,
  slot: string,
  path: string,
  body: unknown,
  owner: readonly [account: string | null, company: string | null],
  schema: S,
): Promise<v.InferOutput<S>> {
  const key = submissionKey(slot, [...owner, path, body]);
  const answer = await sendWhileInProgress(() =>
    request<unknown>(path, { method: "POST", body: body as object, headers: { [IDEMPOTENCY_KEY_HEADER]: key }, errors: "inline" }),
  );
  spendSubmissionKey(slot);
  return v.parse(schema, answer);
}

/** Sends the request once (see `sendOnce`). */
export function sendServiceRequest(
  request: ApiRequest,
  body: ServiceRequest,
  owner: readonly [account: string | null, company: string | null],
): Promise<ServiceRequestAnswer> {
  return sendOnce(request, SUBMISSION_SLOT, SUBMISSION_PATHS["service-request"], body, owner, Answer);
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

/** Where the key of the message being sent is kept (the tab's session storage). */
const MESSAGE_SLOT = "macc:service-request-message-submission";

/** The idempotency key of a message on `reference`: the one a first attempt sent (see `serviceRequestKey`). */
export function messageKey(
  reference: string,
  body: ServiceRequestMessage,
  owner: readonly [account: string | null, company: string | null],
): string {
  return submissionKey(MESSAGE_SLOT, [...owner, serviceRequestMessagePath(reference), body]);
}

/** The message is recorded, or saved on the device with its key: the next one gets a new key. */
export function spendMessageKey(): void {
  spendSubmissionKey(MESSAGE_SLOT);
}

/** Writes to the after-sales service on an open request, with photos or a video, once (see `sendOnce`). */
export function sendMessage(
  request: ApiRequest,
  reference: string,
  body: ServiceRequestMessage,
  owner: readonly [account: string | null, company: string | null],
): Promise<ServiceRequestTimeline> {
  return sendOnce(request, MESSAGE_SLOT, serviceRequestMessagePath(reference), body, owner, Timeline);
}

/** A photo or a video of the account's request (the `url` of its answer), read with the session to show in the page. */
export function getMedia(request: ApiRequest, url: string, signal?: AbortSignal): Promise<Blob> {
  return request<Blob>(url.replace(/^\/api(?=\/)/, ""), { as: "blob", signal, errors: "inline" });
}
