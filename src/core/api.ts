/**
 * The one API client of the page. A plain `fetch` wrapper rather than ofetch: ofetch and its
 * URL helpers cost 4 kB gzip, a twentieth of the footer-only page's 80 kB budget.
 */
import { ApiError, DISCONNECT_STATUSES, isCancelled, parseRetryAfter, toProblem } from "./errors";

const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);
/** Transient answers worth another try; 503 is the maintenance switch, not transient. */
const RETRYABLE = new Set([408, 502, 504]);
const MAX_RETRIES = 2;
const MAX_RETRY_WAIT_S = 30;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Statuses the caller shows itself (e.g. 401 on the login form): no generic toast for them. */
  expected?: readonly number[];
  /** An element's own `api-base`; the page's base otherwise. */
  baseUrl?: string;
  /** Extra request headers (the bot-check proof). */
  headers?: Record<string, string>;
  /** Read a successful answer as a file (PDF, ZIP), reporting download progress when asked. */
  as?: "blob";
  onProgress?: (loaded: number, total: number | null) => void;
  /** A bonus on a public page (the adviser on the contact page): a lapsed session does not send the customer to login. */
  optional?: boolean;
  /** Skip the bearer token (session endpoints rely on the HttpOnly cookie). */
  anonymous?: boolean;
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
}

export function createApiClient(deps: ApiDeps): ApiClient {
  const sleep = deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  const doFetch = deps.fetchImpl ?? ((input, init) => fetch(input, init));

  async function once<T>(path: string, options: RequestOptions): Promise<T> {
    const token = options.anonymous ? null : deps.token();
    const url = new URL((options.baseUrl || deps.baseUrl()) + path, location.href);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      Accept: "application/json, application/problem+json",
      "X-langue": deps.locale(),
      "X-Requested-With": "macc",
    };
    Object.assign(headers, options.headers);
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers["Content-Type"] = "application/json";

    let response: Response;
    try {
      response = await doFetch(url.href, {
        method: options.method ?? "GET",
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
        credentials: "include",
      });
    } catch (error) {
      if (isCancelled(error)) throw error;
      // No answer at all (offline, DNS, CORS): status 0.
      throw new ApiError(0, { status: 0, title: "Network error" });
    }
    if (response.ok && options.as === "blob") return (await readBlob(response, options.onProgress)) as T;
    const body = await readBody(response);
    if (!response.ok) {
      throw new ApiError(
        response.status,
        toProblem(response.status, body, response.statusText),
        parseRetryAfter(response.headers.get("Retry-After")),
      );
    }
    return body as T;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    if (!options.anonymous) await deps.beforeAuthenticated?.(options);
    const idempotent = IDEMPOTENT.has(options.method ?? "GET");
    for (let attempt = 0; ; attempt++) {
      try {
        return await once<T>(path, options);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const transient = error.status === 0 || RETRYABLE.has(error.status);
        if (idempotent && transient && attempt < MAX_RETRIES && !options.signal?.aborted) {
          const wait = error.retryAfter ?? 0.3 * 2 ** attempt;
          await sleep(Math.min(wait, MAX_RETRY_WAIT_S) * 1000);
          continue;
        }
        report(error, options);
        throw error;
      }
    }
  }

  function report(error: ApiError, options: RequestOptions): void {
    if (DISCONNECT_STATUSES.has(error.status)) deps.onDisconnect(error.status, !options.anonymous && !options.optional);
    // A lapsed session sends the user to login; a toast on top would only repeat it.
    if (error.status === 401 && !options.expected?.includes(401)) return;
    if (error.status === 503) {
      deps.onMaintenance();
      return;
    }
    if (options.expected?.includes(error.status)) return;
    deps.onFailure(error);
  }

  return { request };
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

/** JSON when the server says so (including problem+json), nothing for 204, text otherwise. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get("Content-Type") ?? "";
  if (!/json/i.test(type)) return response.text().catch(() => undefined);
  return response.json().catch(() => undefined);
}
