import * as v from "valibot";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FeaturesAnswer } from "../contract/features";
import { createApiClient, REQUEST_TIMEOUT_MS, type ApiDeps, type RequestOptions } from "./api";
import { PASSING_OUTAGE_TYPE } from "./error-policy";
import { ApiError, isCancelled } from "./errors";

type FetchImpl = NonNullable<ApiDeps["fetchImpl"]>;

type Answer = { status: number; body?: unknown; headers?: Record<string, string>; problem?: boolean } | { network: true };

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
  /** When it was made, on the test's clock. */
  at: number;
}

/** A scripted `fetch`: one answer per call (the last one repeats), every request recorded; none goes out once its signal is aborted. */
function fakeFetch(answers: Answer[]) {
  const calls: Call[] = [];
  const impl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    init?.signal?.throwIfAborted();
    calls.push({
      url: String(input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: init?.body,
      credentials: init?.credentials,
      at: Date.now(),
    });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    if ("network" in answer) throw new TypeError("fetch failed");
    const isJson = answer.body !== undefined && typeof answer.body !== "string";
    const headers = new Headers(answer.headers);
    if (isJson) headers.set("content-type", answer.problem ? "application/problem+json" : "application/json");
    const body = answer.body === undefined ? null : isJson ? JSON.stringify(answer.body) : (answer.body as string);
    return new Response(body, { status: answer.status, headers });
  });
  return { calls, impl: impl as FetchImpl };
}

function setup(answers: Answer[], overrides: Partial<ApiDeps> = {}) {
  const { calls, impl } = fakeFetch(answers);
  const mocks = {
    onDisconnect: vi.fn<(status: number, authenticated: boolean) => void>(),
    onMaintenance: vi.fn<() => void>(),
    onFailure: vi.fn<(error: ApiError) => void>(),
  };
  const api = createApiClient({
    baseUrl: () => "https://api.test/api",
    token: () => "tok-123",
    locale: () => "nl-BE",
    fetchImpl: impl,
    ...mocks,
    ...overrides,
  });
  return { api, calls, deps: mocks };
}

