// The API part of the benchmark: logs in as a demo account like the elements do (proof of work
// included), then loads each endpoint with autocannon beside the framework's ceiling measured in
// the same run, on one instance and on two instances behind a round-robin proxy.
import { solveChallenge } from "altcha-lib";
import autocannon from "autocannon";
import { startProxy, startServer } from "./bench-processes.mjs";

const DEMO_EMAIL = "multi@demo.macc.test";
const DEMO_PASSWORD = "Macc2026!"; // README "Demo accounts"
/** The demo company with about 2,150 invoices (server/demo/seed.ts), multi's FRA company. */
const BIG_COMPANY = "1004217";
const CONNECTIONS = 50;

/**
 * What is loaded, in this order. `expect`: the only status a correct answer has (a fast wrong
 * answer is no result). `scoped`: sent with the company-scoped token. `kind`: which goals apply.
 */
const TARGETS = {
  ceiling: { name: "unknown `/api` route (framework ceiling)", path: "/api/bench/unknown", expect: 404 },
  invoices: { name: "`GET /api/me/invoices?page=1`", path: "/api/me/invoices?page=1", scoped: true, kind: "read" },
  products: { name: "`GET /api/me/products` (product fleet)", path: "/api/me/products", scoped: true, kind: "read" },
  profile: { name: "`GET /api/me/profile`", path: "/api/me/profile", scoped: true, kind: "read" },
  footer: { name: "footer contact block (FRA)", path: "/api/servicesMACC/reseau/FRA/type/gen", kind: "public" },
  basket: { name: "basket items (2 items)", path: "/api/basket/items?ids=1001,1007", kind: "public" },
  static: { name: "static file (loader script)", path: "/static/js/macc-elements.js", kind: "public" },
};

/** A goal: its label in the report and its test of a measurement (`ratio`: share of the ceiling). */
const atLeastOfCeiling = (share) => ({ label: `≥ ${share * 100} % of ceiling`, test: (m) => m.ratio >= share });
const p99AtMost = (ms) => ({ label: `p99 ≤ ${ms} ms`, test: (m) => m.p99 <= ms });
const rpsAtLeast = (rps) => ({ label: `≥ ${rps} req/s`, test: (m) => m.rps >= rps });
/** Every run: no connection error, no timeout, only the expected status. */
const clean = { label: "no error", test: (m) => m.errors === 0 && m.timeouts === 0 && m.wrongStatus === 0 };

/**
 * Issue 12's goals by kind and engine. Authenticated reads: the invoice list's goals, "product
 * fleet and profile reads likewise". Public cacheable answers: the footer's half of the ceiling,
 * held by the basket items and the static file too ("served from memory", "as fast as the ceiling allows").
 */
const PUBLIC_GOALS = [atLeastOfCeiling(0.5)];
const GOALS = {
  read: { PostgreSQL: [atLeastOfCeiling(0.5), p99AtMost(100)], PGlite: [rpsAtLeast(500), p99AtMost(250)] },
  public: { PostgreSQL: PUBLIC_GOALS, PGlite: PUBLIC_GOALS },
};
const goalsOf = (engine, key) => [...(GOALS[TARGETS[key].kind]?.[engine] ?? []), clean];
/** Issue 27: a search by a fragment of 3 characters or more, cache missed, p99 ≤ 100 ms on either engine (PGlite: the demo's data). */
const SEARCH_GOALS = [p99AtMost(100), clean];
/** Seconds of the search's load at most: more would send more requests than there are distinct fragments (the cache would answer the repeats). */
const SEARCH_SECONDS = 5;

async function json(response, what) {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** The `X-Bot-Check` proof of a fresh challenge, solved as the elements solve it; `get` fetches the challenge (timed by the soak). */
export async function botCheckProof(origin, get = fetch) {
  const challenge = await json(await get(`${origin}/api/bot-check/challenge`), "bot-check challenge");
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error("bot-check challenge without solution");
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature })).toString(
    "base64",
  );
}

