/**
 * A request whose upload reports its progress, for the API client (`onUploadProgress`): fetch
 * cannot (a streamed request body needs HTTP/2), so it goes by XMLHttpRequest, with the client's
 * headers and its error policy (`report`). Never retried: uploads are not idempotent.
 */
import { BASE_HEADERS, type RequestOptions } from "./api";
import { ApiError, parseRetryAfter, toProblem } from "./errors";

export interface UploadContext {
  /** The bearer token, or null for an anonymous call. */
  token: string | null;
  locale: string;
  /** The client's error policy: logout, maintenance or toast, as the status and the call's intent say. */
  report: (error: ApiError, options: RequestOptions) => void;
}

type UploadOptions = RequestOptions & Required<Pick<RequestOptions, "onUploadProgress">>;

export function sendWithProgress<T>(url: string, options: UploadOptions, { token, locale, report }: UploadContext): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? "POST", url);
    xhr.withCredentials = true;
    const headers: Record<string, string> = {
      ...BASE_HEADERS,
      "X-langue": locale,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...options.headers,
    };
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => options.onUploadProgress(event.loaded, event.lengthComputable ? event.total : null);
    const fail = (error: ApiError) => {
      report(error, options);
      reject(error);
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      if (/json/i.test(xhr.getResponseHeader("Content-Type") ?? "")) {
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = undefined;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        fail(new ApiError(xhr.status, toProblem(xhr.status, body, xhr.statusText), parseRetryAfter(xhr.getResponseHeader("Retry-After"))));
    };
    xhr.onerror = () => fail(new ApiError(0, { status: 0, title: "Network error" }));
    // Cancelled: rejected as fetch would be, never reported.
    xhr.onabort = () => reject(new DOMException("The operation was aborted.", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(options.body as XMLHttpRequestBodyInit);
  });
}