const problem = (status: number, detail?: string, headers?: Record<string, string>): Answer => ({
  status,
  problem: true,
  headers,
  body: { type: "about:blank", title: "Problem", status, ...(detail ? { detail } : {}) },
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the request to fail");
}

describe("request headers (SPEC §7)", () => {
  it.each<[string, string | null, RequestOptions, string | null]>([
    ["token present", "tok-123", {}, "Bearer tok-123"],
    ["token present, POST", "tok-123", { method: "POST", body: { a: 1 } }, "Bearer tok-123"],
    ["no token", null, {}, null],
    ["anonymous request", "tok-123", { anonymous: true }, null],
    ["anonymous POST", "tok-123", { method: "POST", anonymous: true }, null],
  ])("%s → Authorization %j", async (_label, token, options, authorization) => {
    const { api, calls } = setup([{ status: 200, body: { ok: true } }], { token: () => token });
    await expect(api.request("/x", options)).resolves.toEqual({ ok: true });
    expect(calls[0]!.headers.get("authorization")).toBe(authorization);
  });

  it.each([["fr-FR"], ["nl-BE"], ["en-GB"]])("X-langue carries the current locale %s", async (locale) => {
    const { api, calls } = setup([{ status: 200, body: {} }], { locale: () => locale });
    await api.request("/x");
    expect(calls[0]!.headers.get("x-langue")).toBe(locale);
  });

  it("reads the token and the locale at each request", async () => {
    let token: string | null = "first";
    let locale = "fr-FR";
    const { api, calls } = setup([{ status: 200, body: {} }], { token: () => token, locale: () => locale });
    await api.request("/x");
    token = null;
    locale = "es-ES";
    await api.request("/x");
    expect(calls.map((c) => [c.headers.get("authorization"), c.headers.get("x-langue")])).toEqual([
      ["Bearer first", "fr-FR"],
      [null, "es-ES"],
    ]);
  });

  it.each<[string, RequestOptions, string]>([
    ["base URL + path", {}, "https://api.test/api/servicesMACC/reseau/FRA/type/gen"],
    ["query string", { query: { langue: "fr-FR" } }, "https://api.test/api/servicesMACC/reseau/FRA/type/gen?langue=fr-FR"],
    ["an element's own base", { baseUrl: "https://other.test/v2" }, "https://other.test/v2/servicesMACC/reseau/FRA/type/gen"],
  ])("URL: %s", async (_label, options, url) => {
    const { api, calls } = setup([{ status: 200, body: {} }]);
    await api.request("/servicesMACC/reseau/FRA/type/gen", options);
    expect(calls[0]!.url).toBe(url);
  });

  it("leaves out query values that are undefined", async () => {
    const { api, calls } = setup([{ status: 200, body: {} }]);
    await api.request("/me/invoices", { query: { page: 2, q: undefined, archive: false } });
    expect(calls[0]!.url).toBe("https://api.test/api/me/invoices?page=2&archive=false");
  });

  it("a caller's X-langue (an element in another language) wins over the page's", async () => {
    const { api, calls } = setup([{ status: 200, body: {} }]);
    await api.request("/me/adviser", { headers: { "X-langue": "de-LU" } });
    expect(calls[0]!.headers.get("x-langue")).toBe("de-LU");
  });

  it("sends a JSON body for POST", async () => {
    const { api, calls } = setup([{ status: 201, body: { id: 1 } }]);
    await expect(api.request("/contact", { method: "POST", body: { message: "Bonjour" } })).resolves.toEqual({ id: 1 });
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ message: "Bonjour" });
  });

  it("every call says it comes from the page, takes JSON or a problem, and carries the cookies", async () => {
    const { api, calls } = setup([{ status: 200, body: {} }]);
    await api.request("/x", { anonymous: true });
    expect(calls[0]!.credentials).toBe("include");
    expect(calls[0]!.headers.get("x-requested-with")).toBe("macc");
    expect(calls[0]!.headers.get("accept")).toBe("application/json, application/problem+json");
  });
});

describe("successful answers", () => {
  it.each<[string, Answer, unknown]>([
    ["JSON", { status: 200, body: { id: 7 } }, { id: 7 }],
    ["no content", { status: 204 }, undefined],
    ["text", { status: 200, body: "ok" }, "ok"],
  ])("%s → its data", async (_, answer, expected) => {
    const { api } = setup([answer]);
    await expect(api.request("/x", { method: "POST", body: {} })).resolves.toEqual(expected);
  });

  it("reach the caller's schema whole: it keeps the fields it knows and ignores the others (an API newer than the bundle)", async () => {
    const { api } = setup([{ status: 200, body: { features: ["basket"], addedLater: { x: 1 } } }]);
    expect(v.parse(FeaturesAnswer, await api.request("/features"))).toEqual({ features: ["basket"] });
  });

  it("an answer that is not the JSON it says: the caller's schema refuses it (the screen's error state), never a toast or a retry", async () => {
    const { api, calls, deps } = setup([{ status: 200, body: '{"features": [', headers: { "Content-Type": "application/json" } }]);
    const error = await failure(api.request("/features").then((answer) => v.parse(FeaturesAnswer, answer)));
    expect(error).toBeInstanceOf(v.ValiError);
    api.toastFailure(error);
    expect(calls).toHaveLength(1);
    expect(deps.onFailure).not.toHaveBeenCalled();
  });
});

