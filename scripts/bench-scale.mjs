#!/usr/bin/env node
// `npm run bench:scale` (issue 27): the cost of the customer area as the group's data grows. One
// database per size (10 thousand, 1 million and 20 million invoices; `--size small`: 10 thousand
// and 100 thousand), generated in SQL by bench-scale-data.mjs and kept for the next run. At each
// size the reference server runs on that database and autocannon loads it at 50 connections with a
// different URL on every request where the request allows it (page, fragment, year and status drawn
// among those that exist), for the companies with 200, 5,000 and 50,000 invoices: the invoice list
// (first page, page 400, any page, search, year and status, sort by amount), the product fleet,
// the dashboard; the security activity (issue 29: first pages, deep cursors, a rare filter, the
// owner's team view), the notifications (issue 30) and 20,000 companies' dashboards, each request as another customer or from
// another cursor; then the login and the year's ZIP (time and the server's RSS), beside the
// framework's ceiling of the same run; once the server is stopped, the daily invoice digest of
// 100,000 customers, timed. EXPLAIN (ANALYZE, BUFFERS) of the statements the server's own app runs
// for the slowest list request. Writes BENCHMARKS.md's section between the `<!-- scale -->` markers.
//
// Database: DATABASE_URL's server (its user creates the macc_scale_* databases beside it), else a
// cluster of its own in .data/bench-scale-postgres, kept between runs (stopped at the end).
// Options: --size small|full (full), --only 10k|1m|20m|100k (that size measured, the others shown
// from their last measurement, kept in their databases), --regenerate, --generate-only. Environment:
// BENCH_SCALE_DURATION seconds per load (5), BENCH_SCALE_PORT and BENCH_SCALE_PG_PORT (free ports),
// BENCH_SCALE_OUT file to write (BENCHMARKS.md; "-": none).
// Run with `node --import tsx` (npm run bench:scale does): it uses the server's migrations, seed and queries.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statfsSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createApp } from "../server/app.ts";
import { hashPassword } from "../server/auth/passwords.ts";
import { signAccessToken } from "../server/auth/tokens.ts";
import { defaultConfig } from "../server/config.ts";
import { postgresDb } from "../server/db/db.ts";
import { LOCALES } from "../src/contract/constants.ts";
import { migrate } from "../server/db/migrate.ts";
import { DEMO_PASSWORD, seedDemoIfEmpty } from "../server/demo/seed.ts";
import { queueInvoiceDigest } from "../server/jobs/notification-digest.ts";
import { botCheckProof } from "./bench-api.mjs";
import { freePort, onStop, startServer, stopAll } from "./bench-processes.mjs";
import {
  ACCOUNTANT_EMAIL,
  ACCOUNTS,
  activityRowsAt,
  COMPANIES,
  emailOf,
  GENERATOR_VERSION,
  generate,
  idTierOf,
  measuredAt,
  readMarker,
} from "./bench-scale-data.mjs";
import { withMarkedSection } from "./marked-section.mjs";

const SIZES = {
  small: { totals: [10_000, 100_000], diskGb: 1 },
  full: { totals: [10_000, 1_000_000, 20_000_000], diskGb: 30 },
};
const CLUSTER_DIR = ".data/bench-scale-postgres";
const CONNECTIONS = 50;
const RAISED = "1000000";
const PAGE_SIZE = 25;
/** Distinct URLs drawn for a load at most (more than a 5 s load sends). */
const MAX_URLS = 20_000;
/** Logins per size (each with its own proof of work, solved before the load). */
const LOGINS = 200;
const SORTS = ["date", "number", "amount"].flatMap((sort) => ["asc", "desc"].map((order) => ({ sort, order })));
/** Issue 27's goals, for the company with 50,000 invoices among 20 million. */
const GOALS = { list: 50, search: 100 };
/** Issue 29's goal for a page of the activity log (1 million lines); issue 30's for the daily digest of 100,000 customers. */
const ACTIVITY_GOAL_MS = 50;
const DIGEST_GOAL_S = 60;
/** Accounts whose activity's first page is asked (a different one each request), and customers whose notifications are. */
const ACTIVITY_ACCOUNTS = 2_000;
const NOTIFIED = 20_000;
/** Companies whose dashboard is asked once each, after the customers whose notifications are (accounts and companies NOTIFIED + 1…). */
const DASHBOARDS = 20_000;
/**
 * The server's access-token secret this run: the bench signs tokens itself for sessions it opens
 * in SQL (logging in thousands of customers would cost their proofs of work and password checks).
 */
const TOKEN_SECRET = randomBytes(32).toString("base64url");
const BENCH_SESSIONS = "bench:scale";

const label = (total) => (total >= 1_000_000 ? `${total / 1_000_000}m` : `${total / 1_000}k`);
const n = (value) => Math.round(value).toLocaleString("en-GB");
const log = (line) => console.log(`bench:scale: ${line}`);
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const int = (lo, hi) => lo + Math.floor(Math.random() * (hi - lo + 1));

function readOptions() {
  const { values } = parseArgs({
    options: {
      size: { type: "string", default: "full" },
      only: { type: "string" },
      regenerate: { type: "boolean" },
      "generate-only": { type: "boolean" },
    },
  });
  if (!SIZES[values.size]) throw new Error(`--size: expected ${Object.keys(SIZES).join(" or ")}, got ${values.size}`);
  const labels = SIZES[values.size].totals.map(label);
  if (values.only && !labels.includes(values.only)) throw new Error(`--only: expected one of ${labels.join(", ")}, got ${values.only}`);
  const out = process.env.BENCH_SCALE_OUT ?? "BENCHMARKS.md";
  const duration = Number(process.env.BENCH_SCALE_DURATION ?? 5);
  if (!(duration > 0)) throw new Error(`BENCH_SCALE_DURATION: expected seconds, got ${process.env.BENCH_SCALE_DURATION}`);
  return {
    size: values.size,
    regenerate: !!values.regenerate,
    generateOnly: !!values["generate-only"],
    only: values.only,
    duration,
    out: out === "-" ? undefined : out,
  };
}

