import type axeCore from "axe-core";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { crc32, deflateSync } from "node:zlib";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { FIRST_SCREEN_ATTRIBUTE, IS_LOGGED_COOKIE, STORAGE_KEY } from "../src/contract/constants";
import { createMaccStore } from "../src/core/store";
import type { User } from "../src/core/types";
import { MemoryStorage } from "../src/test/memory-storage";
import { botCheckSolution } from "../src/test/bot-check-solution";
import type { BotCheckChallenge } from "../src/contract/bot-check";

export const PASSWORD = "Macc2026!";

/**
 * The portal's own drawing has replaced the first screen the page's HTML brought (inert until
 * then): what a keyboard user needs before Tab reaches the portal.
 */
export async function portalTakenOver(page: Page): Promise<void> {
  await expect(page.locator("macc-portal").locator(`[${FIRST_SCREEN_ATTRIBUTE}]`)).toHaveCount(0);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe's WCAG 2.0/2.1/2.2 A and AA violations (it reads inside open shadow roots), as lines. axe runs
 * in the page, injected once per page load: parsing its half-megabyte source on every check cost
 * more than the check itself. `within` limits it to a part of a shadow root (["macc-portal", "main"]).
 */
export async function axeViolations(page: Page, within?: [string, string]): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (shadowPath) => {
    const axe = (window as unknown as { axe: typeof axeCore }).axe;
    const results = await axe.run(shadowPath ? { include: [{ fromShadowDom: shadowPath }] } : document, {
      resultTypes: ["violations"],
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  }, within ?? null);
}

/**
 * WCAG 2.2 AA through axe, then our own button contrast check. The sweep (a11y.spec.ts) checks every
 * route's first screen and the empty-submit error summaries: a flow calls this only on the states it
 * alone reaches (server answers, later steps, dialogs, host pages).
 */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  expect(await unreadableButtons(page)).toEqual([]);
}

/**
 * Every visible button and link styled as a button (class `btn` or a background of its own), in
 * the page and in every open shadow root: text colour differs from the background and contrasts
 * at 4.5:1 or more. axe only lists such contrasts as "needs review" when it cannot decide, which
 * let a label drawn in its own background colour through.
 */