describe("error answers (SPEC §8)", () => {
  it("problem+json → ApiError with the server's detail and Retry-After", async () => {
    const { api, deps } = setup([problem(422, "Champ obligatoire", { "Retry-After": "12" })]);
    const error = await failure(api.request("/x", { method: "POST" }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: "Champ obligatoire", retryAfter: 12, problem: { detail: "Champ obligatoire" } });
    expect(deps.onFailure).toHaveBeenCalledWith(error);
  });

  it("a refused form (422 problem+json): its field errors in the server's order and its extension members, for the form to show", async () => {
    const errors = [
      { path: "email", message: "Adresse invalide" },
      { path: "mobile", message: "Numéro invalide" },
    ];
    const { api, deps } = setup([
      {
        status: 422,
        problem: true,
        body: { type: "urn:macc:problem:validation", title: "Invalid", status: 422, errors, remainingTries: 2 },
      },
    ]);
    const error = await failure(api.request("/registration", { method: "POST", body: {}, errors: "inline" }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).problem).toEqual({
      type: "urn:macc:problem:validation",
      title: "Invalid",
      status: 422,
      detail: undefined,
      errors,
      remainingTries: 2,
    });
    expect(deps.onFailure).not.toHaveBeenCalled();
  });

  it("an answer that breaks off while it is read: no answer (status 0), reported", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"id":'));
        controller.error(new TypeError("terminated"));
      },
    });
    const { api, deps } = setup([], {
      fetchImpl: async () => new Response(body, { status: 200, headers: { "Content-Type": "application/json" } }),
    });
    const error = await failure(api.request("/x"));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(deps.onFailure).toHaveBeenCalledWith(error);
  });

  it("a non-JSON error body still gives an ApiError with the status", async () => {
    const { api } = setup([{ status: 500, body: "<html>oops</html>" }]);
    const error = await failure(api.request("/x", { method: "POST" }));
    expect(error).toMatchObject({ status: 500, problem: { status: 500 } });
    expect((error as ApiError).problem.detail).toBeUndefined();
  });

  // status, intent, disconnect?, maintenance?, generic failure toast?
  it.each<[number, RequestOptions["errors"], boolean, boolean, boolean]>([
    [401, "toast", true, false, false],
    [401, "inline", true, false, false],
    [413, "toast", true, false, true],
    [413, "inline", true, false, false],
    [429, "toast", true, false, true],
    [429, "inline", true, false, false],
    [503, "toast", false, true, false],
    [503, "inline", false, true, false],
    [400, "toast", false, false, true],
    [400, "inline", false, false, false],
    [403, "toast", false, false, true],
    [404, "toast", false, false, true],
    [404, "inline", false, false, false],
    [409, "toast", false, false, true],
    [422, "inline", false, false, false],
    [500, "toast", false, false, true],
    [500, undefined, false, false, true],
  ])("status %i, errors %j → disconnect %s, maintenance %s, toast %s", async (status, errors, disconnect, maintenance, toast) => {
    const { api, deps } = setup([problem(status, "Message du serveur")]);
    const error = await failure(api.request("/x", { method: "POST", errors }));
    expect(error).toMatchObject({ status });
    expect(deps.onDisconnect).toHaveBeenCalledTimes(disconnect ? 1 : 0);
    if (disconnect) expect(deps.onDisconnect).toHaveBeenCalledWith(status, true);
    expect(deps.onMaintenance).toHaveBeenCalledTimes(maintenance ? 1 : 0);
    expect(deps.onFailure).toHaveBeenCalledTimes(toast ? 1 : 0);
    if (toast) expect(deps.onFailure.mock.calls[0]![0].problem.detail).toBe("Message du serveur");
  });
});

