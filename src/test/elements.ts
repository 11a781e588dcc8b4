import { createHash } from "node:crypto";
/**
 * Helpers for component tests of the custom elements (happy-dom): a fresh page, mounting a tag
 * and waiting for its shadow root to render, and a stubbed API.
 */
import { configure, waitFor as dtlWaitFor, within, type waitForOptions } from "@testing-library/dom";
import { onTestFinished, vi } from "vitest";
import type { PageDataset } from "../core/config";
import type { Theme } from "../contract/constants";
import { DEFAULT_CHANNELS, NOTIFICATION_TYPES } from "../contract/notifications";
import { getCore, themeOf, type Core } from "../core/index";
import type { Entreprise, User } from "../core/types";

const REGISTRY = Symbol.for("macc.core");

// The first element in a new locale compiles its catalogs: on a busy machine that takes seconds.
const ASYNC_TIMEOUT_MS = 4000;
configure({
  asyncUtilTimeout: ASYNC_TIMEOUT_MS,
  // Testing Library's own message pretty-prints the container, which it cannot do for a ShadowRoot.
  getElementError(message, container) {
    const markup = container && "innerHTML" in container ? (container as Element | ShadowRoot).innerHTML : "";
    const error = new Error([message, markup.length > 3000 ? `${markup.slice(0, 3000)}…` : markup].filter(Boolean).join("\n\n"));
    error.name = "TestingLibraryElementError";
    return error;
  },
});

type PageGlobals = typeof globalThis & { MACC_PAGE?: PageDataset; [REGISTRY]?: unknown };

/** The usual page of these tests: a French portal page under /portail. */
/** A phone number as the messages show it: its spaces do not break (companyPhone). */
export const unbroken = (phone: string) => phone.replaceAll(" ", "\u00a0");
/** For `*ByText` queries of such a message: its text as it is, not with every space made a plain one. */
export const asWritten = { normalizer: (text: string) => text };

export const DEFAULT_PAGE: PageDataset = { locale: "fr-FR", portalBase: "/portail" };

/**
 * A blank page: no core and no page settings, empty storage, no cookies, an empty body and title,
 * no language, the address at `path`. The page it replaces is left (`leave`).
 */
export function clearPage(path = "/"): void {
  document.body.innerHTML = "";
  const g = globalThis as PageGlobals;
  const left = g[REGISTRY] as Core | undefined;
  if (left) leave(left);
  delete g[REGISTRY];
  delete g.MACC_PAGE;
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  history.replaceState(null, "", path);
  document.title = "";
  document.documentElement.removeAttribute("lang");
}

/** The API base of a page that was left: no stub answers it. */
const LEFT_PAGE_API = "http://left-page.invalid/api";
const LEFT_PAGE_ORIGIN = new URL(LEFT_PAGE_API).origin;

/**
 * The page being replaced stops acting, as one the browser navigated away from would. The files of
 * a worker share one window: what its elements had started (a screen's request waiting for the
 * session's refresh, an answer, a timer) would otherwise reach the next test's API stub, be
 * answered from the next page's state (POST /auth/refresh: 401, nobody is logged in there) and act
 * on that page: its lapsed session's trip to login (`location.assign`) moved the next test's
 * address, its store wrote that page's cookies and storage.
 */
function leave(core: Core): void {
  // Its requests get no answer: new ones never leave, those already waiting (for the session's
  // refresh) go to an address that no stub answers.
  core.api.request = () => new Promise<never>(() => undefined);
  core.config.apiBase = LEFT_PAGE_API;
  core.config.apiBaseFixed = true;
  // Its state no longer changes: no login or logout, cookie, storage, event or toast of its own.
  // Its actions are replaced in place, which notifies no subscriber (the toaster would mount).
  for (const store of [core.store, core.toasts]) {
    const state = store.getState() as unknown as Record<string, unknown>;
    for (const key of Object.keys(state)) if (typeof state[key] === "function") state[key] = () => undefined;
  }
}