export async function unreadableButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const n = css.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      return [n[0] ?? 0, n[1] ?? 0, n[2] ?? 0, n[3] ?? 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i]! * a + below[i]! * (1 - a)).concat(1) as Rgba;
    };
    // WCAG 2.x relative luminance.
    const luminance = ([r, g, b]: Rgba) =>
      [r, g, b]
        .map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    const parentOf = (el: Element): Element | null => el.parentElement ?? (el.parentNode as ShadowRoot | null)?.host ?? null;
    /** The colour painted behind an element: its own background over its ancestors', over a white canvas. */
    const backgroundOf = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let node: Element | null = el; node; node = parentOf(node)) {
        const color = parse(getComputedStyle(node).backgroundColor);
        if (color[3] > 0) layers.push(color);
        if (color[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((below, top) => over(top, below), [255, 255, 255, 1]);
    };
    const all: Element[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll("*")) {
        all.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    const problems: string[] = [];
    for (const el of all) {
      if (!el.matches("button, input[type=button], input[type=submit], input[type=reset], [role=button], a[href]")) continue;
      const style = getComputedStyle(el);
      const isLinkButton = el.matches("a[href]:not(.btn, [role=button])");
      if (isLinkButton && parse(style.backgroundColor)[3] === 0) continue;
      const box = el.getBoundingClientRect();
      if (
        box.width === 0 ||
        box.height === 0 ||
        !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) ||
        el.matches(":disabled")
      )
        continue;
      const background = backgroundOf(el);
      const text = over(parse(style.color), background);
      const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      const label = `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
      if (style.color === style.backgroundColor) problems.push(`${label}: text colour ${style.color} equals its background`);
      else if (ratio < 4.5)
        problems.push(
          `${label}: contrast ${ratio.toFixed(2)}:1 (${style.color} on rgb(${background.slice(0, 3).map(Math.round).join(", ")}))`,
        );
    }
    return problems;
  });
}

/** Collects Content-Security-Policy violations and page errors: a strict-CSP page must stay clean. */
export function watchPage(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { problems };
}

/** Logs in through the French login form, standalone (`macc-login`) or inside `<macc-portal>`. */
export async function logIn(page: Page, email: string, host: "macc-login" | "macc-portal" = "macc-login") {
  const labels = { email: "Adresse e-mail", password: "Mot de passe", submit: "Se connecter" };
  const login = page.locator(host);
  await login.getByLabel(labels.email).fill(email);
  await login.getByLabel(labels.password, { exact: true }).fill(PASSWORD);
  await login.getByRole("button", { name: labels.submit, exact: true }).click();
}

/** Solves the API's proof-of-work challenge, for tests that call protected endpoints directly. */
export async function botCheckHeader(request: APIRequestContext, origin = ""): Promise<Record<string, string>> {
  const challenge = (await (await request.get(`${origin}/api/bot-check/challenge`)).json()) as BotCheckChallenge;
  return { "X-Bot-Check": botCheckSolution(challenge) };
}

/**
 * Logs in through the API, for the tests about what comes after the login form (the form and the
 * company choice have tests of their own): the browser ends as the form and the choice leave it —
 * the HttpOnly refresh cookie of the answer, the isLogged flag cookie, and the account as the
 * app's own store saves it, acting for the company at `companyIndex` — then opens `path` (the
 * dashboard unless told). No login page to load, no proof of work in the page, no choice screen.
 */
export async function enterPortal(page: Page, email: string, companyIndex = 0, path = "/portail/mon-compte") {
  await keepSession(page, email, companyIndex);
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
}

/**
 * enterPortal's session without its last step: the page is left on the API's health check of
 * `origin` (the page's base URL unless given; the Lighthouse bench gives its server's), or of the
 * last of `pageOrigins`, the same server behind other addresses (the bench's HTTPS front): one
 * login, whose cookies, kept per host, serve them all, and the stored state set on each origin.
 */
export async function keepSession(page: Page, email: string, companyIndex = 0, origin = "", pageOrigins = [origin]) {
  const answer = await page.request.post(`${origin}/api/auth/login`, {
    data: { email, password: PASSWORD },
    headers: await botCheckHeader(page.request, origin),
  });
  expect(answer.status()).toBe(200);
  const { user } = (await answer.json()) as { user: User };
  for (const pageOrigin of pageOrigins) {
    // Any page of the site gives the origin's storage and cookies; the health check is the lightest.
    // The store starts from what the page already keeps (a site's theme, a basket…), as on the page.
    await page.goto(`${pageOrigin}/api/health`);
    const storage = new MemoryStorage();
    const kept = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
    if (kept) storage.setItem(STORAGE_KEY, kept);
    const store = createMaccStore({ storage });
    store.getState().connectUser(user);
    expect(store.getState().chooseCompany(user.entreprises[companyIndex]!.idTier)).not.toBeNull();
    await page.evaluate(
      ([key, value, cookie]) => {
        localStorage.setItem(key!, value!);
        document.cookie = `${cookie}=true; Path=/; SameSite=Lax`;
      },
      [STORAGE_KEY, storage.getItem(STORAGE_KEY)!, IS_LOGGED_COOKIE],
    );
  }
}

/**
 * Holds every request to `pattern` until `release()` is called (later requests then go through at
 * once): a waiting state can be asserted however slow the machine, which no fixed delay promises.
 */
export async function holdRequests(page: Page, pattern: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Records the page's layout shifts from its first frame (an init script, set before the page is
 * opened); the function returned reads their values so far.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { layoutShifts: number[] }).layoutShifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
}

/**
 * Links the elements draw to the country site's own pages that are not under the page's
 * `data-site-base` (read from the loader's tag): every link on our origin that is neither the
 * portal's (`data-portal-base`) nor the API's or a file's must be.
 */
export function siteLinksOutsideBase(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const loader = document.querySelector<HTMLScriptElement>("script[data-site-base]");
    if (!loader) throw new Error("the page sets no data-site-base");
    const siteBase = loader.dataset.siteBase!.replace(/\/+$/, "");
    const portalBase = (loader.dataset.portalBase ?? "").replace(/\/+$/, "");
    const outside: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll("*")) {
        if (el.shadowRoot) walk(el.shadowRoot);
        if (root === document || !(el instanceof HTMLAnchorElement) || !el.href) continue;
        const url = new URL(el.href);
        if (url.origin !== location.origin) continue;
        const path = url.pathname;
        const elsewhere = (portalBase && (path === portalBase || path.startsWith(`${portalBase}/`))) || /^\/(api|static)\//.test(path);
        if (!elsewhere && !path.startsWith(`${siteBase}/`)) outside.push(`"${(el.textContent ?? "").trim().slice(0, 30)}" → ${path}`);
      }
    };
    walk(document);
    return outside;
  });
}

/** A real photo for the browser to decode and resize: a PNG of `width` × `height` in one colour. */
export function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * POSTs to `url` reach the API, which records them, but their answers never reach the page (a
 * connection reset) until `deliver()`; each one's Idempotency-Key and each lost answer's status are kept.
 */
export async function loseAnswers(page: Page, url: string | RegExp) {
  const keys: string[] = [];
  const lostStatuses: number[] = [];
  let lost = true;
  await page.route(url, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    if (!lost) return route.continue();
    lostStatuses.push((await route.fetch()).status());
    await route.abort("connectionreset");
  });
  return { keys, lostStatuses, deliver: () => void (lost = false) };
}