describe("retries (GET only, transient failures, at most 2 retries)", () => {
  // The waits between tries run on the test's clock.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The call's outcome once every wait has passed: its value, or its failure. */
  async function settled<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
    const outcome = promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.runAllTimersAsync();
    return outcome;
  }

  /** How long the client waited before each new try, in ms. */
  const waits = (calls: Call[]) => calls.slice(1).map((call, i) => call.at - calls[i]!.at);

  it.each<[string, Answer]>([
    ["network error", { network: true }],
    ["502", problem(502)],
    ["504", problem(504)],
  ])("GET, %s then success → resolves after a retry", async (_label, first) => {
    const { api, calls, deps } = setup([first, { status: 200, body: { ok: 1 } }]);
    expect(await settled(api.request("/x"))).toEqual({ value: { ok: 1 } });
    expect(calls).toHaveLength(2);
    expect(deps.onFailure).not.toHaveBeenCalled();
  });

  it.each<[string, Answer, number]>([
    ["network error", { network: true }, 0],
    ["502", problem(502), 502],
    ["504", problem(504), 504],
  ])("GET, %s every time → 3 attempts, then one failure", async (_label, answer, status) => {
    const { api, calls, deps } = setup([answer]);
    const outcome = await settled(api.request("/x"));
    expect(outcome).toMatchObject({ error: { status } });
    expect(calls).toHaveLength(3);
    expect(deps.onFailure).toHaveBeenCalledTimes(1);
    expect(deps.onFailure).toHaveBeenCalledWith((outcome as { error: unknown }).error);
  });

  it.each<[string, Answer]>([
    ["network error", { network: true }],
    ["502", problem(502)],
    ["504", problem(504)],
  ])("POST, %s → no retry", async (_label, answer) => {
    const { api, calls, deps } = setup([answer, { status: 200, body: {} }]);
    expect(await settled(api.request("/x", { method: "POST", body: {} }))).toHaveProperty("error");
    expect(calls).toHaveLength(1);
    expect(deps.onFailure).toHaveBeenCalledTimes(1);
  });

  it("a passing outage (503 unavailable): a GET waits as Retry-After says and tries again; a POST is not retried; neither shows maintenance", async () => {
    const outage: Answer = {
      status: 503,
      problem: true,
      headers: { "Retry-After": "5" },
      body: { type: PASSING_OUTAGE_TYPE, status: 503 },
    };
    const read = setup([outage, { status: 200, body: { ok: 1 } }]);
    expect(await settled(read.api.request("/x"))).toEqual({ value: { ok: 1 } });
    expect(waits(read.calls)).toEqual([5_000]);
    const write = setup([outage, { status: 200, body: {} }]);
    await settled(write.api.request("/x", { method: "POST", body: {} }));
    expect(write.calls).toHaveLength(1);
    expect(write.deps.onFailure).toHaveBeenCalledTimes(1);
    expect(write.deps.onMaintenance).not.toHaveBeenCalled();
  });

  it.each([[400], [401], [404], [409], [429], [500], [503]])("GET, status %i → not retried", async (status) => {
    const { api, calls } = setup([problem(status), { status: 200, body: {} }]);
    expect(await settled(api.request("/x"))).toMatchObject({ error: { status } });
    expect(calls).toHaveLength(1);
  });

  it.each<[string, string, number[]]>([
    ["5 seconds", "5", [5_000, 5_000]],
    ["0 seconds", "0", [0, 0]],
    // Read from each answer: the second one comes when the date has come.
    ["an HTTP date 3 seconds ahead", new Date(Date.UTC(2030, 0, 1, 0, 0, 3)).toUTCString(), [3_000, 0]],
  ])("honours Retry-After (%s)", async (_label, retryAfter, expected) => {
    vi.setSystemTime(Date.UTC(2030, 0, 1));
    const { api, calls } = setup([problem(502, undefined, { "Retry-After": retryAfter })]);
    expect(await settled(api.request("/x"))).toMatchObject({ error: { status: 502 } });
    expect(waits(calls)).toEqual(expected);
  });

  it("a Retry-After longer than the deadline: waits 30 s at most, and the call has then had no answer in time", async () => {
    const { api, calls, deps } = setup([problem(502, undefined, { "Retry-After": "3600" })]);
    const pending = api.request("/x").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(deps.onFailure).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ status: 0 });
    expect(calls).toHaveLength(1);
    expect(deps.onFailure).toHaveBeenCalledTimes(1);
  });

  it("backs off when there is no Retry-After", async () => {
    const { api, calls } = setup([{ network: true }]);
    await settled(api.request("/x"));
    const [first, second] = waits(calls);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first!);
  });

  it("each try carries the token of its moment (a refresh between two tries)", async () => {
    const tokens = ["before", "after"];
    const { api, calls } = setup([problem(502), { status: 200, body: {} }], { token: () => tokens[calls.length]! });
    await settled(api.request("/x", { method: "PUT", body: { a: 1 } }));
    expect(calls.map((call) => call.headers.get("authorization"))).toEqual(["Bearer before", "Bearer after"]);
    // The second try sends the same body, still as JSON, with the page's headers.
    expect(calls.map((call) => [call.method, call.body, call.headers.get("content-type"), call.headers.get("x-langue")])).toEqual([
      ["PUT", '{"a":1}', "application/json", "nl-BE"],
      ["PUT", '{"a":1}', "application/json", "nl-BE"],
    ]);
  });

  it("cancelled while it waits to try again: no further try, rejected as cancelled, never reported", async () => {
    const { api, calls, deps } = setup([problem(502, undefined, { "Retry-After": "5" }), { status: 200, body: {} }]);
    const controller = new AbortController();
    const pending = api.request("/x", { signal: controller.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await vi.runAllTimersAsync();
    const error = await pending;
    expect(isCancelled(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
    expect(deps.onFailure).not.toHaveBeenCalled();
  });
});

describe("cancelled requests are ignored (SPEC §8)", () => {
  function abortableFetch() {
    const calls: string[] = [];
    const impl: FetchImpl = (input, init) => {
      calls.push(String(input));
      return new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal;
        const fail = () => reject(new DOMException("The operation was aborted.", "AbortError"));
        if (signal?.aborted) fail();
        else signal?.addEventListener("abort", fail);
      });
    };
    return { calls, impl };
  }

  it.each<[string, "GET" | "POST"]>([
    ["GET", "GET"],
    ["POST", "POST"],
  ])("%s aborted in flight → rejects as cancelled, no toast, no retry", async (_label, method) => {
    const { calls, impl } = abortableFetch();
    const { api, deps } = setup([], { fetchImpl: impl });
    const controller = new AbortController();
    const pending = failure(api.request("/x", { method, signal: controller.signal }));
    await Promise.resolve();
    controller.abort();
    const error = await pending;
    expect(isCancelled(error)).toBe(true);
    expect((error as Error).name).toBe("AbortError");
    expect(error).not.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
    expect(deps.onFailure).not.toHaveBeenCalled();
    expect(deps.onDisconnect).not.toHaveBeenCalled();
    expect(deps.onMaintenance).not.toHaveBeenCalled();
  });

  it("already-aborted signal → rejects as cancelled, no toast", async () => {
    const { impl } = abortableFetch();
    const { api, deps } = setup([], { fetchImpl: impl });
    const error = await failure(api.request("/x", { signal: AbortSignal.abort() }));
    expect(isCancelled(error)).toBe(true);
    expect(deps.onFailure).not.toHaveBeenCalled();
  });
});

