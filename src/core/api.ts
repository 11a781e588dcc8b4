/**
 * The one API client of the page: an ofetch instance (the design card's client) whose hooks add
 * what every call needs (the headers and the bearer token at each attempt, RFC 9457 problems,
 * retries of transient failures as `Retry-After` asks) and hand each failure to the error policy.
 * Around it: a deadline over all the attempts, cancellation, and file downloads with progress.
 */
import { ofetch, type FetchContext, type FetchOptions, type FetchResponse } from "ofetch";
import { callHeaders, callUrl, type ReportFailure, type RequestOptions } from "./api-call";
import { isPassingOutage, reactionTo } from "./error-policy";
import { ApiError, answerError, isCancelled, maintenanceEnd, noAnswerError, parseRetryAfter } from "./errors";

export type { RequestOptions } from "./api-call";

const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);
/**
 * Transient failures worth another try (0: no answer at all), with the 503 of a passing outage;
 * any other 503 is the maintenance switch, not transient.
 */
const RETRYABLE = new Set([0, 408, 502, 504]);
/**
 * ofetch retries only the statuses it is given, and counts no answer as 500. The hooks throw every
 * failure that is not transient, so this only has to let through those they keep.
 */
const OFETCH_RETRY_STATUSES = [...RETRYABLE, 500, 503];
const MAX_RETRIES = 2;
const MAX_RETRY_WAIT_S = 30;
/**
 * A call with no answer after this long gives up (retries included), so a hung server leaves the
 * screen in its error state with "Try again" rather than a spinner; a customer would not wait
 * longer. A file's download counts until its answer starts (its progress shows after that);
 * uploads, which show their progress, have none.
 */
export const REQUEST_TIMEOUT_MS = 20_000;

export interface ApiDeps {
  baseUrl: () => string;
  token: () => string | null;
  locale: () => string;
  /** 401, 413 or 429: the session ends (SPEC §4). `authenticated`: a call the screen needed carried the token. */
  onDisconnect: (status: number, authenticated: boolean) => void;
  /** The maintenance switch (a 503 that is not a passing outage), with its announced end when it has one. */
  onMaintenance: (expectedEnd: string | null) => void;
  /** Any other failure: SPEC §8's generic toast, with the server's message when there is one. */
  onFailure: (error: ApiError) => void;
  /** Awaited before every call that carries the bearer token (session restore or refresh). */
  beforeAuthenticated?: (options: RequestOptions) => Promise<void>;
  /** The page's `fetch` otherwise. */
  fetchImpl?: typeof fetch;
}

/** An element's request function (its own api-base), as the areas' API modules take it. */
export type ApiRequest = <T>(path: string, options?: RequestOptions) => Promise<T>;

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * The generic toast, as the error policy has it, for a failure a reader got from a read it
   * shared: the read is made once, quietly, for every element that needs the data, and only the
   * elements that show the data report its failure.
   */
  toastFailure(error: unknown): void;
}

/** Before another try: as `Retry-After` says, else a doubling back-off from 0.3 s; never over 30 s. */
function retryDelayMs({ response, options }: FetchContext): number {
  const backoff = 0.3 * 2 ** (MAX_RETRIES - (options.retry || 0));
  return Math.min(parseRetryAfter(response?.headers.get("Retry-After") ?? null) ?? backoff, MAX_RETRY_WAIT_S) * 1000;
}