/** Free space where the data goes, in GB (the local cluster's folder; unknown on another server). */
function checkDisk(size, local) {
  const need = SIZES[size].diskGb;
  if (!local) return log(`the ${size} data set needs about ${need} GB on the database server`);
  const { bavail, bsize } = statfsSync(local);
  const free = (bavail * bsize) / 1e9;
  log(`the ${size} data set needs about ${need} GB; ${free.toFixed(1)} GB free under ${local}`);
  return free;
}

/**
 * This bench's own cluster in CLUSTER_DIR, created the first time and kept (fsync off: it is
 * generated again when lost), with the settings of a bulk load. Started here, it is stopped at the
 * end of the run; already running (another run of this bench), it is used as it is.
 */
async function ownCluster() {
  mkdirSync(CLUSTER_DIR, { recursive: true });
  const pidFile = `${CLUSTER_DIR}/data/postmaster.pid`;
  const env = { ...process.env, DIR: new URL(`../${CLUSTER_DIR}`, import.meta.url).pathname };
  const ctl = (command) =>
    execFileSync("bash", ["-c", `source .ci/run; PG_TMP=$DIR; ${command}`], { env, stdio: ["ignore", "inherit", "inherit"] });
  const running = () => {
    try {
      ctl('as_postgres "$(pg_bindir)/pg_ctl" -D "$DIR/data" status >/dev/null');
      return true;
    } catch {
      return false;
    }
  };
  if (!running()) {
    env.PORT = process.env.BENCH_SCALE_PG_PORT ?? String(await freePort());
    const settings = [
      "listen_addresses=127.0.0.1",
      "unix_socket_directories=$DIR",
      "fsync=off",
      "synchronous_commit=off",
      "full_page_writes=off",
      "wal_level=minimal",
      "max_wal_senders=0",
      "max_wal_size=8GB",
      "checkpoint_timeout=30min",
      "shared_buffers=1GB",
      "max_connections=200",
    ];
    // .ci/run's pg_bindir and as_postgres (the server refuses to run as root), on a lasting folder.
    ctl(`set -e
      bin=$(pg_bindir); [ -n "$bin" ] || { echo "no PostgreSQL server binaries found" >&2; exit 1; }
      if [ "$(id -u)" -eq 0 ]; then id -u postgres >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin postgres; chown postgres: "$DIR"; fi
      [ -f "$DIR/data/PG_VERSION" ] || as_postgres "$bin/initdb" -D "$DIR/data" -U postgres --auth=trust --encoding=UTF8 --no-locale --no-sync >/dev/null
      as_postgres "$bin/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 300 start -o "-p $PORT ${settings.map((s) => `-c ${s}`).join(" ")}" >/dev/null ||
        { tail -n 20 "$DIR/server.log" >&2; exit 1; }`);
    onStop(() => ctl('as_postgres "$(pg_bindir)/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null'));
  } else log(`${CLUSTER_DIR}: already running (another run), used as it is`);
  // postmaster.pid's fourth line: the port.
  const port = readFileSync(pidFile, "utf8").split("\n")[3];
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/** The URL of the database of one size on the same server as `serverUrl`. */
function databaseUrl(serverUrl, total) {
  const url = new URL(serverUrl);
  url.pathname = `/macc_scale_${label(total)}`;
  return url.toString();
}

/** The database of `total` invoices, generated unless an earlier run's (same size, same version) is there. */
async function ensureDatabase(serverUrl, total, regenerate) {
  const url = databaseUrl(serverUrl, total);
  const name = new URL(url).pathname.slice(1);
  const admin = postgresDb(serverUrl);
  try {
    const { rows } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rows.length > 0 && !regenerate) {
      const db = postgresDb(url);
      const marker = await readMarker(db).finally(() => db.close());
      if (marker?.version === GENERATOR_VERSION && Number(marker.invoices) >= total) {
        log(`${name}: generated earlier (${n(marker.invoices)} invoices in ${n(marker.seconds)} s), used again`);
        return { url, marker };
      }
    }
    if (rows.length > 0) {
      // No marker and sessions open on it: another run is generating it (left alone).
      const { rows: open } = await admin.query("SELECT 1 FROM pg_stat_activity WHERE datname = $1", [name]);
      if (open.length > 0 && !regenerate) return { busy: true };
      await admin.exec(`DROP DATABASE ${name} WITH (FORCE)`);
    }
    await admin.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  // One connection, with room to build the indexes.
  const db = postgresDb(url, { max: 1, options: "-c maintenance_work_mem=1GB" });
  try {
    log(`${name}: generating ${n(total)} invoices…`);
    await migrate(db);
    await seedDemoIfEmpty(db);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const marker = await generate(db, { size: label(total), total, passwordHash, log: (line) => log(`${name}: ${line}`) });
    log(`${name}: generated in ${n(marker.seconds)} s`);
    return { url, marker };
  } finally {
    await db.close();
  }
}

/** The listening process's id on `port` (the server's RSS is read from /proc). */
function pidOnPort(port) {
  const out = execFileSync("ss", ["-Hltnp", `sport = :${port}`], { encoding: "utf8" });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`no process listening on ${port}`);
  return Number(pid);
}

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** The API server's process, whose CPU time each load reads (set when a size's server starts). */
let serverPid = 0;