describe("a call with no answer in time (REQUEST_TIMEOUT_MS)", () => {
  /** A server that never answers: the request ends only when its signal does, as `fetch` does, with the signal's reason. */
  const hungFetch: FetchImpl = (_input, init) =>
    new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));

  it.each<[string, "GET" | "POST"]>([
    ["GET", "GET"],
    ["POST", "POST"],
  ])("%s: gives up after the timeout, reported as no answer (status 0), not retried", async (_label, method) => {
    vi.useFakeTimers();
    try {
      const fetchImpl = vi.fn(hungFetch);
      const { api, deps } = setup([], { fetchImpl });
      const pending = failure(api.request("/x", { method, signal: new AbortController().signal }));
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(deps.onFailure).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      const error = await pending;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(0);
      expect(isCancelled(error)).toBe(false);
      expect(deps.onFailure).toHaveBeenCalledTimes(1);
      expect(fetchImpl).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a file whose answer has started is not cut by the timeout while it downloads", async () => {
    vi.useFakeTimers();
    try {
      let push!: (chunk: Uint8Array | null) => void;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (chunk) => (chunk ? controller.enqueue(chunk) : controller.close());
        },
      });
      const { api } = setup([], {
        fetchImpl: async () => new Response(body, { status: 200, headers: { "Content-Type": "application/zip" } }),
      });
      const onProgress = vi.fn();
      const pending = api.request<Blob>("/file.zip", { as: "blob", onProgress });
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS * 2);
      push(new Uint8Array([1, 2, 3]));
      push(null);
      expect((await pending).size).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("session freshness before authenticated calls", () => {
  it.each<[string, RequestOptions, number]>([
    ["an authenticated call waits for it", {}, 1],
    ["an anonymous call (login, refresh) does not", { anonymous: true }, 0],
  ])("%s", async (_label, options, waits) => {
    const order: string[] = [];
    const beforeAuthenticated = vi.fn(async () => {
      order.push("session");
    });
    const { api, calls } = setup([{ status: 200, body: { ok: true } }], { beforeAuthenticated, token: () => (order.push("token"), "tok") });
    await api.request("/x", options);
    expect(beforeAuthenticated).toHaveBeenCalledTimes(waits);
    expect(calls).toHaveLength(1);
    if (waits) expect(order.indexOf("session")).toBeLessThan(order.indexOf("token"));
  });
});

