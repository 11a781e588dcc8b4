// The Lighthouse part of the benchmark: the performance category with Lighthouse's default mobile
// preset (simulated slow 4G and 4× slower CPU) on the demo pages, each page several times (the
// median of each figure: one run is noisy on a shared machine). The login pages are measured as a
// first visit; the portal's screens behind the login as a customer coming back with a cold cache,
// served as in production, over HTTPS and HTTP/2 (scripts/bench-tls-front.mjs), and, for reference,
// over the reference server's own HTTP/1.1.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "@playwright/test";
import { tsImport } from "tsx/esm/api";
import { onStop, startTlsFront } from "./bench-processes.mjs";

/** Issue 12's goals, on the pages a first visit opens (anonymous, storage reset). */
const FIRST_VISIT_GOALS = [
  { label: "score ≥ 98", test: (f) => f.score >= 98 },
  { label: "LCP ≤ 1.5 s", test: (f) => f.lcp <= 1500 },
  { label: "CLS 0", test: (f) => f.cls === 0 },
];

/** Issue 27's goals behind the login, on a cold cache: the default mobile preset… */
const LOGGED_IN_GOALS = [
  { label: "score ≥ 97", test: (f) => f.score >= 97 },
  { label: "LCP ≤ 2.0 s", test: (f) => f.lcp <= 2000 },
  { label: "CLS 0", test: (f) => f.cls === 0 },
];
/** …and a slower rural line, where only the LCP has a goal (the score's curve is set for the preset). */
const RURAL = { rttMs: 300, throughputKbps: 750, cpuSlowdownMultiplier: 4 };
const RURAL_GOALS = [{ label: "LCP ≤ 4 s", test: (f) => f.lcp <= 4000 }];
/** The same screens over the reference server's HTTP/1.1, shown beside the goals' rows without a goal of their own. */
const REFERENCE = [];

const FIRST_VISIT_PAGES = [
  { name: "France page", path: "/france.html" },
  { name: "footer page", path: "/footer.html" },
  { name: "portal login", path: "/portail" },
];

/** The demo account the logged-in pages are measured as, on its first company (invoices, products). */
const CUSTOMER = "multi@demo.macc.test";
const LOGGED_IN_PAGES = [
  { name: "dashboard", path: "/portail/mon-compte" },
  { name: "invoices", path: "/portail/mon-compte/factures" },
  { name: "product fleet", path: "/portail/mon-compte/parc-produits" },
];

export const LIGHTHOUSE_COLUMNS = ["page", "score", "FCP", "LCP", "TBT", "CLS", "transferred", "goal"];

/** The section's introduction in BENCHMARKS.md: how each kind of row is measured. */
export const lighthouseIntro = (runs) =>
  `Lighthouse 13, performance category, on the demo server (PGlite); the median of ${runs} runs per page, figure by figure. ` +
  `The login pages as a first visit (default mobile preset: simulated slow 4G, 4× slower CPU; storage reset), goal ${labels(FIRST_VISIT_GOALS)}. ` +
  `The portal's screens logged in as \`${CUSTOMER}\` (logged in through the API before the run, as the browser tests do), ` +
  `on a cold cache with the session kept (HTTP cache cleared, cookies and stored state kept), served over HTTPS and HTTP/2 as in production ` +
  "(a CDN or a reverse proxy in front of the reference server; here scripts/bench-tls-front.mjs, with a certificate made for the run): " +
  `with the default mobile preset, goal ${labels(LOGGED_IN_GOALS)}; ` +
  `and on a rural line (simulated ${RURAL.rttMs} ms round trip, ${RURAL.throughputKbps} kbps, ${RURAL.cpuSlowdownMultiplier}× slower CPU), goal ${labels(RURAL_GOALS)}. ` +
  "The same screens over the reference server's own HTTP/1.1, with the default preset, for reference: there the browser opens six connections, " +
  "each with its own handshake and slow start, which Lighthouse's simulation charges to the screen's many small files. " +
  "“Transferred” is what the page downloads, compressed, until it is loaded.";

const labels = (goals) => (goals.length ? goals.map((g) => g.label).join(", ") : "none (reference)");

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One Lighthouse run: the score (0–100), the figures in ms (CLS unitless) and the bytes transferred. */
async function runOnce(url, port, settings) {
  const { lhr } = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"], ...settings });
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id].numericValue;
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    bytes: audit("total-byte-weight"),
  };
}

