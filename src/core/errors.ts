import type { MaintenanceAnswer } from "../contract/maintenance";

/** An API failure, from an `application/problem+json` body when the server sent one (RFC 9457). */
export interface Problem {
  /** RFC 9457 extension members (e.g. `remainingTries`) are kept as they came. */
  [extension: string]: unknown;
  type?: string;
  title?: string;
  status: number;
  detail?: string;
  errors?: Array<{ path: string; message: string }>;
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly problem: Problem,
    /** Seconds to wait before trying again, from `Retry-After`. */
    readonly retryAfter: number | null = null,
  ) {
    super(problem.detail ?? problem.title ?? `HTTP ${status}`);
  }
}

/** The request was cancelled (component gone, superseded search): never shown to anyone. */
export function isCancelled(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === "AbortError" || (error.cause instanceof Error && error.cause.name === "AbortError");
}

/** Whole minutes to tell a throttled customer to wait (at least one; a minute when unsaid). */
export function waitMinutes(error: ApiError): number {
  return Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60));
}

/** `Retry-After` as seconds: either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** A failed answer as an `ApiError`: its problem from the body, its wait from `Retry-After`. */
export function answerError(status: number, body: unknown, statusText: string, retryAfter: string | null): ApiError {
  return new ApiError(status, toProblem(status, body, statusText), parseRetryAfter(retryAfter));
}

/** No answer at all (offline, DNS, CORS, or none in time): status 0. */
export function noAnswerError(timedOut = false): ApiError {
  return new ApiError(0, { status: 0, title: timedOut ? "No answer in time" : "Network error" });
}

export function toProblem(status: number, body: unknown, fallbackTitle: string): Problem {
  if (body && typeof body === "object") {
    const b = body as Record<string, unknown>;
    return {
      ...b,
      status,
      type: typeof b.type === "string" ? b.type : undefined,
      title: typeof b.title === "string" ? b.title : fallbackTitle,
      detail: typeof b.detail === "string" ? b.detail : undefined,
      errors: Array.isArray(b.errors) ? (b.errors as Problem["errors"]) : undefined,
    };
  }
  return { status, title: fallbackTitle };
}

/** The contract's member for the end of a maintenance; read by hand here, the schema library stays out of the core. */
const EXPECTED_END: keyof MaintenanceAnswer = "expectedEnd";

/** A maintenance answer's announced end (ISO 8601), when it names a moment. */
export function maintenanceEnd(problem: Problem): string | null {
  const end = problem[EXPECTED_END];
  return typeof end === "string" && !Number.isNaN(Date.parse(end)) ? end : null;
}