/** A fresh page whose next `getCore()` builds its core from `pageConfig`. */
export function resetPage(pageConfig: PageDataset = DEFAULT_PAGE, path = "/"): void {
  clearPage(path);
  (globalThis as PageGlobals).MACC_PAGE = { ...pageConfig };
}

export function clearCookies(): void {
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

/**
 * Testing Library's waitFor, polling every 5 ms: its MutationObserver watches the document, which
 * does not see changes inside shadow roots, so the 50 ms default interval would set the pace.
 */
export function waitFor<T>(callback: () => T | Promise<T>, options: waitForOptions = {}): Promise<T> {
  return dtlWaitFor(callback, { interval: 5, timeout: ASYNC_TIMEOUT_MS, ...options });
}

export type Screen = ReturnType<typeof within>;

export interface Mounted<E extends HTMLElement = HTMLElement> {
  el: E;
  root: ShadowRoot;
  /** Testing Library queries scoped to the element's shadow root. */
  screen: Screen;
}

/** Queries of Testing Library inside a shadow root. */
export function inShadow(root: ShadowRoot): Screen {
  return within(root as unknown as HTMLElement);
}

/** The element's rendered root: present once its translations have loaded. */
export function renderedRoot(el: Element): HTMLElement | null {
  return el.shadowRoot?.querySelector<HTMLElement>(".macc-root[lang]") ?? null;
}

/**
 * Appends `html` to the body and waits until its first element has rendered in its shadow root
 * (the MaccRoot past its translation skeleton).
 */
export async function mount<E extends HTMLElement = HTMLElement>(html: string, parent: Element = document.body): Promise<Mounted<E>> {
  const before = parent.children.length;
  parent.insertAdjacentHTML("beforeend", html.trim());
  const el = parent.children[before] as E | undefined;
  if (!el) throw new Error(`mount: no element in ${JSON.stringify(html)}`);
  await rendered(el);
  return { el, root: el.shadowRoot!, screen: inShadow(el.shadowRoot!) };
}

/** Waits until `el` has rendered in its shadow root (past the translation skeleton). */
export async function rendered(el: Element): Promise<void> {
  await waitFor(
    () => {
      if (!el.shadowRoot) throw new Error(`<${el.localName}> has no shadow root`);
      if (!renderedRoot(el)) throw new Error(`<${el.localName}> has not rendered yet`);
    },
    { timeout: ASYNC_TIMEOUT_MS },
  );
}

// ---------------------------------------------------------------------------------------------
// API stub

export interface StubResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiCall {
  url: string;
  /** Path and query relative to the origin, e.g. "/api/auth/login". */
  path: string;
  query: URLSearchParams;
  method: string;
  headers: Record<string, string>;
  /** The parsed JSON body, if any. */
  body: unknown;
}

export type RouteHandler = StubResponse | ((call: ApiCall) => StubResponse | Promise<StubResponse>);

export interface ApiStub {
  calls: ApiCall[];
  /** Calls to one route key ("METHOD /path"). */
  callsTo(key: string): ApiCall[];
  fetch: ReturnType<typeof vi.fn>;
}

/** A problem+json answer (RFC 9457). */
export function problem(status: number, detail?: string, headers: Record<string, string> = {}): StubResponse {
  return {
    status,
    body: { type: "about:blank", title: `HTTP ${status}`, status, ...(detail ? { detail } : {}) },
    headers: { "Content-Type": "application/problem+json", ...headers },
  };
}

/** A response the test releases itself (to observe pending states). */
export function deferred(): {
  handler: (call: ApiCall) => Promise<StubResponse>;
  resolve(response: StubResponse): void;
  started: Promise<ApiCall>;
} {
  let release!: (r: StubResponse) => void;
  let begin!: (c: ApiCall) => void;
  const response = new Promise<StubResponse>((r) => (release = r));
  const started = new Promise<ApiCall>((r) => (begin = r));
  return {
    handler: (call) => {
      begin(call);
      return response;
    },
    resolve: (r) => release(r),
    started,
  };
}

function abortError(): DOMException {
  return new DOMException("The operation was aborted.", "AbortError");
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function routeKey(method: string, url: URL): string[] {
  return [`${method} ${url.pathname}${url.search}`, `${method} ${url.pathname}`];
}

function toResponse(stub: StubResponse): Response {
  const status = stub.status ?? 200;
  const headers = new Headers(stub.headers ?? {});
  if (status === 204 || stub.body === undefined) return new Response(null, { status, headers });
  if (typeof stub.body === "string" && !headers.has("Content-Type")) {
    headers.set("Content-Type", "text/plain");
    return new Response(stub.body, { status, headers });
  }
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify(stub.body), { status, headers });
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers ?? {}).forEach((value, key) => (out[key.toLowerCase()] = value));
  return out;
}

