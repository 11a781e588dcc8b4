import { FetchError, ofetch } from "ofetch";
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
  /** Skip the bearer token (session endpoints rely on the HttpOnly cookie). */
  anonymous?: boolean;
}

export interface ApiDeps {
  baseUrl: () => string;
  token: () => string | null;
  locale: () => string;
  /** 401, 413 or 429: the session ends (SPEC §4). */
  onDisconnect: (status: number) => void;
  onMaintenance: () => void;
  /** Any other failure: SPEC §8's generic toast, with the server's message when there is one. */
  onFailure: (error: ApiError) => void;
  sleep?: (ms: number) => Promise<void>;
  fetchImpl?: typeof fetch;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
}

export function createApiClient(deps: ApiDeps): ApiClient {
  const sleep = deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  const $fetch = ofetch.create({ retry: false, credentials: "include", ...(deps.fetchImpl ? { fetch: deps.fetchImpl } : {}) });

  async function once<T>(path: string, options: RequestOptions): Promise<T> {
    const token = options.anonymous ? null : deps.token();
    try {
      return await $fetch<T>(path, {
        baseURL: options.baseUrl || deps.baseUrl(),
        method: options.method ?? "GET",
        body: options.body as Record<string, unknown> | undefined,
        query: options.query,
        signal: options.signal,
        headers: {
          Accept: "application/json, application/problem+json",
          "X-langue": deps.locale(),
          "X-Requested-With": "macc",
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      });
    } catch (error) {
      if (isCancelled(error)) throw error;
      if (error instanceof FetchError && error.response) {
        const status = error.response.status;
        throw new ApiError(
          status,
          toProblem(status, error.data, error.response.statusText),
          parseRetryAfter(error.response.headers.get("Retry-After")),
        );
      }
      // No answer at all (offline, DNS, CORS): status 0.
      throw new ApiError(0, { status: 0, title: "Network error" });
    }
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
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
    if (DISCONNECT_STATUSES.has(error.status)) deps.onDisconnect(error.status);
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
