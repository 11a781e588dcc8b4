// The Lighthouse part of the benchmark: the performance category with Lighthouse's default mobile
// preset (simulated slow 4G and 4× slower CPU) on the demo pages, each page several times (the
// median of each figure: one run is noisy on a shared machine).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { onStop } from "./bench-processes.mjs";

const PAGES = [
  { name: "France page", path: "/france.html" },
  { name: "footer page", path: "/footer.html" },
  { name: "portal login", path: "/portail" },
];

/** Issue 12's goals, on every page. */
const GOALS = [
  { label: "score ≥ 98", test: (f) => f.score >= 98 },
  { label: "LCP ≤ 1.5 s", test: (f) => f.lcp <= 1500 },
  { label: "CLS 0", test: (f) => f.cls === 0 },
];

export const LIGHTHOUSE_COLUMNS = ["page", "score", "FCP", "LCP", "TBT", "CLS", "goal"];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One Lighthouse run: the score (0–100) and the figures in ms (CLS unitless). */
async function runOnce(url, port) {
  const { lhr } = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id].numericValue;
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
  };
}

/** `runs` runs of a page; each figure is the median of its runs. */
async function measurePage(url, port, runs) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await runOnce(url, port));
  const figures = Object.fromEntries(Object.keys(all[0]).map((key) => [key, median(all.map((run) => run[key]))]));
  console.log(`bench: Lighthouse ${url}: ${all.map((run) => run.score).join(", ")} → ${figures.score}`);
  return figures;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** Every page on the demo server at `origin`, in one Chromium. Returns the report rows. */
export async function measureLighthouse(origin, runs) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu"],
    handleSIGINT: false, // bench.mjs stops everything it started, Chromium included
  });
  const stop = onStop(() => chrome.kill());
  try {
    const rows = [];
    for (const page of PAGES) {
      const f = await measurePage(`${origin}${page.path}`, chrome.port, runs);
      rows.push({
        cells: [
          `${page.name} (\`${page.path}\`)`,
          String(f.score),
          seconds(f.fcp),
          seconds(f.lcp),
          `${Math.round(f.tbt)} ms`,
          f.cls.toFixed(3),
          GOALS.map((g) => g.label).join(", "),
        ],
        ok: GOALS.every((g) => g.test(f)),
      });
    }
    return rows;
  } finally {
    await stop();
  }
}