/** `runs` runs of a page, each after `before()`; each figure is the median of its runs. */
async function measurePage(url, port, { runs, settings = {}, before = async () => {} }) {
  const all = [];
  for (let i = 0; i < runs; i++) {
    await before();
    all.push(await runOnce(url, port, settings));
  }
  const figures = Object.fromEntries(Object.keys(all[0]).map((key) => [key, median(all.map((run) => run[key]))]));
  console.log(`bench: Lighthouse ${url}: ${all.map((run) => `${run.score} (LCP ${seconds(run.lcp)})`).join(", ")} → ${figures.score}`);
  return figures;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

function row(name, f, goals) {
  return {
    cells: [
      name,
      String(f.score),
      seconds(f.fcp),
      seconds(f.lcp),
      `${Math.round(f.tbt)} ms`,
      f.cls.toFixed(3),
      `${(f.bytes / 1000).toFixed(1)} kB`,
      labels(goals),
    ],
    ok: goals.every((g) => g.test(f)),
  };
}

/** A row whose goals could not be measured: it fails the bench and says why. */
const notMeasured = (name, err) => ({
  cells: [`${name}: could not measure: ${err.message}`, ...LIGHTHOUSE_COLUMNS.slice(1).map(() => "")],
  ok: false,
});

/**
 * The customer's session in the browser Lighthouse drives, as the browser tests set it (e2e/support.ts):
 * refresh and device cookies, the isLogged flag and the stored state of each of `origins` (the
 * server's first). Returns what empties the HTTP cache.
 */
async function logInCustomer(origins, port) {
  const { keepSession } = await tsImport("../e2e/support.ts", import.meta.url);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  // Logged in through the server itself (Node would refuse the front's certificate); the stored
  // state is per origin, the cookies per host.
  await keepSession(page, CUSTOMER, 0, origins[0], origins);
  const cdp = await page.context().newCDPSession(page);
  return {
    clearCache: () => cdp.send("Network.clearBrowserCache"),
    close: () => browser.close(), // disconnects; the browser and its default context stay
  };
}

/** Every page on the demo server `server`, in one Chromium. Returns the report rows. */
export async function measureLighthouse(server, runs) {
  // Without a front (no `openssl`), the logged-in screens are measured over HTTP/1.1 only, their
  // goals' rows saying why they were not measured.
  const front = await startTlsFront(server.port).catch((err) => ({ error: err }));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    // The front's certificate is made for the run: the browser accepts it (only loopback is visited).
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--ignore-certificate-errors"],
    handleSIGINT: false, // bench.mjs stops everything it started, Chromium included
  });
  const stop = onStop(() => chrome.kill());
  try {
    const rows = [];
    // Anonymous first: the session set below would turn the login page into the dashboard.
    for (const page of FIRST_VISIT_PAGES) {
      const f = await measurePage(`${server.origin}${page.path}`, chrome.port, { runs });
      rows.push(row(`${page.name} (\`${page.path}\`)`, f, FIRST_VISIT_GOALS));
    }
    const session = await logInCustomer(front.error ? [server.origin] : [server.origin, front.origin], chrome.port);
    try {
      // Lighthouse's storage reset also empties the cache: the session is kept, the cache emptied here.
      const measure = (origin, page, throttling) =>
        measurePage(`${origin}${page.path}`, chrome.port, {
          runs,
          before: session.clearCache,
          settings: { disableStorageReset: true, ...(throttling && { throttling }) },
        });
      for (const page of LOGGED_IN_PAGES) {
        const name = `${page.name}, logged in, cold cache`;
        if (front.error) rows.push(notMeasured(`${name} (\`${page.path}\`), over HTTP/2`, front.error));
        else {
          rows.push(row(`${name} (\`${page.path}\`)`, await measure(front.origin, page), LOGGED_IN_GOALS));
          rows.push(row(`${name}, rural line`, await measure(front.origin, page, RURAL), RURAL_GOALS));
        }
        rows.push(row(`${name}, over HTTP/1.1`, await measure(server.origin, page), REFERENCE));
      }
    } finally {
      await session.close();
    }
    return rows;
  } finally {
    await stop();
  }
}
