/**
 * A request whose upload reports its progress, for the API client (`onUploadProgress`): fetch
 * cannot (a streamed request body needs HTTP/2), so it goes by XMLHttpRequest, with the headers of
 * every call and the client's error policy (`report`). Never retried: uploads are not idempotent.
 */
import type { ReportFailure, RequestOptions } from "./api-call";
import { answerError, noAnswerError, type ApiError } from "./errors";

export interface UploadContext {
  /** The call's headers (`callHeaders`), bearer token included unless the call is anonymous. */
  headers: Record<string, string>;
  report: ReportFailure;
}

type UploadOptions = RequestOptions & Required<Pick<RequestOptions, "onUploadProgress">>;

export function sendWithProgress<T>(url: string, options: UploadOptions, { headers, report }: UploadContext): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? "POST", url);
    xhr.withCredentials = true;
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
      else fail(answerError(xhr.status, body, xhr.statusText, xhr.getResponseHeader("Retry-After")));
    };
    xhr.onerror = () => fail(noAnswerError());
    // Cancelled: rejected as fetch would be, never reported.
    xhr.onabort = () => reject(new DOMException("The operation was aborted.", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(options.body as XMLHttpRequestBodyInit);
  });
}
