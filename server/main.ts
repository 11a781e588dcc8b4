import { existsSync } from "node:fs";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { migrate } from "./db/migrate.ts";
import { openDb } from "./db/open.ts";
import { housekeeping } from "./db/housekeeping.ts";
import { seedIfEmpty } from "./db/seed.ts";
import { createMailer } from "./mail/mailer.ts";
import { deliverPending } from "./mail/queue.ts";

const t0 = performance.now();
const config = loadConfig();
const db = await openDb(config);
const applied = await migrate(db);
if (applied.length > 0) console.log(`Database migrations applied: ${applied.join(", ")}`);
const seed = await seedIfEmpty(db);
if (seed.seeded) console.log(`Demo data seeded in ${seed.ms} ms (${seed.invoices} invoices).`);
await housekeeping(db);
setInterval(() => {
  housekeeping(db).catch((err: unknown) => console.error("Housekeeping failed:", err));
}, 3_600_000).unref();
if (!existsSync(config.staticDir)) {
  console.warn("Built widget files not found (run `npm run build`): /static will answer 404; the API still works.");
}
if (config.maintenance) console.warn("Maintenance mode: every /api route answers 503.");

const mailer = createMailer(config, db);
console.log(`Mail: ${await mailer.describe()}`);
// Queued e-mails whose first delivery failed (or that another instance left behind).
setInterval(() => {
  deliverPending(db, mailer).catch((err: unknown) => console.error("Mail queue delivery failed:", err));
}, 60_000).unref();
const app = createApp({ db, config, mailer });
const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
  const host = info.address.includes(":") ? `[${info.address}]` : info.address;
  const engine = db.engine === "postgres" ? "PostgreSQL" : "embedded PostgreSQL";
  console.log(
    `MACC server listening on http://${host}:${info.port} (${engine}, ready in ${Math.round(performance.now() - t0)} ms)`,
  );
});

let closing = false;
const shutdown = (signal: string) => {
  if (closing) return;
  closing = true;
  console.log(`${signal} received, shutting down.`);
  server.close(() => {
    Promise.allSettled([mailer.close()])
      .then(() => db.close())
      .catch(() => undefined)
      .finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));
