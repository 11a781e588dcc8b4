import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, PROJECT_ROOT, StartupError } from "./config.ts";
import { NETWORK_CODES } from "../src/contract/constants.ts";
import { openPgliteDb } from "./db/db.ts";

/** Runs the real entry point with `env` until it prints `until` on stdout (then stops it) or exits. */
function runServer(env: Record<string, string>, until?: RegExp) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", BOT_CHECK: "off", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += String(chunk);
      if (until?.test(stdout)) child.kill("SIGTERM");
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += String(chunk)));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

const dirs: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "macc-startup-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("demo data (DEMO_DATA)", () => {
  it.each<[string, Record<string, string>, boolean]>([
    ["off for an unmarked server", {}, false],
    ["on when asked for", { DEMO_DATA: "1" }, true],
    ["not implied by the demo outbox", { DEMO_OUTBOX: "1" }, false],
    ["off when asked off", { DEMO_OUTBOX: "1", DEMO_DATA: "0" }, false],
    ["never in production, even with the demo outbox asked for", { DEMO_OUTBOX: "1", NODE_ENV: "production" }, false],
  ])("%s", (_label, env, expected) => {
    expect(loadConfig(env).demoData).toBe(expected);
  });

  it("is refused in production", () => {
    expect(() => loadConfig({ DEMO_DATA: "1", NODE_ENV: "production" })).toThrow(StartupError);
    expect(() => loadConfig({ DEMO_DATA: "1", NODE_ENV: "production" })).toThrow(/DEMO_DATA.*NODE_ENV=production/);
  });

  it("a production server started on an empty database has the reference data, and no demo account to log in to", async () => {
    const dataDir = freshDataDir();
    const run = await runServer({ NODE_ENV: "production", DATA_DIR: dataDir }, /listening/);
    expect(run.stdout).toMatch(/Database migrations applied: .*0009_reference_footer_contacts/);
    expect(run.stdout).not.toMatch(/demo data/i);
    const db = await openPgliteDb(dataDir);
    try {
      const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;
      expect(await count("footer_contacts")).toBe(NETWORK_CODES.length);
      expect(await count("footer_sub_service_names")).toBeGreaterThan(0);
      for (const table of ["accounts", "companies", "invoices", "advisers", "products"]) expect(await count(table)).toBe(0);
    } finally {
      await db.close();
    }
  }, 180_000);
});

describe("start-up errors: one line naming the setting, exit code 1", () => {
  const expectOneLine = (stderr: string) => {
    const lines = stderr.split("\n").filter((l) => l.trim() !== "");
    expect(lines).toHaveLength(1);
    expect(stderr).not.toMatch(/^\s+at /m);
    return lines[0]!;
  };

  it("DATABASE_URL pointing at a server that is down", async () => {
    const run = await runServer({ DATABASE_URL: "postgres://macc:s3cret-pw@127.0.0.1:1/macc" });
    expect(run.code).toBe(1);
    const line = expectOneLine(run.stderr);
    expect(line).toMatch(
      /^Cannot connect to the PostgreSQL server of DATABASE_URL \(postgres:\/\/macc:\*\*\*@127\.0\.0\.1:1\/macc\): .*ECONNREFUSED.*Check that the server is running/,
    );
    expect(line).not.toContain("s3cret-pw");
  }, 180_000);

  it("DEMO_DATA in production", async () => {
    const run = await runServer({ NODE_ENV: "production", DEMO_DATA: "1", DATA_DIR: freshDataDir() });
    expect(run.code).toBe(1);
    expect(expectOneLine(run.stderr)).toMatch(/^DEMO_DATA is refused with NODE_ENV=production/);
  }, 180_000);

  it("an invalid setting", async () => {
    const run = await runServer({ TRUST_PROXY: "some", DATA_DIR: freshDataDir() });
    expect(run.code).toBe(1);
    expect(expectOneLine(run.stderr)).toBe("Invalid TRUST_PROXY: some (expected a whole number of at least 0)");
  }, 180_000);
});

