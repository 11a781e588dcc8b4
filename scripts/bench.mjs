#!/usr/bin/env node
// `npm run bench`: the benchmark of issue 12's goals. Builds, then measures the API with autocannon
// (on PGlite, and on PostgreSQL when DATABASE_URL is set or a PostgreSQL server is installed, one
// instance and two behind a round-robin proxy), the demo pages with Lighthouse (mobile), and the
// size and layout-shift budgets (scripts/bench-size.mjs); writes BENCHMARKS.md, one table per
// figure with its goal. Exits 1 when a goal is missed (after writing the file).
//
// Options (environment): BENCH_DURATION seconds per load (10); BENCH_ONLY=api,lighthouse,size runs
// those parts only and writes no file unless BENCH_OUT names one; BENCH_OUT=<file> (BENCHMARKS.md);
// BENCH_RUNS Lighthouse runs per page (3); BENCH_SKIP_BUILD=1 uses the current dist/.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, release, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { API_COLUMNS, measureEngine, measureTwoInstances } from "./bench-api.mjs";
import { footerRows } from "./bench-footer.mjs";
import { LIGHTHOUSE_COLUMNS, lighthouseIntro, measureLighthouse } from "./bench-lighthouse.mjs";
import { startPostgres, startServer, stopAll } from "./bench-processes.mjs";
import { markedSection } from "./marked-section.mjs";

const PARTS = ["api", "lighthouse", "size"];
/** BENCHMARKS.md's sections written by scripts of their own or from the browser tests' measures (marked-section.mjs), kept by this one. */
const OWN_SECTIONS = ["upload", "soak", "scale"];
/** Set on Ctrl-C or SIGTERM: the run stops between parts, its processes stopped, and writes nothing. */
let interrupted = false;

function readOptions(env = process.env) {
  const only = env.BENCH_ONLY ? env.BENCH_ONLY.split(",").map((p) => p.trim()) : PARTS;
  const unknown = only.filter((p) => !PARTS.includes(p));
  if (unknown.length > 0) throw new Error(`BENCH_ONLY: unknown part ${unknown.join(", ")} (expected ${PARTS.join(", ")})`);
  const positive = (name, fallback) => {
    const value = Number(env[name] ?? fallback);
    if (!(value > 0)) throw new Error(`${name}: expected a positive number, got ${env[name]}`);
    return value;
  };
  return {
    parts: only,
    duration: positive("BENCH_DURATION", 10),
    runs: positive("BENCH_RUNS", 3),
    build: env.BENCH_SKIP_BUILD !== "1",
    out: env.BENCH_OUT ?? (env.BENCH_ONLY ? undefined : "BENCHMARKS.md"),
  };
}

/** The row of a part that could not be measured: it fails the bench and says why. */
function errorRow(title, columns, err) {
  console.error(`bench: ${title} failed:`, err);
  return { cells: [`could not measure: ${err.message}`, ...columns.slice(1).map(() => "")], ok: false };
}

/** A report section; a part that throws becomes a failed row saying why, and the others still run. */
async function section(title, intro, columns, measure) {
  try {
    return { title, intro, columns, rows: await measure() };
  } catch (err) {
    return { title, intro, columns, rows: [errorRow(title, columns, err)] };
  }
}

const skipped = (title, why) => ({ title, intro: why, columns: [], rows: [] });

async function postgresVersion(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query("SHOW server_version")).rows[0].server_version;
  } finally {
    await client.end();
  }
}

const LOAD_INTRO = (duration) =>
  `autocannon, 50 connections for ${duration} s per request (after 200 warm-up requests), client, server and database on this machine. ` +
  "The ceiling is what the same server answers for an unknown `/api` route, measured before and after the others; “of ceiling” is the request rate against the higher of the two. " +
  "Authenticated reads carry the token scoped to the demo company with 2,150 invoices (`multi@demo.macc.test`).";

