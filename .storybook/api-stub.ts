/**
 * Storybook-only stand-in for the reference API. `window.fetch` is wrapped once, in the preview
 * iframe only: a request whose path contains `/api/` is answered from the current story's
 * `parameters.api` fixtures; every other request goes to the real network untouched.
 *
 * Fixture keys are `"METHOD /path"` relative to the API base, e.g. `"POST /auth/login"`.
 * A path segment may be `*` (any value) or `:name` (any value, passed to `body` functions as
 * `params.name`). The query string is not part of the match (it is passed to `body` functions).
 */

export interface ApiRequest {
  method: string;
  /** Path below the API base, without the query string: `/auth/login`. */
  path: string;
  query: URLSearchParams;
  /** Values of the `:name` segments of the matching key. */
  params: Record<string, string>;
  headers: Headers;
  /** Parsed JSON body, or the raw text, or undefined. */
  body: unknown;
}

export interface ApiFixtureInit {
  /** HTTP status; 200 by default. */
  status?: number;
  /** JSON body, or a function of the request; for an error without body a problem+json is made up. */
  body?: unknown;
  /** Answer after this long; `Infinity` never answers (until the request is aborted). */
  delayMs?: number;
  /** Extra response headers (e.g. `Retry-After`). Content-Type defaults to JSON / problem+json. */
  headers?: Record<string, string>;
}

/**
 * A fixture as a class instance rather than a plain object: Storybook deep-merges plain objects
 * in `parameters`, so a story overriding a key defined at a higher level with a literal would get
 * a mix of both bodies. Instances are replaced whole. Plain literals are accepted too.
 */
export class ApiFixture implements ApiFixtureInit {
  readonly status: number;
  readonly body: unknown;
  readonly delayMs: number;
  readonly headers: Record<string, string>;
  constructor({ status = 200, body, delayMs = 0, headers = {} }: ApiFixtureInit = {}) {
    this.status = status;
    this.body = body;
    this.delayMs = delayMs;
    this.headers = headers;
  }
}

export type ApiFixtures = Record<string, ApiFixture | ApiFixtureInit | undefined>;

export interface StubLogEntry {
  method: string;
  path: string;
  status: number | "aborted";
  fixture: string | null;
}

let current: ApiFixtures = {};
let fallback: ApiFixtures = {};
let onLog: ((entry: StubLogEntry) => void) | null = null;
let installed = false;

/** The fixtures of the story being rendered (called from the preview's `beforeEach`). */
export function setApiFixtures(fixtures: ApiFixtures | undefined): void {
  current = fixtures ?? {};
}

/** Fixtures used when the current story has no key for a request (session refresh, logout…). */
export function setFallbackFixtures(fixtures: ApiFixtures): void {
  fallback = fixtures;
}

export function onApiRequest(listener: (entry: StubLogEntry) => void): void {
  onLog = listener;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

export function installFetchStub(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  const realFetch = window.fetch.bind(window);

  window.fetch = async function stubbedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const at = url.pathname.indexOf("/api/");
    if (at < 0) return realFetch(input, init);

    const method = request.method.toUpperCase();
    const path = url.pathname.slice(at + "/api".length);
    const found = findFixture(current, method, path) ?? findFixture(fallback, method, path);
    const signal = init?.signal ?? request.signal;

    if (!found) {
      console.warn(`[storybook api stub] no fixture for "${method} ${path}"; add it to parameters.api`);
      onLog?.({ method, path, status: 404, fixture: null });
      return problemResponse(404, "No fixture", `Storybook has no fixture for ${method} ${path}.`);
    }

    const fixture = found.fixture instanceof ApiFixture ? found.fixture : new ApiFixture(found.fixture);
    try {
      await wait(fixture.delayMs, signal);
    } catch (error) {
      onLog?.({ method, path, status: "aborted", fixture: found.key });
      throw error;
    }

    const body =
      typeof fixture.body === "function"
        ? (fixture.body as (req: ApiRequest) => unknown)({
            method,
            path,
            query: url.searchParams,
            params: found.params,
            headers: request.headers,
            body: await readRequestBody(request),
          })
        : fixture.body;
    onLog?.({ method, path, status: fixture.status, fixture: found.key });
    return toResponse(fixture, body);
  };
}

function findFixture(fixtures: ApiFixtures, method: string, path: string) {
  let best: { key: string; fixture: ApiFixture | ApiFixtureInit; params: Record<string, string>; exact: boolean } | null = null;
  for (const [key, fixture] of Object.entries(fixtures)) {
    if (!fixture) continue;
    const space = key.indexOf(" ");
    const keyMethod = key.slice(0, space).toUpperCase();
    const pattern = key.slice(space + 1).split("?")[0]!;
    if (keyMethod !== method) continue;
    const params = matchPattern(pattern, path);
    if (!params) continue;
    const exact = pattern === path;
    if (exact) return { key, fixture, params, exact };
    best ??= { key, fixture, params, exact };
  }
  return best;
}

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = decodeURIComponent(got[i]!);
    if (w === "*") continue;
    if (w.startsWith(":")) params[w.slice(1)] = g;
    else if (w !== g) return null;
  }
  return params;
}

function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException("The request was aborted.", "AbortError"));
    };
    if (signal?.aborted) return abort();
    const done = () => {
      signal?.removeEventListener("abort", abort);
      resolve();
    };
    // Infinity (or anything a timer cannot hold) means "never answers".
    if (Number.isFinite(ms) && ms < MAX_TIMER_MS) timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener("abort", abort, { once: true });
  });
}

async function readRequestBody(request: Request): Promise<unknown> {
  const text = await request.text().catch(() => "");
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toResponse(fixture: ApiFixture, body: unknown): Response {
  const { status } = fixture;
  if (status === 204 || status === 304) return new Response(null, { status, headers: fixture.headers });
  const isError = status >= 400;
  const payload = body === undefined && isError ? { status, title: `HTTP ${status}` } : body;
  const headers = new Headers({ "Content-Type": isError ? "application/problem+json" : "application/json" });
  for (const [name, value] of Object.entries(fixture.headers)) headers.set(name, value);
  // A Blob body (a photo) is sent as it is, with the fixture's Content-Type.
  const sent = payload === undefined ? null : payload instanceof Blob ? payload : JSON.stringify(payload);
  return new Response(sent, { status, headers });
}

function problemResponse(status: number, title: string, detail: string): Response {
  return new Response(JSON.stringify({ status, title, detail }), { status, headers: { "Content-Type": "application/problem+json" } });
}