/** CPU time used so far by process `pid`, in ms (utime + stime of /proc/<pid>/stat, in 10 ms ticks); 0 once it has gone. */
function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // fields 3 onwards: utime is the 14th
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU ms so far of every PostgreSQL process of the machine, by process id. */
function databaseCpuMs() {
  const byPid = new Map();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") byPid.set(pid, processCpuMs(pid));
    } catch {
      // gone meanwhile
    }
  }
  return byPid;
}

/** Where a load's CPU went: the API server, PostgreSQL and this process (autocannon), from `cpuNow()` snapshots. */
function cpuNow() {
  const own = process.cpuUsage();
  return { api: processCpuMs(serverPid), database: databaseCpuMs(), client: (own.user + own.system) / 1000 };
}

/**
 * CPU ms a request, per part, between two `cpuNow()` snapshots. PostgreSQL's is summed over the
 * processes alive at the end (a worker that ended during the load takes its time with it; the pool's
 * connections live through it).
 */
function cpuPerRequest(before, after, requests) {
  let database = 0;
  for (const [pid, ms] of after.database) database += ms - (before.database.get(pid) ?? 0);
  const per = (ms) => ms / Math.max(1, requests);
  return { api: per(after.api - before.api), database: per(database), client: per(after.client - before.client) };
}

/**
 * One autocannon load: each request takes the next of `requests` (path, and method, headers and
 * body when not a GET), cycling when they run out. `amount`: that many requests instead of `duration`.
 */
async function load(origin, requests, { duration, amount, headers = {}, expect = 200 }) {
  let i = 0;
  const cpuBefore = cpuNow();
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    ...(amount ? { amount } : { duration }),
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, ...requests[i++ % requests.length] }) }],
  });
  const wrong = Object.entries(result.statusCodeStats)
    .filter(([status]) => Number(status) !== expect)
    .reduce((sum, [, { count }]) => sum + count, 0);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    sent: result.requests.total,
    distinct: new Set(requests.map((r) => r.path + (r.body ?? "") + (r.headers?.Authorization ?? ""))).size,
    errors: result.errors + result.timeouts + wrong,
    cpu: cpuPerRequest(cpuBefore, cpuNow(), result.requests.total),
  };
}

/** Up to MAX_URLS distinct paths drawn by `draw` (fewer when there are not that many). */
function distinctPaths(draw) {
  const seen = new Set();
  for (let tries = 0; seen.size < MAX_URLS && tries < 4 * MAX_URLS; tries++) seen.add(draw());
  return [...seen].map((path) => ({ path }));
}

const listPath = (o) =>
  `/api/me/invoices?${new URLSearchParams(Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ""))).toString()}`;

/** A list request's distinct paths (its draws, each option set once). */
const listPaths = (request) => distinctPaths(() => JSON.stringify(request.draw())).map((d) => ({ path: listPath(JSON.parse(d.path)) }));

/**
 * The list requests of one company: each a label, a drawer of options (a different URL each time
 * where the space allows) and its goal at 20 million. `facts`: its total, its (year, paid) counts,
 * and fragments of its numbers and references.
 */
function listRequests(facts) {
  const pages = (count, size = PAGE_SIZE) => Math.max(1, Math.ceil(count / size));
  const maxSize400 = Math.min(100, Math.floor((facts.total - 1) / 399));
  return [
    { key: "first", name: "first page", goal: GOALS.list, draw: () => ({ page: 1, pageSize: int(10, 100), ...pick(SORTS) }) },
    maxSize400 >= 1 && {
      key: "page400",
      name: "page 400",
      goal: GOALS.list,
      draw: () => ({ page: 400, pageSize: int(1, maxSize400), ...pick(SORTS) }),
    },
    { key: "any", name: "any page", goal: GOALS.list, draw: () => ({ page: int(1, pages(facts.total)), ...pick(SORTS) }) },
    {
      key: "search",
      name: "search by a fragment (3–8 characters)",
      goal: GOALS.search,
      draw: () => ({ q: pick(facts.fragments), ...pick(SORTS) }),
    },
    {
      key: "filter",
      name: "year and status",
      goal: GOALS.list,
      draw: () => {
        const g = pick(facts.groups);
        return { year: g.year, status: g.paid ? "paid" : "unpaid", page: int(1, pages(g.count)) };
      },
    },
    {
      key: "amount",
      name: "sorted by amount",
      goal: GOALS.list,
      draw: () => ({ sort: "amount", order: pick(["asc", "desc"]), page: int(1, pages(facts.total)) }),
    },
  ].filter(Boolean);
}

/** What the draws need, read from the database: the company's total, (year, paid) counts and search fragments. */
async function companyFacts(db, idTier) {
  const { rows: groups } = await db.query(
    `SELECT extract(year FROM date_facture)::int AS year, paid, count(*)::int AS count FROM invoices WHERE id_tier = $1 GROUP BY 1, 2`,
    [idTier],
  );
  const { rows: sample } = await db.query("SELECT numero, reference FROM invoices WHERE id_tier = $1 ORDER BY random() LIMIT 10000", [
    idTier,
  ]);
  const fragment = (text) => {
    const length = Math.min(text.length, int(3, 8));
    const start = int(0, text.length - length);
    return text.slice(start, start + length).trim();
  };
  const fragments = sample.flatMap((r) => [r.numero, r.reference].filter(Boolean).map(fragment)).filter((f) => f.length >= 3);
  return { total: groups.reduce((sum, g) => sum + g.count, 0), groups, fragments };
}

