/**
 * What a call to the API is, whichever way it goes: the client's ofetch instance (src/core/api.ts)
 * or, for an upload that shows its progress, XMLHttpRequest (src/core/upload.ts). Both ways read
 * its options, address and headers from here, so neither imports the other.
 */
import type { ErrorIntent } from "./error-policy";
import type { ApiError } from "./errors";

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

/** The client's error policy for a failed call: logout, maintenance screen or toast, as the status and the call's intent say. */
export type ReportFailure = (error: ApiError, options: RequestOptions) => void;

/** The call's address: the base (relative to the page, trailing slashes dropped), the path and `?a=1&b=x` from the defined query values. */
export function callUrl(base: string, path: string, query: RequestOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.append(name, String(value));
  const search = params.toString();
  return new URL(base, location.href).href.replace(/\/+$/, "") + path + (search ? `?${search}` : "");
}

/**
 * The headers of every call: what the API requires of a browser call (`X-Requested-With`), the
 * language of its messages, the bearer token unless the call is anonymous, then the call's own
 * (an element in another language sends its own `X-langue`).
 */
export function callHeaders(locale: string, token: string | null, own?: Record<string, string>): Record<string, string> {
  return {
    Accept: "application/json, application/problem+json",
    "X-Requested-With": "macc",
    "X-langue": locale,
    ...(token && { Authorization: `Bearer ${token}` }),
    ...own,
  };
}
