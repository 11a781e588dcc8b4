import { APP_VERSION } from "../contract/constants";
import type { ReleaseStage } from "./config";

export interface ErrorReport {
  message: string;
  stack?: string;
  source?: string;
  releaseStage: ReleaseStage;
  appVersion: string;
  page: string;
}

/**
 * SPEC §8: unhandled exceptions thrown by our own scripts are reported; unhandled promise
 * rejections are not, and neither are the host page's own errors.
 */
export function installErrorReporting(opts: {
  endpoint: string | null;
  releaseStage: ReleaseStage;
  ownScriptPrefix: string;
  send?: (url: string, report: ErrorReport) => void;
  target?: Pick<Window, "addEventListener">;
}): () => void {
  const { endpoint, target = window } = opts;
  if (!endpoint) return () => {};
  const send = opts.send ?? sendBeacon;
  const onError = (event: ErrorEvent) => {
    if (!event.filename?.startsWith(opts.ownScriptPrefix)) return;
    send(endpoint, {
      message: event.message,
      stack: event.error instanceof Error ? event.error.stack : undefined,
      source: event.filename,
      releaseStage: opts.releaseStage,
      appVersion: APP_VERSION,
      // Without the query: it may hold a one-time token (a password reset link).
      page: location.origin + location.pathname,
    });
  };
  target.addEventListener("error", onError as EventListener);
  return () => (target as Window).removeEventListener("error", onError as EventListener);
}

function sendBeacon(url: string, report: ErrorReport): void {
  const body = JSON.stringify(report);
  if (!navigator.sendBeacon?.(url, new Blob([body], { type: "application/json" }))) {
    void fetch(url, { method: "POST", body, keepalive: true, headers: { "Content-Type": "application/json" } }).catch(() => {});
  }
}