async function json(response, what) {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** Logs in as plan company `n`'s account: its company-scoped token. */
async function companyToken(origin, planN) {
  const { user } = await json(
    await fetch(`${origin}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Bot-Check": await botCheckProof(origin) },
      body: JSON.stringify({ email: emailOf(planN), password: DEMO_PASSWORD }),
    }),
    "login",
  );
  const company = user.entreprises.find((e) => e.idTier === idTierOf(planN));
  if (!company?.token) throw new Error(`login: no token for company ${idTierOf(planN)}`);
  return company.token;
}

/**
 * The queries the server runs for one request on a cache miss: the request answered in-process
 * by the server's own app (fresh caches) on a database that records each statement, then those
 * that read invoices under EXPLAIN (ANALYZE, BUFFERS). Its plans, one text each.
 */
async function explainRequest(db, path, token) {
  const seen = [];
  const recording = (q) => ({
    ...q,
    query: (sql, params) => {
      seen.push({ sql, params });
      return q.query(sql, params);
    },
  });
  const app = createApp({
    db: {
      ...recording(db),
      engine: db.engine,
      listen: db.listen,
      close: db.close,
      transaction: (fn) => db.transaction((tx) => fn(recording(tx))),
    },
    config: defaultConfig({ nodeEnv: "test", tokenSecret: TOKEN_SECRET }),
  });
  const res = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`EXPLAIN's request: HTTP ${res.status} ${await res.text()}`);
  const plans = [];
  for (const { sql, params } of seen.filter((s) => /\binvoice/.test(s.sql) && /^\s*(SELECT|WITH)/i.test(s.sql))) {
    const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    plans.push(rows.map((r) => r["QUERY PLAN"]).join("\n"));
  }
  return plans;
}

/** A request kind run for a second, its figures not kept: what a server that has been up has warm. */
const WARM_UP = { duration: 1 };

/**
 * The server warmed as one that has been up a while (its code compiled, its statements prepared on
 * the pool's connections) rather than measured cold: each list request for a second on the largest
 * company that is not measured. Its answers are kept under its own company's key, so none can
 * answer a measured request.
 */
async function warmUpLists(origin, db) {
  const { rows } = await db.query("SELECT n FROM bench_scale_plan WHERE role IS NULL ORDER BY invoices DESC, n LIMIT 1");
  const headers = { Authorization: `Bearer ${await companyToken(origin, rows[0].n)}` };
  for (const request of listRequests(await companyFacts(db, idTierOf(rows[0].n)))) {
    await load(origin, listPaths(request), { ...WARM_UP, headers });
  }
}

/** Every measure at one size, on a server started on that size's database. */
async function measureSize(total, database, options) {
  const db = postgresDb(database.url);
  await migrate(db); // a migration added since generation runs here, not within the server's start-up timeout
  const port = process.env.BENCH_SCALE_PORT ? Number(process.env.BENCH_SCALE_PORT) : undefined;
  await db.query("DELETE FROM sessions WHERE user_agent = $1", [BENCH_SESSIONS]); // an interrupted run's
  const server = await startServer({ url: database.url }, { LOGIN_MAX_PER_CLIENT: RAISED, TOKEN_SECRET }, { port });
  const pid = pidOnPort(server.port);
  serverPid = pid;
  const { origin } = server;
  const { duration } = options;
  const ceilingPath = [{ path: "/api/bench/unknown" }];
  const { rows: spread } = await db.query(
    `SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY invoices) AS median, percentile_disc(0.99) WITHIN GROUP (ORDER BY invoices) AS p99,
            max(invoices) AS max FROM bench_scale_plan WHERE role IS NULL`,
  );
  const result = { total, marker: database.marker, spread: spread[0], rows: [] };
  try {
    await load(origin, ceilingPath, { amount: 500, expect: 404 }); // warm-up (JIT)
    const first = await load(origin, ceilingPath, { duration, expect: 404 });
    log(`${label(total)}: ceiling ${n(first.rps)} req/s`);
    let slowest;
    await warmUpLists(origin, db);
    for (const m of measuredAt(total).filter((c) => c.role !== "zip")) {
      const idTier = idTierOf(m.n);
      const token = await companyToken(origin, m.n);
      const headers = { Authorization: `Bearer ${token}` };
      const facts = await companyFacts(db, idTier);
      for (const request of listRequests(facts)) {
        const paths = listPaths(request);
        const r = await load(origin, paths, { duration, headers });
        log(
          `${label(total)}: ${m.role} invoices, ${request.name}: p99 ${r.p99} ms, ${n(r.rps)} req/s (${n(r.sent)} sent, ${n(r.distinct)} distinct)`,
        );
        result.rows.push({
          request: `list: ${request.name}`,
          company: m.invoices,
          goal: m.role === "50000" ? request.goal : undefined,
          ...r,
        });
        if (!slowest || (m.invoices === slowest.company && r.p99 > slowest.p99))
          slowest = { p99: r.p99, company: m.invoices, token, request, path: pick(paths).path };
      }
      const fleet = await load(
        origin,
        LOCALES.map((l) => ({ path: `/api/me/products?langue=${l}` })),
        { duration, headers },
      );
      result.rows.push({ request: "product fleet", company: m.invoices, ...fleet });
      const dashboard = await load(origin, [{ path: "/api/me/summary" }], { duration, headers });
      result.rows.push({ request: "dashboard (summary)", company: m.invoices, ...dashboard });
      log(`${label(total)}: ${m.role}: fleet p99 ${fleet.p99} ms, dashboard p99 ${dashboard.p99} ms`);
    }
    result.activity = await measureActivity(origin, db, duration);
    result.notifications = await measureNotifications(origin, db, duration);
    result.dashboards = await measureDashboards(origin, db);
    result.login = await measureLogin(origin, options);
    log(`${label(total)}: login p99 ${result.login.p99} ms, ${n(result.login.rps)} req/s`);
    const zip = measuredAt(total).find((c) => c.role === "zip");
    if (zip) result.zip = await measureZip(origin, pid, zip);
    const last = await load(origin, ceilingPath, { duration, expect: 404 });
    result.ceiling = first.rps >= last.rps ? first : last;
    result.load = loadavg()[0];
    if (slowest) {
      const { token, ...request } = slowest;
      result.explain = { ...request, plans: await explainRequest(db, slowest.path, token) };
    }
    await server.stop();
    await db.query("DELETE FROM sessions WHERE user_agent = $1", [BENCH_SESSIONS]);
    result.digest = await measureDigest(db);
    result.measuredAt = new Date().toISOString();
    result.duration = duration;
    // Kept with the data, for a later run that measures another size only (--only).
    await db.exec("CREATE TABLE IF NOT EXISTS bench_scale_results (measured_at timestamptz NOT NULL DEFAULT now(), result jsonb NOT NULL)");
    await db.query("INSERT INTO bench_scale_results (result) VALUES ($1)", [JSON.stringify(result)]);
  } finally {
    await server.stop();
    await db.close();
  }
  return result;
}

/**
 * Sessions opened in SQL for the accounts of `emails` (one each, for an hour, marked as the
 * bench's): a map from e-mail to a signer of its access tokens (account-level, or for a company).
 */
async function openSessions(db, emails) {
  const { rows } = await db.query(
    `WITH s AS (INSERT INTO sessions (uuid_compte, refresh_hash, expires_at, user_agent)
                SELECT uuid_compte, 'bench-scale-' || gen_random_uuid(), now() + interval '1 hour', $2 FROM accounts WHERE email = ANY($1::text[])
                RETURNING id, uuid_compte)
     SELECT s.id AS sid, s.uuid_compte AS sub, a.email FROM s JOIN accounts a USING (uuid_compte)`,
    [emails, BENCH_SESSIONS],
  );
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const secret = Buffer.from(TOKEN_SECRET, "utf8");
  return new Map(
    rows.map((r) => [
      r.email,
      (tier = null) => ({ Authorization: `Bearer ${signAccessToken(secret, { sid: r.sid, sub: r.sub, tier, exp })}` }),
    ]),
  );
}

/**
 * Issue 29: the activity log's pages with a different URL or account each request: first pages of
 * ${ACTIVITY_ACCOUNTS} accounts (the owner and accountant of company 1 among them), the owner's from a
 * cursor drawn among its lines, its rare filter (bank details) from such a cursor, and the owner's
 * team view (its company token) from a cursor drawn among the company's lines.
 */
async function measureActivity(origin, db, duration) {
  const owner = emailOf(1);
  const emails = [owner, ACCOUNTANT_EMAIL, ...Array.from({ length: ACTIVITY_ACCOUNTS - 2 }, (_, i) => emailOf(5 + i))];
  const tokens = await openSessions(db, emails);
  const cursors = async (column, value) =>
    (await db.query(`SELECT id::text FROM account_activity WHERE ${column} = $1 ORDER BY random() LIMIT ${MAX_URLS}`, [value])).rows.map(
      (r) => r.id,
    );
  const { rows } = await db.query("SELECT uuid_compte FROM accounts WHERE email = $1", [owner]);
  const own = await cursors("uuid_compte", rows[0].uuid_compte);
  const team = await cursors("id_tier", idTierOf(1));
  const path = "/api/me/security/activity";
  const loads = [
    { request: "first page, a different account each request", requests: emails.map((e) => ({ path, headers: tokens.get(e)() })) },
    {
      request: "the owner's, after a cursor drawn among its lines",
      requests: own.map((id) => ({ path: `${path}?after=${id}`, headers: tokens.get(owner)() })),
    },
    {
      request: "the owner's rare filter (company: bank details, 0.1 % of lines), after a drawn cursor",
      requests: own.map((id) => ({ path: `${path}?kind=company&after=${id}`, headers: tokens.get(owner)() })),
    },
    {
      request: "the owner's team view (company token), after a cursor drawn among the company's lines",
      requests: team.map((id) => ({ path: `${path}?after=${id}`, headers: tokens.get(owner)(idTierOf(1)) })),
    },
  ];
  // Warmed on other accounts (the next ACTIVITY_ACCOUNTS), each in its own company: a first page, the
  // rare filter and the team view, so that no measured answer is kept beforehand.
  const others = Array.from({ length: ACTIVITY_ACCOUNTS }, (_, i) => 5 + ACTIVITY_ACCOUNTS + i);
  const warm = await openSessions(db, others.map(emailOf));
  const warmUps = [
    (k) => ({ path, headers: warm.get(emailOf(k))() }),
    (k) => ({ path: `${path}?kind=company`, headers: warm.get(emailOf(k))() }),
    (k) => ({ path, headers: warm.get(emailOf(k))(idTierOf(k)) }),
  ];
  for (const request of warmUps) await load(origin, others.map(request), WARM_UP);
  const out = [];
  for (const { request, requests } of loads) {
    const r = await load(origin, requests, { duration });
    log(`activity, ${request}: p50 ${r.p50} ms, p99 ${r.p99} ms, ${n(r.rps)} req/s (${n(r.sent)} sent, ${n(r.distinct)} distinct)`);
    out.push({ request, ...r });
  }
  return out;
}

/** Issue 30: the banner's notifications of ${NOTIFIED} customers (each in its company), a different one each request: every answer a cache miss. */
async function measureNotifications(origin, db, duration) {
  const emails = Array.from({ length: NOTIFIED }, (_, i) => emailOf(1 + i));
  const tokens = await openSessions(db, emails);
  const requests = emails.map((e, i) => ({ path: "/api/me/notifications", headers: tokens.get(e)(idTierOf(1 + i)) }));
  const r = await load(origin, requests, { duration });
  log(`notifications: p50 ${r.p50} ms, p99 ${r.p99} ms, ${n(r.rps)} req/s (${n(r.sent)} sent, ${n(r.distinct)} distinct)`);
  return r;
}

/**
 * The dashboard of ${DASHBOARDS} companies, each asked once by its own customer: every answer its
 * company's first, so its counts (kept per company until its invoices or purchases change) are read.
 */
async function measureDashboards(origin, db) {
  const numbers = Array.from({ length: DASHBOARDS }, (_, i) => NOTIFIED + 1 + i);
  const tokens = await openSessions(db, numbers.map(emailOf));
  const requests = numbers.map((k) => ({ path: "/api/me/summary", headers: tokens.get(emailOf(k))(idTierOf(k)) }));
  const r = await load(origin, requests, { amount: requests.length });
  log(`dashboards: p50 ${r.p50} ms, p99 ${r.p99} ms, ${n(r.rps)} req/s (${n(r.sent)} sent, ${n(r.distinct)} distinct)`);
  return r;
}

/**
 * Issue 30: the daily invoice digest of the generated day (every company has new invoices; 100,000
 * accounts and the accountant take them by e-mail), queued by the server's own job in this process
 * with no server running (none sends meanwhile), timed from its start to its commit. The day's
 * claims and the queued mail are removed before and after, so a later run measures it again.
 */
async function measureDigest(db) {
  const { rows } = await db.query("SELECT min(created_at)::date::text AS day FROM notification_events WHERE event_id LIKE 'scale-%'");
  const { day } = rows[0];
  const clean = () =>
    db.query(
      `WITH d AS (DELETE FROM notification_digests WHERE day = $1::date RETURNING 1)
       DELETE FROM mail_queue WHERE recipient LIKE '%@scale.macc.test' AND sent_at IS NULL`,
      [day],
    );
  await clean();
  const started = performance.now();
  const { queued, locked } = await queueInvoiceDigest(
    {
      db,
      config: defaultConfig({ publicUrl: "https://scale.macc.test" }),
      secret: () => Promise.resolve(Buffer.from(TOKEN_SECRET, "utf8")),
    },
    day,
  );
  const seconds = (performance.now() - started) / 1000;
  await clean();
  if (locked) throw new Error("digest: the advisory lock was held by another process");
  log(`digest of ${day}: ${n(queued)} messages queued in ${seconds.toFixed(1)} s`);
  return { day, queued, seconds };
}

/** The last measurement stored in the database of `total` invoices, or null (no such database, never measured, another version). */
async function lastResult(serverUrl, total) {
  const db = postgresDb(databaseUrl(serverUrl, total));
  try {
    const marker = await readMarker(db);
    if (marker?.version !== GENERATOR_VERSION) return null;
    const { rows } = await db.query(
      "SELECT result FROM bench_scale_results WHERE to_regclass('bench_scale_results') IS NOT NULL ORDER BY measured_at DESC LIMIT 1",
    );
    return rows[0]?.result ?? null;
  } catch {
    return null; // no database of that size, or never measured
  } finally {
    await db.close();
  }
}

/** Logins of random generated accounts at 50 connections, each with a proof of work solved beforehand (its time apart). */
async function measureLogin(origin) {
  const started = performance.now();
  const proofs = [];
  for (let i = 0; i < LOGINS; i++) proofs.push(await botCheckProof(origin));
  const solveMs = (performance.now() - started) / LOGINS;
  const requests = proofs.map((proof) => ({
    method: "POST",
    path: "/api/auth/login",
    headers: { "Content-Type": "application/json", "X-Bot-Check": proof },
    body: JSON.stringify({ email: emailOf(int(1, ACCOUNTS)), password: DEMO_PASSWORD }),
  }));
  return { ...(await load(origin, requests, { amount: LOGINS })), solveMs };
}

/** The year's ZIP of the company with 500 invoices in one year: the first (built) and a second answer, the server's RSS meanwhile. */
async function measureZip(origin, pid, zip) {
  const token = await companyToken(origin, zip.n);
  const year = new Date().getUTCFullYear() - 1;
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const times = [];
  try {
    for (let i = 0; i < 2; i++) {
      const t = performance.now();
      const res = await fetch(`${origin}/api/me/invoices/archive/${year}.zip`, { headers: { Authorization: `Bearer ${token}` } });
      const bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`ZIP: HTTP ${res.status}`);
      times.push({ ms: performance.now() - t, bytes });
    }
  } finally {
    clearInterval(sampler);
  }
  log(`ZIP: ${n(times[0].ms)} ms then ${n(times[1].ms)} ms, RSS ${n(before)} → peak ${n(peak)} MB`);
  return { times, before, peak };
}

const row = (cells) => `| ${cells.join(" | ")} |`;
/** A load's columns and cells: p50, p99, req/s, share of the size's ceiling, sent / distinct, errors. */
const LOAD_HEADERS = [
  "p50 ms",
  "p99 ms",
  "req/s",
  "of ceiling",
  "sent / distinct",
  "errors",
  "CPU ms a request: API + PostgreSQL + client",
  "mean floor ms",
];
const loadCells = (x, size) => [
  String(x.p50),
  String(x.p99),
  n(x.rps),
  `${Math.round((100 * x.rps) / size.ceiling.rps)} %`,
  `${n(x.sent)} / ${n(x.distinct)}`,
  String(x.errors),
  ...(x.cpu ? cpuCells(x.cpu) : ["", ""]),
];
const ms = (value) => value.toFixed(2);
/**
 * A request's CPU per part, and the mean latency that CPU alone sets at CONNECTIONS connections on
 * this machine's cores (Little's law: connections ÷ requests a second, at most cores ÷ CPU a request).
 */
const cpuCells = ({ api, database, client }) => [
  `${ms(api)} + ${ms(database)} + ${ms(client)} = ${ms(api + database + client)}`,
  String(Math.round((CONNECTIONS * (api + database + client)) / cpus().length)),
];
/** A table's alignment row: figures to the right, the columns named in `left` to the left. */
const alignRow = (headers, left = []) => row(headers.map((h) => (left.includes(h) ? "---" : "---:")));
const mark = (ok) => (ok ? "✓" : "✗");
const ACTIVITY_HEADERS = ["invoices in the table", "activity lines", "request", ...LOAD_HEADERS, "goal"];
const NOTIFICATION_HEADERS = ["invoices in the table", ...LOAD_HEADERS, "digest: messages", "digest: seconds", "goal"];

/** The section: a curve (size → figures) per request, then the login, the ZIP and the plans. */
function renderSection(all, options) {
  const results = all.filter((r) => !r.missing);
  const when = (iso) => `${iso.slice(0, 16).replace("T", " ")} UTC`;
  const sizes = results
    .map(
      (r) =>
        `${n(r.total)}: generated in ${n(r.marker.seconds)} s, ${n(r.marker.purchases)} purchases, other companies' invoices median ${n(r.spread.median)}, ` +
        `99th percentile ${n(r.spread.p99)}, biggest ${n(r.spread.max)}; measured ${when(r.measuredAt)}, ${r.duration} s per load, load average ${r.load.toFixed(1)} at its end`,
    )
    .join(". ");
  const missing = all.filter((r) => r.missing).map((r) => `${n(r.total)} (${r.missing})`);
  const lines = [
    `## Scale: the group's data at ${SIZES[options.size].totals.map(n).join(", ")} invoices`,
    "",
    `Written by \`npm run bench:scale${options.size === "small" ? " -- --size small" : ""}\` (scripts/bench-scale.mjs), ` +
      `${cpus().length} cores shared by client, server and PostgreSQL, and by whatever else ran on the machine (its load average is given per size). ` +
      `One database per size, generated in SQL (bench-scale-data.mjs), PostgreSQL's settings for a bulk load (fsync off) when the bench's own cluster: ${n(COMPANIES)} companies, ${n(ACCOUNTS)} accounts, invoices over ten years on a capped Pareto tail, ` +
      `one purchase per ten invoices (at least one per company), and the measured companies with exactly 200, 5,000 and 50,000 invoices ` +
      `(each where the table holds at least twice as many) and one with 500 invoices in one year. Sizes: ${sizes}. ` +
      (missing.length > 0 ? `**Not measured: ${missing.join(", ")}.** ` : "") +
      `autocannon, ${CONNECTIONS} connections, a different URL on each request as far as the request has different URLs ` +
      `(page drawn among the company's pages, page size and sort among the six orders for the first page and page 400, fragment of 3–8 characters cut from 10,000 of the company's invoice numbers and order references and sort among the six orders for the search, ` +
      `year and status among those present): "distinct" is how many were drawn, "sent" how many requests went (more sent than distinct: the response cache answered the repeats). ` +
      `The fleet's URL can vary only by language and the dashboard's not at all (it has no response cache). "of ceiling": req/s over the unknown \`/api\` route's in the same run (the higher of a first and a last load). ` +
      `"CPU ms a request": the CPU time the load took, over the requests sent, in the API process, in every PostgreSQL process and in the bench's own (autocannon). ` +
      `"mean floor": the mean latency that CPU alone sets with ${CONNECTIONS} connections on ${cpus().length} cores (Little's law: ${CONNECTIONS} × CPU a request ÷ cores), under which no mean goes, and the p99 sits above its mean. ` +
      `Goals (issue 27, for the company with 50,000 invoices among 20 million, cache missed): any list page, filter or sort p99 ≤ ${GOALS.list} ms, search by 3 characters or more p99 ≤ ${GOALS.search} ms; ✓/✗ at every size for that company, the goal itself is at 20 million.`,
    "",
  ];
  const requests = [...new Set(results.flatMap((r) => r.rows.map((x) => x.request)))];
  for (const request of requests) {
    const headers = ["invoices in the table", "company's invoices", ...LOAD_HEADERS, "goal"];
    lines.push(`### ${request}`, "", row(headers), alignRow(headers, ["goal"]));
    for (const r of results)
      for (const x of r.rows.filter((x) => x.request === request))
        lines.push(
          row([
            n(r.total),
            n(x.company),
            ...loadCells(x, r),
            x.goal ? `${mark(x.p99 <= x.goal && x.errors === 0)} p99 ≤ ${x.goal} ms` : "",
          ]),
        );
    lines.push("");
  }
  lines.push(
    "### login",
    "",
    `${LOGINS} logins per size of random generated accounts (one shared password hash), each with its own proof of work solved before the load (\`BOT_CHECK_MAX_NUMBER=1000\`, the time per proof apart), at the login's base cost (no failed attempts before).`,
    "",
    row(["invoices in the table", "p50 ms", "p99 ms", "req/s", "of ceiling", "errors", "proof solved in (ms, client)"]),
    row(["---:", "---:", "---:", "---:", "---:", "---:", "---:"]),
    ...results.map((r) =>
      row([
        n(r.total),
        String(r.login.p50),
        String(r.login.p99),
        n(r.login.rps),
        `${Math.round((100 * r.login.rps) / r.ceiling.rps)} %`,
        String(r.login.errors),
        r.login.solveMs.toFixed(1),
      ]),
    ),
    "",
    "### year ZIP (500 invoices)",
    "",
    "The company with 500 invoices in one year: its year's ZIP asked twice, one after the other (the second answer may come from the server's archive cache); the API process's RSS read from /proc every 50 ms meanwhile.",
    "",
    row(["invoices in the table", "first ms", "second ms", "bytes", "RSS before MB", "RSS peak MB"]),
    row(["---:", "---:", "---:", "---:", "---:", "---:"]),
    ...results
      .filter((r) => r.zip)
      .map((r) => row([n(r.total), n(r.zip.times[0].ms), n(r.zip.times[1].ms), n(r.zip.times[0].bytes), n(r.zip.before), n(r.zip.peak)])),
    "",
    "### security activity (issue 29)",
    "",
    `The activity log (\`GET /api/me/security/activity\`, 20 lines a page, keyset on the id): ${n(activityRowsAt(1_000_000))} lines at a million invoices and more (as many as invoices below), ` +
      "a fifth of them the owner's of company 1, a fifth its accountant's (same company), the rest spread over 3,000 other accounts, over 12 months; tokens signed by the bench for sessions it opens in SQL. " +
      `Each request another account (first page) or another cursor drawn among the lines (the others). Goal (issue 29, 1 million lines): p99 ≤ ${ACTIVITY_GOAL_MS} ms.`,
    "",
    row(ACTIVITY_HEADERS),
    alignRow(ACTIVITY_HEADERS, ["request", "goal"]),
    ...results
      .filter((r) => r.activity)
      .flatMap((r) =>
        r.activity.map((x) =>
          row([
            n(r.total),
            n(activityRowsAt(r.total)),
            x.request,
            ...loadCells(x, r),
            `${mark(x.p99 <= ACTIVITY_GOAL_MS && x.errors === 0)} p99 ≤ ${ACTIVITY_GOAL_MS} ms`,
          ]),
        ),
      ),
    "",
    "### notifications (issue 30)",
    "",
    `The banner's \`GET /api/me/notifications\` of ${n(NOTIFIED)} customers, each in its own company, a different one each request (the answer is kept in memory per account and company: every request a miss, its session and role read too). ` +
      `Then, with the server stopped, the daily invoice digest of the generated day: every company has one to three new invoices, ${n(COMPANIES)} accounts and the accountant take them by e-mail (the others chose none); ` +
      `the server's own job (\`queueInvoiceDigest\`) run in the bench's process, timed from its start to its commit (the messages queued, not sent). Goal (issue 30): ≤ ${DIGEST_GOAL_S} s.`,
    "",
    row(NOTIFICATION_HEADERS),
    alignRow(NOTIFICATION_HEADERS, ["goal"]),
    ...results
      .filter((r) => r.notifications && r.digest)
      .map((r) =>
        row([
          n(r.total),
          ...loadCells(r.notifications, r),
          n(r.digest.queued),
          r.digest.seconds.toFixed(1),
          `${mark(r.digest.seconds <= DIGEST_GOAL_S)} digest ≤ ${DIGEST_GOAL_S} s`,
        ]),
      ),
    "",
    "### dashboard, a different company each request",
    "",
    `\`GET /api/me/summary\` of ${n(DASHBOARDS)} companies, each asked once by its own customer: every answer its company's first, its counts not kept yet (the section's dashboard rows above ask one company's again and again).`,
    "",
    row(["invoices in the table", ...LOAD_HEADERS]),
    alignRow(["invoices in the table", ...LOAD_HEADERS], []),
    ...results.filter((r) => r.dashboards).map((r) => row([n(r.total), ...loadCells(r.dashboards, r)])),
    "",
    "### The slowest list request's queries",
    "",
    "At each size, for the biggest measured company, one URL of its slowest list request (highest p99), answered once more after the loads by the server's own app in the bench's process, with fresh caches (a cache miss), and each statement it ran on the invoices under `EXPLAIN (ANALYZE, BUFFERS)`.",
    "",
  );
  for (const r of results.filter((x) => x.explain)) {
    lines.push(
      `#### ${n(r.total)} invoices: ${r.explain.request.name}, company with ${n(r.explain.company)} invoices (p99 ${r.explain.p99} ms), \`${r.explain.path}\``,
      "",
      ...r.explain.plans.flatMap((plan) => ["```", plan, "```", ""]),
    );
  }
  return lines.join("\n");
}

async function main() {
  const options = readOptions();
  const local = !process.env.DATABASE_URL;
  const serverUrl = local ? await ownCluster() : process.env.DATABASE_URL;
  const free = checkDisk(options.size, local ? CLUSTER_DIR : undefined);
  if (free !== undefined && free < SIZES[options.size].diskGb) log(`warning: less free space than the data set may need`);
  const results = [];
  for (const total of SIZES[options.size].totals) {
    if (options.only && label(total) !== options.only)
      results.push((await lastResult(serverUrl, total)) ?? { total, missing: "not measured yet" });
    else {
      const database = await ensureDatabase(serverUrl, total, options.regenerate);
      if (database.busy) log(`${label(total)}: its database is being generated by another run, not measured`);
      if (options.generateOnly) continue;
      results.push(
        database.busy ? { total, missing: "its database was still being generated" } : await measureSize(total, database, options),
      );
    }
    // Written after each size, so that a run stopped later keeps the sizes measured.
    if (options.out) {
      const text = existsSync(options.out) ? readFileSync(options.out, "utf8") : "";
      writeFileSync(options.out, withMarkedSection(text, "scale", renderSection(results, options)));
      log(`${options.out} written`);
    }
  }
  return results.every((r) => !r.missing);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    console.error(`bench:scale: ${signal}, stopping what it started…`);
    stopAll().finally(() => process.exit(130));
  });
}

let ok = false;
try {
  ok = await main();
} catch (err) {
  console.error("bench:scale:", err);
} finally {
  await stopAll();
}
process.exit(ok ? 0 : 1);
