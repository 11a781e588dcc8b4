/**
 * The one API client of the page: a small `fetch` wrapper that adds what every call needs (the
 * bearer token, retries of transient failures as `Retry-After` asks, a deadline, RFC 9457
 * problems, download progress) and hands each failure to the error policy. (ofetch did this with
 * hooks; its 4 kB gzip were a tenth of what a footer-only page may add to React.)
 */
import { isPassingOutage, reactionTo, type ErrorIntent } from "./error-policy";
import { ApiError, isCancelled, parseRetryAfter, toProblem } from "./errors";

const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);
/**
 * Transient failures worth another try (0: no answer at all), with the 503 of a passing outage;
 * any other 503 is the maintenance switch, not transient.
 */
const RETRYABLE = new Set([0, 408, 502, 504]);
const MAX_RETRIES = 2;
const MAX_RETRY_WAIT_S = 30;
/**
 * A call with no answer after this long gives up (retries included), so a hung server leaves the
 * screen in its error state with "Try again" rather than a spinner; a customer would not wait
 * longer. A file's download counts until its answer starts (its progress shows after that);
 * uploads, which show their progress, have none.
 */
export const REQUEST_TIMEOUT_MS = 20_000;

export interface RequestOptions extends ErrorIntent {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** An element's own `api-base`; the page's base otherwise. */
  baseUrl?: string;
  /** Extra request headers (the bot-check proof). */
  headers?: Record<string, string>;
  /** Read a successful answer as a file (PDF, ZIP), reporting download progress when asked. */
  as?: "blob";
  onProgress?: (loaded: number, total: number | null) => void;
  /** Report the upload's progress (a file sent as the body): the request then goes by XMLHttpRequest. */
  onUploadProgress?: (loaded: number, total: number | null) => void;
}

export interface ApiDeps {
  baseUrl: () => string;
  token: () => string | null;
  locale: () => string;
  /** 401, 413 or 429: the session ends (SPEC §4). `authenticated`: a call the screen needed carried the token. */
  onDisconnect: (status: number, authenticated: boolean) => void;
  onMaintenance: () => void;
  /** Any other failure: SPEC §8's generic toast, with the server's message when there is one. */
  onFailure: (error: ApiError) => void;
  /** Awaited before every call that carries the bearer token (session restore or refresh). */
  beforeAuthenticated?: (options: RequestOptions) => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  fetchImpl?: (input: string, init: RequestInit) => Promise<Response>;
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

/** Sent with every call, whichever way it goes (the upload with progress too). */
export const BASE_HEADERS = { Accept: "application/json, application/problem+json", "X-Requested-With": "macc" } as const;

export function createApiClient(deps: ApiDeps): ApiClient {
  const sleep = deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));

  function report(error: ApiError, call: RequestOptions): void {
    const reaction = reactionTo(error.status, call, error.problem.type);
    if (reaction.disconnect) deps.onDisconnect(error.status, reaction.disconnect.authenticated);
    if (reaction.maintenance) deps.onMaintenance();
    if (reaction.toast) deps.onFailure(error);
  }

  /**
   * One attempt: the answer's data, or the failure as an `ApiError`. A cancellation is rethrown as
   * it is, never reported. A file is read after the deadline's end (`answered`), as a stream, so
   * that a long download can show its progress.
   */
  async function attempt(
    url: string,
    init: RequestInit,
    call: RequestOptions,
    answered: () => void,
  ): Promise<{ data: unknown } | ApiError> {
    const headers = new Headers(init.headers);
    // Read at each attempt: a refresh between two attempts brings a new token.
    const token = call.anonymous ? null : deps.token();
    if (token) headers.set("Authorization", `Bearer ${token}`);
    let response: Response;
    try {
      response = await (deps.fetchImpl ?? fetch)(url, { ...init, headers });
      if (response.ok && call.as !== "blob") return { data: await readData(response) };
    } catch (error) {
      if (isCancelled(error)) throw error;
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      return new ApiError(0, { status: 0, title: timedOut ? "No answer in time" : "Network error" });
    }
    if (response.ok) {
      answered();
      return { data: await readBlob(response, call.onProgress) };
    }
    const problem = toProblem(response.status, await readBody(response), response.statusText);
    return new ApiError(response.status, problem, parseRetryAfter(response.headers.get("Retry-After")));
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    if (!options.anonymous) await deps.beforeAuthenticated?.(options);
    const url = new URL(options.baseUrl || deps.baseUrl(), location.href).href.replace(/\/+$/, "") + path + queryString(options.query);
    if (options.onUploadProgress) {
      // Its own module: only the pages that upload download it.
      const { sendWithProgress } = await import("./upload");
      const token = options.anonymous ? null : deps.token();
      return sendWithProgress<T>(url, { ...options, onUploadProgress: options.onUploadProgress }, { token, locale: deps.locale(), report });
    }
    const method = options.method ?? "GET";
    // One signal for the caller's cancellation (never reported) and the deadline (reported, not
    // retried). A timer rather than AbortSignal.timeout/any: the page's clock (a test's too) runs it,
    // and older browsers lack `any`.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException("No answer in time", "TimeoutError")), REQUEST_TIMEOUT_MS);
    const cancel = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) cancel();
    else options.signal?.addEventListener("abort", cancel);
    const json = options.body !== undefined && !(options.body instanceof Blob || options.body instanceof FormData);
    const init: RequestInit = {
      method,
      credentials: "include",
      headers: { ...BASE_HEADERS, "X-langue": deps.locale(), ...(json && { "Content-Type": "application/json" }), ...options.headers },
      body: json ? JSON.stringify(options.body) : (options.body as BodyInit | undefined),
      signal: controller.signal,
    };
    try {
      for (let retriesLeft = IDEMPOTENT.has(method) ? MAX_RETRIES : 0; ; retriesLeft--) {
        const outcome = await attempt(url, init, options, () => clearTimeout(timer));
        if (!(outcome instanceof ApiError)) return outcome.data as T;
        const transient = RETRYABLE.has(outcome.status) || isPassingOutage(outcome.status, outcome.problem.type);
        if (!transient || retriesLeft === 0 || controller.signal.aborted) {
          report(outcome, options);
          throw outcome;
        }
        const wait = outcome.retryAfter ?? 0.3 * 2 ** (MAX_RETRIES - retriesLeft);
        await sleep(Math.min(wait, MAX_RETRY_WAIT_S) * 1000);
      }
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

/** `?a=1&b=x` from the defined values, or nothing. */
function queryString(query: RequestOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.append(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A successful answer's data: JSON when the server says so, else its text; nothing for an empty body. */
async function readData(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  return /json/i.test(response.headers.get("Content-Type") ?? "") ? JSON.parse(text) : text;
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

/** A failed answer's body, for its problem: JSON when the server says so, else text. */
async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get("Content-Type") ?? "";
  if (!/json/i.test(type)) return response.text().catch(() => undefined);
  return response.json().catch(() => undefined);
}