describe("file answers", () => {
  it("come back as a Blob, with progress from Content-Length", async () => {
    const { api } = setup([{ status: 200, body: "%PDF-1.7 fake", headers: { "Content-Type": "application/pdf", "Content-Length": "13" } }]);
    const progress: Array<[number, number | null]> = [];
    const blob = await api.request<Blob>("/me/invoices/1/pdf", {
      as: "blob",
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe("application/pdf");
    expect(await blob.text()).toBe("%PDF-1.7 fake");
    expect(progress[0]).toEqual([0, 13]);
    expect(progress.at(-1)).toEqual([13, 13]);
  });

  it("still turn a failure into an ApiError", async () => {
    const { api } = setup([problem(404, "Introuvable")]);
    const error = await failure(api.request("/me/invoices/9/pdf", { as: "blob", errors: "inline" }));
    expect(error).toMatchObject({ status: 404, problem: { detail: "Introuvable" } });
  });
});

describe("which calls ended the session", () => {
  it.each([
    ["an authenticated call", {}, true],
    ["an anonymous one (a silent restore)", { anonymous: true }, false],
    ["an optional one (a bonus on a public page)", { optional: true }, false],
  ])("a 401 on %s says so", async (_label, options, authenticated) => {
    const { api, deps } = setup([problem(401)]);
    await failure(api.request("/x", { ...options, errors: "inline" }));
    expect(deps.onDisconnect).toHaveBeenCalledWith(401, authenticated);
  });
});

describe("a failure shared by several readers", () => {
  it.each<[string, unknown, boolean]>([
    ["a 500", new ApiError(500, { status: 500, detail: "Panne" }), true],
    ["a network failure", new ApiError(0, { status: 0 }), true],
    ["a 401 (the session ends instead)", new ApiError(401, { status: 401 }), false],
    ["a 503 (the maintenance screen instead)", new ApiError(503, { status: 503 }), false],
    ["a malformed answer", new TypeError("Unexpected answer"), false],
  ])("%s → the generic toast when a reader that shows the data reports it: %s", (_label, error, toast) => {
    const { api, deps } = setup([]);
    api.toastFailure(error);
    expect(deps.onFailure).toHaveBeenCalledTimes(toast ? 1 : 0);
    expect(deps.onDisconnect).not.toHaveBeenCalled();
    expect(deps.onMaintenance).not.toHaveBeenCalled();
  });
});

describe("an upload with progress (XMLHttpRequest, same headers and error policy)", () => {
  type Script = { status: number; body?: unknown } | "network" | "abort";
  class ScriptedXhr {
    static script: Script = { status: 202, body: { ok: true } };
    static last: ScriptedXhr;
    method = "";
    url = "";
    headers: Record<string, string> = {};
    withCredentials = false;
    status = 0;
    statusText = "";
    responseText = "";
    upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      Object.assign(this, { method, url });
      ScriptedXhr.last = this;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return /content-type/i.test(name) ? "application/problem+json" : null;
    }
    abort() {
      this.onabort?.();
    }
    send() {
      const script = ScriptedXhr.script;
      if (script === "network") return this.onerror?.();
      if (script === "abort") return this.abort();
      this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
      this.status = script.status;
      this.responseText = JSON.stringify(script.body ?? {});
      this.onload?.();
    }
  }

  const send = async (script: Script, options: RequestOptions = {}) => {
    ScriptedXhr.script = script;
    vi.stubGlobal("XMLHttpRequest", ScriptedXhr);
    const { api, deps, calls } = setup([{ status: 200 }]);
    const progress: Array<[number, number | null]> = [];
    const outcome = await api
      .request("/me/bank-details", { method: "POST", body: "form", onUploadProgress: (l, t) => progress.push([l, t]), ...options })
      .then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
    vi.unstubAllGlobals();
    return { outcome, deps, progress, fetched: calls.length };
  };

  it("goes by XMLHttpRequest with the page's headers and credentials, reporting its progress", async () => {
    const { outcome, progress, fetched } = await send({ status: 202, body: { ok: true } });
    expect(outcome).toEqual({ value: { ok: true } });
    expect(progress).toEqual([[5, 10]]);
    expect(fetched).toBe(0);
    const xhr = ScriptedXhr.last;
    expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(["POST", "https://api.test/api/me/bank-details", true]);
    expect(xhr.headers).toMatchObject({ Authorization: "Bearer tok-123", "X-langue": "nl-BE", "X-Requested-With": "macc" });
  });

  it.each<[string, Script, RequestOptions, { disconnect: boolean; toast: boolean; maintenance: boolean }]>([
    [
      "422, shown by the form",
      { status: 422, body: { status: 422, detail: "x" } },
      { errors: "inline" },
      { disconnect: false, toast: false, maintenance: false },
    ],
    ["500, the generic toast", { status: 500, body: { status: 500 } }, {}, { disconnect: false, toast: true, maintenance: false }],
    [
      "401, the session ends",
      { status: 401, body: { status: 401 } },
      { errors: "inline" },
      { disconnect: true, toast: false, maintenance: false },
    ],
    [
      "503, the maintenance screen",
      { status: 503, body: { status: 503 } },
      { errors: "inline" },
      { disconnect: false, toast: false, maintenance: true },
    ],
    ["no answer", "network", {}, { disconnect: false, toast: true, maintenance: false }],
  ])("%s", async (_label, script, options, expected) => {
    const { outcome, deps } = await send(script, options);
    expect((outcome as { error: unknown }).error).toBeInstanceOf(ApiError);
    expect({
      disconnect: deps.onDisconnect.mock.calls.length > 0,
      toast: deps.onFailure.mock.calls.length > 0,
      maintenance: deps.onMaintenance.mock.calls.length > 0,
    }).toEqual(expected);
  });

  it("cancelled: rejected as cancelled, never reported", async () => {
    const { outcome, deps } = await send("abort");
    expect(isCancelled((outcome as { error: unknown }).error)).toBe(true);
    expect(deps.onFailure).not.toHaveBeenCalled();
  });
});