export function createApiClient(deps: ApiDeps): ApiClient {
  const $api = ofetch.create(
    { credentials: "include", retryStatusCodes: OFETCH_RETRY_STATUSES, retryDelay: retryDelayMs },
    deps.fetchImpl && { fetch: deps.fetchImpl },
  );

  const report: ReportFailure = (error, call) => {
    const reaction = reactionTo(error.status, call, error.problem.type);
    if (reaction.disconnect) deps.onDisconnect(error.status, reaction.disconnect.authenticated);
    if (reaction.maintenance) deps.onMaintenance(maintenanceEnd(error.problem));
    if (reaction.toast) deps.onFailure(error);
  };

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    if (!options.anonymous) await deps.beforeAuthenticated?.(options);
    const url = callUrl(options.baseUrl || deps.baseUrl(), path, options.query);
    // Read at each attempt: a refresh between two attempts brings a new token.
    const headers = () => callHeaders(deps.locale(), options.anonymous ? null : deps.token(), options.headers);
    if (options.onUploadProgress) {
      // Its own module: only the pages that upload download it.
      const { sendWithProgress } = await import("./upload");
      return sendWithProgress<T>(url, { ...options, onUploadProgress: options.onUploadProgress }, { headers: headers(), report });
    }
    const method = options.method ?? "GET";
    // One signal for the caller's cancellation (never reported) and the deadline (reported, not
    // retried). A timer rather than ofetch's `timeout` (one per attempt, and only without a signal)
    // or AbortSignal.timeout/any: the page's clock (a test's too) runs it, and older browsers lack `any`.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException("No answer in time", "TimeoutError")), REQUEST_TIMEOUT_MS);
    const cancel = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) cancel();
    else options.signal?.addEventListener("abort", cancel);

    /** A failed attempt: left to ofetch's next try while it is transient and tries are left, else the call's failure. */
    async function settle({ error, response, options: attempt }: FetchContext): Promise<void> {
      // A cancellation goes back to the caller as it came.
      if (!response && isCancelled(error)) throw error;
      const failure = response
        ? answerError(response.status, await problemBody(response, options), response.statusText, response.headers.get("Retry-After"))
        : noAnswerError(error?.name === "TimeoutError");
      const transient = RETRYABLE.has(failure.status) || isPassingOutage(failure.status, failure.problem.type);
      if (!transient || !attempt.retry || controller.signal.aborted) throw failure;
    }

    try {
      let response: FetchResponse<unknown>;
      try {
        response = await $api.raw(url, {
          method,
          body: options.body as FetchOptions["body"],
          signal: controller.signal,
          retry: IDEMPOTENT.has(method) ? MAX_RETRIES : 0,
          // A file is read below, as a stream, so that a long download can show its progress.
          responseType: options.as === "blob" ? "stream" : undefined,
          onRequest: ({ options: attempt }) => {
            attempt.headers = new Headers(headers());
          },
          onRequestError: settle,
          onResponseError: settle,
        });
      } catch (error) {
        // An answer that broke off while it was read is no answer.
        const failure = error instanceof ApiError || isCancelled(error) ? error : noAnswerError(controller.signal.aborted);
        if (failure instanceof ApiError) report(failure, options);
        throw failure;
      }
      // The answer has started: a file's download is not cut by the deadline.
      clearTimeout(timer);
      return (options.as === "blob" ? await readBlob(response, options.onProgress) : response._data) as T;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", cancel);
    }
  }

  function toastFailure(error: unknown): void {
    if (error instanceof ApiError && reactionTo(error.status, {}, error.problem.type).toast) deps.onFailure(error);
  }

  return { request, toastFailure };
}

/** A failed answer's body, for its problem: as ofetch read it (JSON when the server says so, else text), or from the stream of a file call. */
async function problemBody(response: FetchResponse<unknown>, call: RequestOptions): Promise<unknown> {
  if (call.as !== "blob") return response._data;
  const type = response.headers.get("Content-Type") ?? "";
  return (/json/i.test(type) ? response.json() : response.text()).catch(() => undefined);
}

/** A file answer, streamed so that a long download can show its progress. */
async function readBlob(response: Response, onProgress?: (loaded: number, total: number | null) => void): Promise<Blob> {
  const type = response.headers.get("Content-Type") ?? "application/octet-stream";
  if (!onProgress || !response.body) return response.blob();
  const length = Number(response.headers.get("Content-Length"));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress(loaded, total);
  }
  return new Blob(chunks as BlobPart[], { type });
}
