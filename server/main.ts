import { existsSync } from "node:fs";
import { loadConfig, StartupError } from "./config.ts";

/** Start-up failures end the process with one line saying what to check, not a stack trace. */
function fail(err: unknown): never {
  const message = err instanceof Error ? err.message : String(err);
  console.error(err instanceof StartupError ? message : `MACC server could not start: ${message.replace(/\s+/g, " ").trim()}`);
  process.exit(1);
}

const t0 = performance.now();
const config = await Promise.resolve()
  .then(() => loadConfig())
  .catch(fail);
// The server's modules load once the settings are known to be good: a wrong setting is reported at
// once, without first loading the database engine, the mailer and the routes.
const [
  { listen },
  { createApp },
  { migrate },
  { openDb },
  { seedDemoIfEmpty },
  { housekeeping },
  { createMailer },
  { deliverPending },
  { demoPortalBases },
] = await Promise.all([
  import("./http/listen.ts"),
  import("./app.ts"),
  import("./db/migrate.ts"),
  import("./db/open.ts"),
  import("./demo/seed.ts"),
  import("./jobs/housekeeping.ts"),
  import("./mail/mailer.ts"),
  import("./mail/queue.ts"),
  import("./http/static.ts"),
]);
const db = await openDb(config).catch(fail);
const applied = await migrate(db).catch(fail);
if (applied.length > 0) console.log(`Database migrations applied: ${applied.join(", ")}`);
// The reference data (the networks' footer contacts) comes with the migrations; the demo data only when asked for.
if (config.demoData) {
  // Without PORTAL_BASE, the demo customers' e-mail links lead to their own country's demo site.
  if (!process.env.PORTAL_BASE?.trim()) config.portalBases.locales = await demoPortalBases(config.demoDir);
  const seed = await seedDemoIfEmpty(db).catch(fail);
  if (seed.seeded) console.log(`Demo data seeded in ${seed.ms} ms (${seed.invoices} invoices).`);
}
await housekeeping(db, config).catch(fail);
setInterval(() => {
  housekeeping(db, config).catch((err: unknown) => console.error("Housekeeping failed:", err));
}, 3_600_000).unref();
if (!existsSync(config.staticDir)) {
  console.warn("Built widget files not found (run `npm run build`): /static will answer 404; the API still works.");
}
if (config.maintenance) {
  const end = config.maintenanceUntil ? `, expected end ${config.maintenanceUntil.toISOString()}` : "";
  console.warn(`Maintenance mode: every /api route answers 503${end}.`);
}

const mailer = createMailer(config, db);
console.log(`Mail: ${await mailer.describe()}`);
// Queued e-mails whose first delivery failed (or that another instance left behind).
setInterval(() => {
  deliverPending(db, mailer).catch((err: unknown) => console.error("Mail queue delivery failed:", err));
}, 60_000).unref();
const app = createApp({ db, config, mailer });
// Yesterday's new invoices, one message per member and company (issue 30): hourly, so an instance
// down at midnight does not skip a day; queued once, by one instance at a time.
const [{ queueInvoiceDigest, dayOf }, { loadTokenSecret }] = await Promise.all([
  import("./jobs/notification-digest.ts"),
  import("./auth/tokens.ts"),
]);
setInterval(() => {
  const yesterday = dayOf(new Date(Date.now() - 86_400_000));
  queueInvoiceDigest({ db, config, secret: () => loadTokenSecret(db, config.tokenSecret), mailer }, yesterday).catch((err: unknown) =>
    console.error("Invoice digest failed:", err),
  );
}, 3_600_000).unref();
const server = listen(app.fetch, { hostname: config.host, port: config.port }, (info) => {
  const host = info.address.includes(":") ? `[${info.address}]` : info.address;
  const engine = db.engine === "postgres" ? "PostgreSQL" : "embedded PostgreSQL";
  console.log(`MACC server listening on http://${host}:${info.port} (${engine}, ready in ${Math.round(performance.now() - t0)} ms)`);
});
server.on("error", (err: NodeJS.ErrnoException) => {
  fail(
    new StartupError(
      `Cannot listen on ${config.host}:${config.port} (HOST, PORT): ${err.code ?? err.message}. ` +
        "Check that no other server uses this port and that the address belongs to this machine.",
    ),
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