/**
 * Stubs `fetch` with `"METHOD /api/path"` (or `"METHOD /api/path?query"`) → response. Every call
 * is recorded; a request no route answers fails the test when it finishes (see `unmatched`).
 */
export interface StubOptions {
  /**
   * "fail" (default): a request no route answers fails the test. "pending": it is recorded and
   * never answered, for tests about something else than the screens' own data (routing).
   */
  unmatched?: "fail" | "pending";
}

/** A proof-of-work challenge whose answer is 0, so the bot check costs nothing in tests. */
export function trivialChallenge(salt = `test-${Math.random().toString(36).slice(2)}`) {
  return {
    algorithm: "SHA-256",
    challenge: createHash("sha256").update(`${salt}0`).digest("hex"),
    maxnumber: 10,
    salt,
    signature: "test-signature",
  };
}

export function stubApi(routes: Record<string, RouteHandler>, { unmatched = "fail" }: StubOptions = {}): ApiStub {
  const calls: ApiCall[] = [];
  const unexpected: string[] = [];
  let finished = false;
  const never = () => new Promise<Response>(() => undefined);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    // Like fetch: a request whose signal is already aborted never leaves (an element gone since).
    if (init?.signal?.aborted) throw abortError();
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, location.href);
    // A page an earlier test left (`leave`): not this test's request.
    if (url.origin === LEFT_PAGE_ORIGIN) return never();
    const method = (init?.method ?? "GET").toUpperCase();
    const raw = init?.body;
    let body: unknown = raw ?? undefined;
    if (typeof raw === "string") {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const call: ApiCall = {
      url: url.href,
      path: url.pathname + url.search,
      query: url.searchParams,
      method,
      headers: headersOf(init),
      body,
    };
    const key = routeKey(method, url).find((k) => Object.hasOwn(routes, k));
    // Forms solve a bot-check challenge as they show; unless a test cares, serve one solved by n = 0.
    if (!key && url.pathname.endsWith("/bot-check/challenge")) return toResponse({ body: trivialChallenge() });
    // The header's count and the dashboard's action banner read what needs the customer; unless a test cares, nothing does.
    if (!key && method === "GET" && url.pathname.endsWith("/me/notifications")) {
      return toResponse({ body: { entries: [], total: 0, actionRequired: 0 } });
    }
    // "My information" reads the notification preferences below the profile; unless a test cares, the defaults.
    if (!key && method === "GET" && url.pathname.endsWith("/me/notification-preferences")) {
      return toResponse({ body: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, DEFAULT_CHANNELS[type]])) });
    }
    // The core reports each company opened to the activity log (src/core/index.ts); unless a test cares, it is recorded.
    if (!key && method === "POST" && url.pathname.endsWith("/me/security/company-switch")) return toResponse({ status: 204 });
    calls.push(call);
    if (!key && unmatched === "pending") return abortable(new Promise<Response>(() => undefined), init?.signal);
    if (!key) {
      unexpected.push(`${method} ${url.pathname}${url.search}`);
      throw new TypeError(`stubApi: unexpected request ${method} ${url.href}`);
    }
    const handler = routes[key]!;
    const stub = await abortable(Promise.resolve(typeof handler === "function" ? handler(call) : handler), init?.signal);
    // An answer that comes once its test is over is never delivered: it would act on the next test's page.
    if (finished) return never();
    return toResponse(stub);
  });
  vi.stubGlobal("fetch", fetchMock);
  onTestFinished(() => {
    finished = true;
    vi.unstubAllGlobals();
    // Requests of elements left over from this test never reach the network nor the next test.
    vi.stubGlobal("fetch", never);
    if (unexpected.length) throw new Error(`Unexpected API requests:\n  ${unexpected.join("\n  ")}`);
  });
  const callsTo = (key: string) => {
    const [method, path] = key.split(" ") as [string, string];
    return calls.filter((c) => c.method === method && (c.path === path || c.path.split("?")[0] === path));
  };
  return { calls, callsTo, fetch: fetchMock };
}

