/**
 * The one API client of the page: an ofetch instance whose hooks add what every call needs (the
 * bearer token, retries of transient failures as `Retry-After` asks, RFC 9457 problems, download
 * progress) and hand each failure to the error policy.
 */
import { ofetch, type FetchContext, type FetchOptions } from "ofetch";
import { reactionTo, type ErrorIntent } from "./error-policy";
import { ApiError, isCancelled, parseRetryAfter, toProblem } from "./errors";

const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);
/** Transient failures worth another try (0: no answer at all); 503 is the maintenance switch, not transient. */
const RETRYABLE = new Set([0, 408, 502, 504]);
/** ofetch counts a request that got no answer as a 500; a real 500 never gets that far (see `retryOrFail`). */
const OFETCH_NO_ANSWER = 500;
const MAX_RETRIES = 2;
const MAX_RETRY_WAIT_S = 30;

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

/** ofetch's options, with the caller's own riding along for the hooks. */
type CallOptions = FetchOptions<"json" | "stream"> & { call: RequestOptions };
const callOf = (context: FetchContext): RequestOptions => (context.options as unknown as CallOptions).call;

export function createApiClient(deps: ApiDeps): ApiClient {
  const sleep = deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));

  /** Waits and lets ofetch send the request again, or hands the failure to the error policy and throws it. */
  async function retryOrFail(context: FetchContext, error: ApiError): Promise<void> {
    const { retry, signal } = context.options;
    const retriesLeft = typeof retry === "number" ? retry : 0;
    if (RETRYABLE.has(error.status) && retriesLeft > 0 && !signal?.aborted) {
      const wait = error.retryAfter ?? 0.3 * 2 ** (MAX_RETRIES - retriesLeft);
      await sleep(Math.min(wait, MAX_RETRY_WAIT_S) * 1000);
      return;
    }
    report(error, callOf(context));
    throw error;
  }

  function report(error: ApiError, call: RequestOptions): void {
    const reaction = reactionTo(error.status, call);
    if (reaction.disconnect) deps.onDisconnect(error.status, reaction.disconnect.authenticated);
    if (reaction.maintenance) deps.onMaintenance();
    if (reaction.toast) deps.onFailure(error);
  }

  const client = ofetch.create(
    {
      credentials: "include",
      headers: BASE_HEADERS,
      retryDelay: 0,
      retryStatusCodes: [...RETRYABLE, OFETCH_NO_ANSWER],
      // Read at each attempt: a refresh between two attempts brings a new token.
      onRequest(context) {
        const token = callOf(context).anonymous ? null : deps.token();
        if (token) context.options.headers.set("Authorization", `Bearer ${token}`);
      },
      async onRequestError(context) {
        // Cancelled (element gone, superseded search): rejected as it is, never reported.
        if (isCancelled(context.error)) throw context.error;
        await retryOrFail(context, new ApiError(0, { status: 0, title: "Network error" }));
      },
      // A file is read here, as a stream, so that a long download can show its progress.
      async onResponse(context) {
        const { as, onProgress } = callOf(context);
        if (as === "blob" && context.response.ok) context.response._data = await readBlob(context.response, onProgress);
      },
      async onResponseError(context) {
        const { response, options } = context;
        const body: unknown = options.responseType === "stream" ? await readBody(response) : response._data;
        const problem = toProblem(response.status, body, response.statusText);
        await retryOrFail(context, new ApiError(response.status, problem, parseRetryAfter(response.headers.get("Retry-After"))));
      },
    },
    // The page's `fetch` looked up at each call, so that a test (or a polyfill) can replace it.
    { fetch: (input, init) => (deps.fetchImpl ?? fetch)(input as string, init ?? {}) },
  );

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    if (!options.anonymous) await deps.beforeAuthenticated?.(options);
    // Absolute, as `new URL` makes it: ofetch only joins the base and the path.
    const baseURL = new URL(options.baseUrl || deps.baseUrl(), location.href).href;
    if (options.onUploadProgress) {
      // Its own module: only the pages that upload download it.
      const { sendWithProgress } = await import("./upload");
      const token = options.anonymous ? null : deps.token();
      return sendWithProgress<T>(
        baseURL.replace(/\/+$/, "") + path,
        { ...options, onUploadProgress: options.onUploadProgress },
        { token, locale: deps.locale(), report },
      );
    }
    const method = options.method ?? "GET";
    const fetchOptions: CallOptions = {
      call: options,
      method,
      baseURL,
      query: options.query,
      body: options.body as FetchOptions["body"],
      headers: { "X-langue": deps.locale(), ...options.headers },
      signal: options.signal,
      retry: IDEMPOTENT.has(method) ? MAX_RETRIES : 0,
      // Files are read by `onResponse`, the rest as JSON (problem+json included) or text.
      responseType: options.as === "blob" ? "stream" : undefined,
    };
    return (await client<T>(path, fetchOptions as FetchOptions<"json">)) as T;
  }

  function toastFailure(error: unknown): void {
    if (error instanceof ApiError && reactionTo(error.status).toast) deps.onFailure(error);
  }

  return { request, toastFailure };
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

/** The problem of a failed file request (its body was left unread for streaming): JSON when the server says so, else text. */
async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get("Content-Type") ?? "";
  if (!/json/i.test(type)) return response.text().catch(() => undefined);
  return response.json().catch(() => undefined);
}