describe("MACC_MAINTENANCE_UNTIL: the announced end of a maintenance", () => {
  const now = new Date("2026-11-27T22:00:00Z");
  const on = { MACC_MAINTENANCE: "1" };

  it.each<[string, Record<string, string>, string | undefined]>([
    ["unset: no end", on, undefined],
    ["empty: no end", { ...on, MACC_MAINTENANCE_UNTIL: " " }, undefined],
    ["UTC", { ...on, MACC_MAINTENANCE_UNTIL: "2026-11-28T05:00:00Z" }, "2026-11-28T05:00:00.000Z"],
    ["with an offset", { ...on, MACC_MAINTENANCE_UNTIL: "2026-11-28T06:00:00+01:00" }, "2026-11-28T05:00:00.000Z"],
    [
      "with milliseconds, around the value's spaces",
      { ...on, MACC_MAINTENANCE_UNTIL: " 2026-11-28T06:00:00.5+01:00 " },
      "2026-11-28T05:00:00.500Z",
    ],
  ])("%s", (_label, env, expected) => {
    expect(loadConfig(env, now).maintenanceUntil?.toISOString()).toBe(expected);
  });

  it.each<[string, Record<string, string>, RegExp]>([
    ["not a date", { ...on, MACC_MAINTENANCE_UNTIL: "tomorrow" }, /^Invalid MACC_MAINTENANCE_UNTIL: tomorrow \(expected an ISO 8601/],
    ["a day without a time", { ...on, MACC_MAINTENANCE_UNTIL: "2026-11-28" }, /^Invalid MACC_MAINTENANCE_UNTIL/],
    ["a time without its zone", { ...on, MACC_MAINTENANCE_UNTIL: "2026-11-28T06:00:00" }, /^Invalid MACC_MAINTENANCE_UNTIL/],
    ["no seconds", { ...on, MACC_MAINTENANCE_UNTIL: "2026-11-28T06:00+01:00" }, /^Invalid MACC_MAINTENANCE_UNTIL/],
    ["a day that does not exist", { ...on, MACC_MAINTENANCE_UNTIL: "2026-02-31T06:00:00Z" }, /^Invalid MACC_MAINTENANCE_UNTIL/],
    ["already past", { ...on, MACC_MAINTENANCE_UNTIL: "2026-11-27T21:59:59Z" }, /^Invalid MACC_MAINTENANCE_UNTIL: .* \(already past\)$/],
    ["now", { ...on, MACC_MAINTENANCE_UNTIL: "2026-11-27T22:00:00Z" }, /\(already past\)$/],
    [
      "without MACC_MAINTENANCE",
      { MACC_MAINTENANCE_UNTIL: "2026-11-28T05:00:00Z" },
      /^MACC_MAINTENANCE_UNTIL is set but MACC_MAINTENANCE is off/,
    ],
    ["with MACC_MAINTENANCE off", { MACC_MAINTENANCE: "0", MACC_MAINTENANCE_UNTIL: "2026-11-28T05:00:00Z" }, /MACC_MAINTENANCE is off/],
  ])("refuses %s", (_label, env, message) => {
    expect(() => loadConfig(env, now)).toThrow(StartupError);
    expect(() => loadConfig(env, now)).toThrow(message);
  });
});

describe("TRUST_PROXY: the number of proxies in front of the API", () => {
  it.each<[string | undefined, number]>([
    [undefined, 0],
    ["", 0],
    ["0", 0],
    ["off", 0],
    ["1", 1],
    ["true", 1],
    ["on", 1],
    ["2", 2],
  ])("%s → %i", (value, hops) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toBe(hops);
  });
});

describe("LOGIN_MAX_PER_CLIENT: logins per client address and window", () => {
  it.each<[string | undefined, number]>([
    [undefined, 30],
    ["1000", 1000],
  ])("%s → %i", (value, limit) => {
    expect(loadConfig(value === undefined ? {} : { LOGIN_MAX_PER_CLIENT: value }).loginMaxAttemptsPerClient).toBe(limit);
  });

  it.each(["0", "-1", "many"])("refuses %s", (value) => {
    expect(() => loadConfig({ LOGIN_MAX_PER_CLIENT: value })).toThrow(/Invalid LOGIN_MAX_PER_CLIENT/);
  });
});

describe("CONTACT_MAX_PER_ACCOUNT and BASKET_MAX_PER_CLIENT: the hourly write limits (raised by the soak)", () => {
  it.each<[string, "contactMaxPerAccount" | "basketMaxPerClient", number]>([
    ["CONTACT_MAX_PER_ACCOUNT", "contactMaxPerAccount", 10],
    ["BASKET_MAX_PER_CLIENT", "basketMaxPerClient", 20],
  ])("%s: %s defaults to %i, takes a whole number, refuses 0", (name, key, fallback) => {
    expect(loadConfig({})[key]).toBe(fallback);
    expect(loadConfig({ [name]: "1000000" })[key]).toBe(1_000_000);
    expect(() => loadConfig({ [name]: "0" })).toThrow(new RegExp(`Invalid ${name}`));
  });
});