/** Logs in as the demo account; returns the access token scoped to the company with 2,150 invoices. */
async function companyToken(origin) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Bot-Check": await botCheckProof(origin) },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const { user } = await json(response, "login");
  const company = user.entreprises.find((e) => e.idTier === BIG_COMPANY);
  if (!company?.token) throw new Error(`login: no token for company ${BIG_COMPANY}`);
  return company.token;
}

/** Checks that the token reads the big invoice list on that instance (a 401 or an empty list is no benchmark). */
async function assertInvoices(origin, token) {
  const page = await json(await fetch(`${origin}${TARGETS.invoices.path}`, { headers: auth(token) }), "invoice list");
  if (!(page.total >= 2000)) throw new Error(`invoice list: expected about 2,150 invoices, got ${page.total}`);
}

const auth = (token) => ({ Authorization: `Bearer ${token}` });

/**
 * One autocannon run; `duration` in seconds, or `amount` requests (a warm-up). A target with
 * `paths` sends the next of them on each request (cycling), instead of its one `path`.
 */
async function load(origin, target, token, { connections = CONNECTIONS, duration, amount }) {
  let i = 0;
  const result = await autocannon({
    url: `${origin}${target.path ?? ""}`,
    connections,
    ...(amount ? { amount } : { duration }),
    headers: target.scoped ? auth(token) : {},
    ...(target.paths && { requests: [{ setupRequest: (req) => ({ ...req, path: target.paths[i++ % target.paths.length] }) }] }),
  });
  const expected = String(target.expect ?? 200);
  const wrongStatus = Object.entries(result.statusCodeStats)
    .filter(([status]) => status !== expected)
    .reduce((sum, [, { count }]) => sum + count, 0);
  return {
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    wrongStatus,
    sent: result.requests.total,
    distinct: target.paths?.length ?? 1,
  };
}

/** Runs one target: a short warm-up (JIT, caches), then the measured load. */
async function measure(origin, key, token, options) {
  const target = TARGETS[key];
  await load(origin, target, token, { connections: 10, amount: 200 });
  const m = await load(origin, target, token, options);
  console.log(`bench: ${key} @${m.connections}: ${Math.round(m.rps)} req/s, p99 ${m.p99} ms`);
  return m;
}

/** A fragment of 3–8 characters cut at random from `text`, as a customer types part of a number or reference. */
export function fragmentOf(text, random = Math.random) {
  const length = Math.min(text.length, 3 + Math.floor(random() * 6));
  const start = Math.floor(random() * (text.length - length + 1));
  return text.slice(start, start + length).trim();
}

/** Up to `max` distinct search fragments of 3 characters or more, each cut from a text drawn at random. */
export function distinctFragments(texts, max, random = Math.random) {
  const seen = new Set();
  for (let tries = 0; seen.size < max && tries < 4 * max; tries++) {
    const fragment = fragmentOf(texts[Math.floor(random() * texts.length)], random);
    if (fragment.length >= 3) seen.add(fragment);
  }
  return [...seen];
}

/** The big company's invoice numbers and order references, read through its list (100 a page). */
async function invoiceTexts(origin, token) {
  const texts = [];
  for (let page = 1; ; page++) {
    const answer = await json(await fetch(`${origin}/api/me/invoices?page=${page}&pageSize=100`, { headers: auth(token) }), "invoice list");
    texts.push(...answer.items.flatMap((i) => [i.number, i.reference].filter(Boolean)));
    if (page * 100 >= answer.total) return texts;
  }
}

/**
 * Issue 27: the big company's search with a different fragment on every request (3–8 characters
 * cut from its numbers and references), so that neither the response cache nor the count cache
 * answers; `distinct` says how many fragments were drawn (a load sending more repeats some).
 */
export async function measureSearch(origin, token, duration) {
  const fragments = distinctFragments(await invoiceTexts(origin, token), 20_000);
  const paths = (list) => list.map((q) => `/api/me/invoices?q=${encodeURIComponent(q)}`);
  // Warmed as the other requests are (200 at 10 connections), on fragments the load does not send,
  // so that no measured answer is kept beforehand.
  const warm = fragments.splice(-200);
  await load(origin, { paths: paths(warm), scoped: true }, token, { connections: 10, amount: warm.length });
  const m = await load(origin, { paths: paths(fragments), scoped: true }, token, { duration });
  console.log(
    `bench: search @${CONNECTIONS}: ${Math.round(m.rps)} req/s, p99 ${m.p99} ms (${m.sent} sent, ${m.distinct} distinct fragments)`,
  );
  return m;
}