// ---------------------------------------------------------------------------------------------
// Fixtures

export function company(overrides: Partial<Entreprise> = {}): Entreprise {
  return {
    idTier: "T1",
    token: "company-token-1",
    codeReseau: "FRA",
    formeJuridique: "SARL",
    raisonSocial: "Ferme des Tilleuls",
    immatriculation: "552100554",
    numeroClient: "C-100100",
    derniereMiseAJour: new Date().toISOString().slice(0, 10),
    ...overrides,
  };
}

export function user(companies: Entreprise[] = [company()], overrides: Partial<User> = {}): User {
  return {
    uuidCompte: "uuid-1",
    infosConnexion: { emailLogin: "jean@ferme.test" },
    codeReseau: companies[0]?.codeReseau ?? "FRA",
    token: "user-token",
    entreprises: companies,
    ...overrides,
  };
}

/** What POST /auth/login and /auth/refresh answer. */
export function sessionBody(u: User = user(), expiresIn = 900): { accessToken: string; expiresIn: number; user: User } {
  return { accessToken: "access-token", expiresIn, user: u };
}

/**
 * The API side of a logged-in page: the HttpOnly session cookie lets POST /auth/refresh answer
 * with the store's current user (401 when nobody is logged in). Spread it into `stubApi` when a
 * test logs in with `connectUser` and then makes authenticated calls, which may refresh first.
 */
export function sessionRoutes(): Record<string, RouteHandler> {
  return {
    "POST /api/auth/refresh": () => {
      const current = getCore().store.getState().auth.user;
      return current ? { body: sessionBody(withTokensOf(current, signedIn)) } : problem(401);
    },
  };
}

let signedIn: User | null = null;

/** The access token the page's next authenticated call carries. */
export function currentToken(): string | null {
  const core = getCore();
  return core.tokens.forCompany(core.store.getState().auth.companyId);
}

/** The page's theme (the account's, the brand site's or the page's). */
export function currentTheme(): Theme {
  const core = getCore();
  return themeOf(core.store.getState(), core.config);
}

/** What a login does to the page: the session keeps the tokens, the store the account (without them). */
export function signIn(account: User): void {
  signedIn = account;
  const core = getCore();
  core.tokens.remember(account);
  core.store.getState().connectUser(account);
}

/** The store's account (perhaps edited since) with the tokens the login gave. */
function withTokensOf(current: User, login: User | null): User {
  if (!login || login.uuidCompte !== current.uuidCompte) return current;
  const tokenOf = new Map(login.entreprises.map((e) => [e.idTier, e.token]));
  return { ...current, token: login.token, entreprises: current.entreprises.map((e) => ({ ...e, token: tokenOf.get(e.idTier) })) };
}

/** Collects `name` events reaching `target` (document by default). */
export function listen<T = unknown>(
  name: string,
  target: EventTarget = document,
  onEvent?: (event: CustomEvent<T>) => void,
): CustomEvent<T>[] {
  const seen: CustomEvent<T>[] = [];
  const handler = (event: Event) => {
    seen.push(event as CustomEvent<T>);
    onEvent?.(event as CustomEvent<T>);
  };
  target.addEventListener(name, handler);
  onTestFinished(() => target.removeEventListener(name, handler));
  return seen;
}