async function apiPart({ duration }, machine) {
  const sections = [];
  const pglite = await startServer();
  sections.push(
    await section(
      "API on PGlite (embedded)",
      `${LOAD_INTRO(duration)} Goal for the authenticated reads on PGlite: ≥ 500 req/s, p99 ≤ 250 ms, no timeout.`,
      API_COLUMNS,
      () => measureEngine("PGlite", pglite.origin, duration),
    ),
  );
  await pglite.stop();

  const database = await startPostgres();
  if (!database) return [...sections, skipped("API on PostgreSQL", "Not measured: no DATABASE_URL and no PostgreSQL server installed.")];
  machine.postgres = `${await postgresVersion(database.url)}${database.throwAway ? " (throw-away cluster, fsync off)" : " (DATABASE_URL)"}`;
  const server = await startServer({ url: database.url });
  sections.push(
    await section(
      "API on PostgreSQL",
      `${LOAD_INTRO(duration)} Goal for the authenticated reads on PostgreSQL: ≥ 50 % of the ceiling and p99 ≤ 100 ms.`,
      API_COLUMNS,
      () => measureEngine("PostgreSQL", server.origin, duration),
    ),
    await section(
      "Two instances on one PostgreSQL",
      "A second instance on the same database, both behind the benchmark's round-robin proxy (scripts/bench-proxy.mjs, loopback). " +
        "Goal: the invoice load with no error, and a login on one instance whose token the other accepts.",
      API_COLUMNS,
      () => measureTwoInstances(server, database.url, duration),
    ),
  );
  return sections;
}

async function lighthousePart({ runs }, machine) {
  machine.chromium = execFileSync(process.env.CHROME_PATH ?? "/usr/bin/chromium", ["--version"], { encoding: "utf8" }).trim();
  return [
    await section("Lighthouse (mobile)", lighthouseIntro(runs), LIGHTHOUSE_COLUMNS, async () => {
      const server = await startServer();
      try {
        return await measureLighthouse(server, runs);
      } finally {
        await server.stop();
      }
    }),
  ];
}

const SIZE_GROUPS = {
  size: { title: "Sizes", intro: "From scripts/bench-size.mjs: JavaScript a real Chromium downloads, gzip level 9." },
  shift: { title: "Layout shift while the elements load", intro: "From scripts/bench-size.mjs, on a wide and a narrow screen." },
  photo: {
    title: "Service request photos",
    intro:
      "From scripts/bench-size.mjs: a 12-megapixel photo drawn from a fixed seed (a field under a sky, the sensor's grain; the same bytes at every run), " +
      "saved as a phone's JPEG, resized by the form's own code (src/areas/service-request/resize.ts) in Chromium.",
  },
};

