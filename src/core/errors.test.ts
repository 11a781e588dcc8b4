import { describe, expect, it } from "vitest";
import { ApiError, isCancelled, maintenanceEnd, parseRetryAfter, toProblem } from "./errors";

describe("parseRetryAfter", () => {
  const NOW = Date.parse("2025-06-15T12:00:00Z");
  it.each<[string, string | null, number | null]>([
    ["seconds", "120", 120],
    ["zero seconds", "0", 0],
    ["seconds with spaces", " 7 ", 7],
    ["HTTP date 30 s ahead", "Sun, 15 Jun 2025 12:00:30 GMT", 30],
    ["HTTP date 90 s ahead", new Date(NOW + 90_000).toUTCString(), 90],
    ["HTTP date in the past → 0", "Sun, 15 Jun 2025 11:00:00 GMT", 0],
    ["garbage", "soon", null],
    ["more garbage", "not-a-date", null],
    ["empty", "", null],
    ["null", null, null],
  ])("%s: %j → %j", (_label, value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

it("an HTTP date a fraction of a second ahead rounds up to whole seconds", () => {
  expect(parseRetryAfter("Sun, 15 Jun 2025 12:00:05 GMT", Date.parse("2025-06-15T12:00:00.001Z"))).toBe(5);
});

describe("toProblem", () => {
  it.each<[string, number, unknown, ReturnType<typeof toProblem>]>([
    [
      "problem+json body",
      422,
      { type: "urn:problem:validation", title: "Invalid", detail: "Email required", errors: [{ path: "email", message: "required" }] },
      {
        status: 422,
        type: "urn:problem:validation",
        title: "Invalid",
        detail: "Email required",
        errors: [{ path: "email", message: "required" }],
      },
    ],
    [
      "body without title → fallback title",
      500,
      { detail: "Boom" },
      { status: 500, type: undefined, title: "Internal Server Error", detail: "Boom", errors: undefined },
    ],
    [
      "non-string fields are dropped",
      400,
      { title: 3, detail: { x: 1 }, errors: "nope" },
      { status: 400, type: undefined, title: "Internal Server Error", detail: undefined, errors: undefined },
    ],
    ["text body", 502, "<html>Bad gateway</html>", { status: 502, title: "Internal Server Error" }],
    ["no body", 504, undefined, { status: 504, title: "Internal Server Error" }],
    ["null body", 500, null, { status: 500, title: "Internal Server Error" }],
  ])("%s", (_label, status, body, expected) => {
    expect(toProblem(status, body, "Internal Server Error")).toEqual(expected);
  });
});

describe("ApiError", () => {
  it.each<[string, ConstructorParameters<typeof ApiError>, string]>([
    ["detail wins", [400, { status: 400, title: "Bad", detail: "Details here" }], "Details here"],
    ["then the title", [404, { status: 404, title: "Not Found" }], "Not Found"],
    ["then the status", [500, { status: 500 }], "HTTP 500"],
  ])("message: %s", (_label, args, message) => {
    const error = new ApiError(...args);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(message);
    expect(error.status).toBe(args[0]);
    expect(error.retryAfter).toBeNull();
  });
});

describe("isCancelled", () => {
  const abort = () => {
    const c = new AbortController();
    c.abort();
    return c.signal.reason as unknown;
  };
  const named = (name: string) => Object.assign(new Error(name), { name });
  it.each<[string, unknown, boolean]>([
    ["AbortController reason", abort(), true],
    ["DOMException AbortError", new DOMException("aborted", "AbortError"), true],
    ["Error named AbortError", named("AbortError"), true],
    ["wrapper caused by an AbortError", new Error("fetch failed", { cause: named("AbortError") }), true],
    ["TimeoutError", named("TimeoutError"), false],
    ["ApiError", new ApiError(500, { status: 500 }), false],
    ["plain Error", new Error("x"), false],
    ["wrapper caused by another error", new Error("x", { cause: new Error("y") }), false],
    ["string", "AbortError", false],
    ["plain object", { name: "AbortError" }, false],
    ["null", null, false],
  ])("%s → %s", (_label, error, expected) => {
    expect(isCancelled(error)).toBe(expected);
  });
});

describe("problem extension members", () => {
  it("are kept, next to the normalised standard members", () => {
    expect(toProblem(422, { title: "Code incorrect.", remainingTries: 3, status: "not a number" }, "x")).toMatchObject({
      status: 422,
      title: "Code incorrect.",
      remainingTries: 3,
    });
  });
});

describe("maintenanceEnd: the announced end of a maintenance answer", () => {
  it.each<[string, unknown, string | null]>([
    ["an ISO date-time", "2026-11-28T05:00:00.000Z", "2026-11-28T05:00:00.000Z"],
    ["none announced", undefined, null],
    ["not a date", "soon", null],
    ["not a string", 1764306000000, null],
  ])("%s", (_label, expectedEnd, expected) => {
    expect(maintenanceEnd(toProblem(503, { type: "urn:macc:problem:maintenance", expectedEnd }, "Service Unavailable"))).toBe(expected);
  });
});
