/**
 * The browser tests' demo servers, each on a fresh embedded database: the normal one, one with the
 * maintenance switch on (and an announced end), and one with one-minute idle sessions. Bank details are switched on
 * (MACC_FEATURES) on the normal one and left off, the default, on the short-idle one, where
 * e2e/bank-details.spec.ts checks "off". The bot check's proof of work is kept light: two browsers
 * share two cores with three servers here, and the flows, not the cost, are what is tested. Every
 * test logs in from 127.0.0.1, so the per-client login limit is raised, and the baskets' flows name
 * the same test mobile, so its daily SMS limit is too.
 *
 * `node --import tsx e2e/servers.ts` starts them all (playwright.config.ts does). Playwright starts
 * a config's web servers one after another, each creating and seeding its database (25 s in all);
 * this seeds one database, gives each server a copy and starts the three side by side.
 */
import { cpSync, rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { startServer, stopAll } from "../scripts/bench-processes.mjs";

export const PORT = Number(process.env.E2E_PORT ?? 4183);
export const MAINTENANCE_PORT = PORT + 1;
/** The end the maintenance server announces (MACC_MAINTENANCE_UNTIL): far enough ahead to stay ahead. */
export const MAINTENANCE_UNTIL = "2036-11-28T05:00:00Z";
/** A server whose sessions end after one idle minute, for the inactivity warning. */
export const SHORT_IDLE_PORT = PORT + 2;

const LIGHT_TESTING = { BOT_CHECK_MAX_NUMBER: "1000", LOGIN_MAX_PER_CLIENT: "1000", SMS_MAX_PER_NUMBER_PER_DAY: "1000" };
const DEMO = { DEMO_OUTBOX: "1", DEMO_DATA: "1" };

const SERVERS: Array<{ port: number; env: Record<string, string> }> = [
  { port: PORT, env: { ...DEMO, ...LIGHT_TESTING, MACC_FEATURES: "coordonnee-bancaire" } },
  { port: MAINTENANCE_PORT, env: { ...DEMO, MACC_MAINTENANCE: "1", MACC_MAINTENANCE_UNTIL: MAINTENANCE_UNTIL } },
  { port: SHORT_IDLE_PORT, env: { ...DEMO, ...LIGHT_TESTING, SESSION_IDLE_MINUTES: "1" } },
];

/** Printed once every server listens: playwright.config.ts waits for it. */
export const READY_LINE = "e2e servers ready";

const dataDir = (name: string | number) => `.data/e2e-${name}`;

async function start(): Promise<void> {
  // The database every server starts from: migrated and seeded once, the way the server does it.
  const { openPgliteDb } = await import("../server/db/db.ts");
  const { migrate } = await import("../server/db/migrate.ts");
  const { seedDemoIfEmpty } = await import("../server/demo/seed.ts");
  // Per port: two sets of servers started from one checkout must not build the same template.
  const template = dataDir(`template-${PORT}`);
  rmSync(template, { recursive: true, force: true });
  const db = await openPgliteDb(template);
  await migrate(db);
  await seedDemoIfEmpty(db);
  await db.close();

  const stop = (code: number) => void stopAll().then(() => process.exit(code));
  process.on("SIGTERM", () => stop(0)).on("SIGINT", () => stop(0));
  try {
    await Promise.all(
      SERVERS.map(({ port, env }) => {
        rmSync(dataDir(port), { recursive: true, force: true });
        cpSync(template, dataDir(port), { recursive: true });
        return startServer({ dataDir: dataDir(port) }, env, { port });
      }),
    );
  } catch (error) {
    console.error(`The e2e servers could not start: ${error instanceof Error ? error.message : String(error)}`);
    stop(1);
    return;
  }
  console.log(READY_LINE);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await start();