/** Runs bench-size.mjs (its own server and Chromium) and reads the results it writes as JSON. */
function runBenchSize() {
  const dir = mkdtempSync(join(tmpdir(), "macc-bench-size-"));
  try {
    const file = join(dir, "size.json");
    const env = { ...process.env, BENCH_SIZE_JSON: file };
    delete env.DATABASE_URL;
    spawnSync(process.execPath, ["scripts/bench-size.mjs"], { env, stdio: "inherit" });
    return JSON.parse(readFileSync(file, "utf8"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function sizePart() {
  const columns = ["what", "value", "goal"];
  let results;
  try {
    results = runBenchSize();
  } catch (err) {
    const title = "Sizes and layout shift";
    return [{ title, intro: "scripts/bench-size.mjs gave no results.", columns, rows: [errorRow(title, columns, err)] }];
  }
  const footer = results.find((r) => r.goal && r.name.includes("<macc-footer>"));
  const loader = results.find((r) => r.name.startsWith("loader"));
  const breakdown = await section(
    "Where the footer page's weight goes",
    "`<macc-footer>` built alone (scripts/footer-alone.config.ts), the libraries the stack names (ARCHITECTURE.md) in chunks of their own; gzip level 9. " +
      "Facts, not goals: they show how much of the footer page's goal the stack leaves for our own code.",
    ["part", "value", "note"],
    async () =>
      footerRows({ loaderBytes: loader.bytes, pageKb: footer.value, ratio: footer.ratio }).map(([part, value, note = ""]) => ({
        cells: [part, `${value.toFixed(1)} kB`, note],
        ok: null,
      })),
  );
  return [...new Set(results.map((r) => r.group))]
    .map((group) => ({
      ...(SIZE_GROUPS[group] ?? { title: group, intro: "From scripts/bench-size.mjs." }),
      columns,
      rows: results
        .filter((r) => r.group === group)
        .map((r) => ({
          cells: [r.name, `${r.value} ${r.unit}`, r.budget === null ? "(reference)" : `${r.goal ? "goal " : ""}≤ ${r.budget} ${r.unit}`],
          ok: r.ok,
        })),
    }))
    .concat(breakdown);
}

function osName() {
  try {
    return /^PRETTY_NAME="?([^"\n]*)/m.exec(readFileSync("/etc/os-release", "utf8"))?.[1] ?? process.platform;
  } catch {
    return process.platform;
  }
}

function describeMachine() {
  const cpu = cpus();
  return {
    cpu: `${cpu[0]?.model ?? "unknown"} × ${cpu.length}`,
    ram: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${osName()} (Linux ${release()})`,
    node: process.version,
  };
}

/** Markdown text of a cell: pipes escaped, and tags (`<macc-footer>`) shown as text outside code spans. */
const cellText = (cell) =>
  cell
    .replaceAll("|", "\\|")
    .split("`")
    .map((part, i) => (i % 2 === 0 ? part.replaceAll("<", "&lt;") : part))
    .join("`");

const tableRow = (cells) => `| ${cells.map(cellText).join(" | ")} |`;

function renderSection({ title, intro, columns, rows }) {
  const lines = [`## ${title}`, "", intro, ""];
  if (rows.length > 0) {
    lines.push(tableRow([...columns, "✓/✗"]), tableRow([...columns, ""].map(() => "---")));
    // ok: null marks a fact, with no goal to meet.
    for (const { cells, ok } of rows) lines.push(tableRow([...cells, ok === null ? "" : ok ? "✓" : "✗"]));
    lines.push("");
  }
  return lines.join("\n");
}

function renderReport(machine, sections, { started, minutes }) {
  const missed = sections.flatMap((s) => s.rows).filter((r) => r.ok === false).length;
  const machineRows = [
    ["CPU", machine.cpu],
    ["RAM", machine.ram],
    ["OS", machine.os],
    ["Node.js", machine.node],
    ["PostgreSQL", machine.postgres ?? "not used"],
    ["Chromium", machine.chromium ?? "not used"],
  ];
  return [
    "# Benchmarks",
    "",
    `Written by \`npm run bench\` (scripts/bench.mjs) on ${started.toISOString().slice(0, 16).replace("T", " ")} UTC, in ${minutes} minutes. ` +
      "Each figure has its goal (issue 12, “hot paths”) beside it: ✓ within it, ✗ missed (the bench then exits 1). " +
      "Timings depend on the machine and on what else runs on it: compare runs made on the same quiet machine.",
    "",
    missed === 0 ? "**Every goal is met.**" : `**${missed} goal(s) missed.**`,
    "",
    "## Machine",
    "",
    tableRow(["", ""]),
    tableRow(["---", "---"]),
    ...machineRows.map(tableRow),
    "",
    ...sections.map(renderSection),
  ].join("\n");
}

const PART_RUNS = { api: apiPart, lighthouse: lighthousePart, size: sizePart };

function build() {
  const { status } = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (status !== 0) throw new Error("npm run build failed");
}

async function main() {
  const options = readOptions();
  const started = new Date();
  const machine = describeMachine();
  if (options.build) build();
  const sections = [];
  for (const part of options.parts) {
    if (interrupted) return false; // no report from a run cut short
    sections.push(...(await PART_RUNS[part](options, machine)));
  }
  await stopAll();
  if (interrupted) return false;
  const minutes = ((Date.now() - started.getTime()) / 60_000).toFixed(1);
  const report = renderReport(machine, sections, { started, minutes });
  console.log(`\n${report}`);
  // The soak's and the scale bench's sections (`npm run soak`, `npm run bench:scale`) are not measured here: kept as they were, at the end.
  if (options.out) {
    const kept = OWN_SECTIONS.map((name) => markedSection(options.out, name)).filter(Boolean);
    writeFileSync(options.out, [report.trimEnd(), ...kept].join("\n\n") + "\n");
  }
  return sections.every((s) => s.rows.every((r) => r.ok !== false));
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    console.error(`bench: ${signal}, stopping what it started…`);
    interrupted = true;
    stopAll().finally(() => process.exit(130));
  });
}

let ok = false;
try {
  ok = await main();
} catch (err) {
  if (!interrupted) console.error("bench:", err);
} finally {
  await stopAll();
}
process.exit(interrupted ? 130 : ok ? 0 : 1);