/** A report row of a measurement against its goals. */
function row(name, m, ceiling, goals) {
  const ratio = ceiling ? m.rps / ceiling.rps : undefined;
  const measured = { ...m, ratio };
  return {
    cells: [
      name,
      String(m.connections),
      Math.round(m.rps).toLocaleString("en-GB"),
      ratio === undefined ? "" : `${Math.round(ratio * 100)} %`,
      String(m.p50),
      String(m.p99),
      `${m.errors} / ${m.timeouts} / ${m.wrongStatus}`,
      goals.map((g) => g.label).join(", "),
    ],
    ok: goals.every((g) => g.test(measured)),
  };
}

export const API_COLUMNS = [
  "request",
  "connections",
  "req/s",
  "of ceiling",
  "p50 ms",
  "p99 ms",
  "errors / timeouts / wrong status",
  "goal",
];

/**
 * Every endpoint on one server, between two runs of the ceiling: the higher one counts, so a
 * moment of noise during one of them cannot flatter the ratios. The footer also at 10 connections,
 * as in the table.
 */
export async function measureEngine(engine, origin, duration) {
  const token = await companyToken(origin);
  await assertInvoices(origin, token);
  const first = await measure(origin, "ceiling", token, { duration });
  const runs = [];
  for (const key of ["invoices", "products", "profile", "footer", "basket", "static"]) {
    runs.push({ name: TARGETS[key].name, m: await measure(origin, key, token, { duration }), goals: goalsOf(engine, key) });
  }
  const search = await measureSearch(origin, token, Math.min(duration, SEARCH_SECONDS));
  runs.push({
    name: `search, a different fragment each request (${search.sent.toLocaleString("en-GB")} sent, ${search.distinct.toLocaleString("en-GB")} distinct, ${Math.min(duration, SEARCH_SECONDS)} s)`,
    m: search,
    goals: SEARCH_GOALS,
  });
  const footer10 = await measure(origin, "footer", token, { duration, connections: 10 });
  runs.push({ name: `${TARGETS.footer.name}, as in the issue`, m: footer10, goals: [clean] });
  const last = await measure(origin, "ceiling", token, { duration });
  const ceiling = first.rps >= last.rps ? first : last;
  return [
    row(`${TARGETS.ceiling.name}, first run`, first, undefined, [clean]),
    row(`${TARGETS.ceiling.name}, last run`, last, undefined, [clean]),
    ...runs.map(({ name, m, goals }) => row(name, m, ceiling, goals)),
  ];
}

/** True when a login on `from` gives a token that `to` accepts for the company's data. */
async function loginCarriesOver(from, to) {
  const token = await companyToken(from.origin);
  const response = await fetch(`${to.origin}/api/me`, { headers: auth(token) });
  return response.status === 200 && (await response.json()).idTier === BIG_COMPANY;
}

/**
 * Two instances on one PostgreSQL database (`first` already runs on it) behind the benchmark's
 * proxy: the invoice load through the proxy, and a login on each instance used on the other.
 */
export async function measureTwoInstances(first, databaseUrl, duration) {
  const second = await startServer({ url: databaseUrl });
  const proxy = await startProxy([first.port, second.port]);
  try {
    const token = await companyToken(proxy.origin);
    await assertInvoices(proxy.origin, token);
    const m = await measure(proxy.origin, "invoices", token, { duration });
    const crossLogins = [await loginCarriesOver(first, second), await loginCarriesOver(second, first)];
    return [
      row(`${TARGETS.invoices.name} through the proxy`, m, undefined, [clean]),
      {
        cells: ["login on one instance, its token used on the other (both ways)", "", "", "", "", "", "", "accepted both ways"],
        ok: crossLogins.every(Boolean),
      },
    ];
  } finally {
    await proxy.stop();
    await second.stop();
  }
}
