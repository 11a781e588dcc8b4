import { Hono } from "hono";
import { HealthAnswer } from "../src/contract/health.ts";
import type { MaintenanceAnswer } from "../src/contract/maintenance.ts";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { warmDummyHash } from "./auth/passwords.ts";
import { configuredOrStoredSecret, loadTokenSecret } from "./auth/tokens.ts";
import type { Config } from "./config.ts";
import { isDatabaseUnavailable, type Db } from "./db/db.ts";
import type { AppEnv, Deps } from "./http/context.ts";
import { createCacheHub, type CacheHub } from "./http/memory-cache.ts";
import { apiDocsRoutes } from "./http/api-docs.ts";
import { operation } from "./http/operation.ts";
import { problem, ProblemError, requestLocale } from "./http/problem.ts";
import { notFoundPage, staticRoutes } from "./http/static.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { openApiDocument, toYaml, type OpenApiDocument } from "./openapi.ts";
import { adviserPhotoRoutes } from "./routes/adviser-photos.ts";
import { adviserRoutes } from "./routes/adviser.ts";
import { authRoutes } from "./routes/auth.ts";
import { BANK_DETAILS_UPLOAD_PATH, bankDetailsRoutes } from "./routes/bank-details.ts";
import { basketRoutes, myBasketRequestRoutes } from "./routes/basket.ts";
import { botCheckRoutes } from "./routes/bot-check.ts";
import { confirmationRoutes } from "./routes/confirmation.ts";
import { contactRoutes } from "./routes/contact.ts";
import { documentRoutes } from "./routes/documents.ts";
import { emailChangeLinkRoutes, myEmailChangeRoutes } from "./routes/email-change.ts";
import { featureRoutes } from "./routes/features.ts";
import { footerRoutes } from "./routes/footer.ts";
import { invoiceRoutes } from "./routes/invoices.ts";
import { meRoutes } from "./routes/me.ts";
import { notificationEventRoutes } from "./routes/notification-events.ts";
import { notificationPreferenceRoutes, unsubscribeRoutes } from "./routes/notification-preferences.ts";
import { notificationRoutes } from "./routes/notifications.ts";
import { outboxRoutes } from "./routes/outbox.ts";
import { passwordRoutes } from "./routes/password.ts";
import { productRoutes } from "./routes/products.ts";
import { profileRoutes } from "./routes/profile.ts";
import { registrationRoutes } from "./routes/registration.ts";
import { serviceRequestEventRoutes } from "./routes/service-request-events.ts";
import {
  SERVICE_REQUEST_PHOTO_PATH,
  SERVICE_REQUEST_VIDEO_PATH,
  serviceRequestRoutes,
  staffPhotoRoutes,
  staffVideoRoutes,
} from "./routes/service-requests.ts";
import { alertRoutes, securityRoutes } from "./routes/security.ts";
import { summaryRoutes } from "./routes/summary.ts";
import { invitationRoutes, teamRoutes } from "./routes/team.ts";
import { createSmsProvider, type SmsProvider } from "./sms/sms.ts";

export interface AppOptions {
  db: Db;
  config: Config;
  /** Outgoing e-mail; by default chosen from the configuration (see `createMailer`). */
  mailer?: Mailer;
  /** Outgoing SMS; the demo outbox when DEMO_OUTBOX is on (see `createSmsProvider`). */
  sms?: SmsProvider;
  /** The in-memory caches; the tests pass theirs, to wait until a change they made in SQL is heard. */
  caches?: CacheHub;
}

/** One router per resource, each under its own prefix below `/api` (each route declares its contract: server/openapi.ts). */
const API_ROUTERS: [prefix: string, router: (deps: Deps) => Hono<AppEnv>][] = [
  ["/servicesMACC/reseau", footerRoutes],
  ["/bot-check", botCheckRoutes],
  ["/features", featureRoutes],
  ["/auth", authRoutes],
  ["/registration", registrationRoutes],
  ["/me", meRoutes],
  ["/me/password", passwordRoutes],
  ["/me/profile", profileRoutes],
  ["/me/email-change", myEmailChangeRoutes],
  ["/email-change", emailChangeLinkRoutes],
  ["/me/confirmation", confirmationRoutes],
  ["/me/summary", summaryRoutes],
  ["/me/invoices", invoiceRoutes],
  ["/me/products", productRoutes],
  ["/me/documents", documentRoutes],
  ["/me/adviser", adviserRoutes],
  ["/me/contact", contactRoutes],
  ["/me/basket-requests", myBasketRequestRoutes],
  ["/me/bank-details", bankDetailsRoutes],
  ["/me/service-requests", serviceRequestRoutes],
  ["/me/team", teamRoutes],
  ["/me/notifications", notificationRoutes],
  ["/me/notification-preferences", notificationPreferenceRoutes],
  ["/notifications/unsubscribe", unsubscribeRoutes],
  ["/invitations", invitationRoutes],
  ["/me/security", securityRoutes],
  ["/security", alertRoutes],
  ["/service-request-photos", staffPhotoRoutes],
  ["/service-request-videos", staffVideoRoutes],
  ["/integrations/service-requests", serviceRequestEventRoutes],
  ["/integrations/notifications", notificationEventRoutes],
  ["/advisers", adviserPhotoRoutes],
  ["/basket", basketRoutes],
];

/** Seconds a client is told to wait while the database is unreachable (a restart takes a few). */
const UNAVAILABLE_RETRY_AFTER = 5;
/** Seconds a client waits before asking again during a maintenance with no announced end. */
const MAINTENANCE_RETRY_AFTER = "600";

const isApi = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/** Loads once and keeps the answer; a failed load (the database unreachable) is tried again on the next call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((err: unknown) => {
      loaded = undefined;
      throw err;
    }));
}

/** The caches of an instance on `db`. On PostgreSQL other instances may share the database: a session ended here must be refused there too. */
export const createCacheHubFor = (db: Db) => createCacheHub({ db, shared: db.engine === "postgres" });

export function createApp({
  db,
  config,
  mailer = createMailer(config, db),
  sms = createSmsProvider(config, db),
  caches = createCacheHubFor(db),
}: AppOptions) {
  caches.listenTo(db);
  const deps: Deps = {
    db,
    config,
    secret: once(() => loadTokenSecret(db, config.tokenSecret)),
    mailer,
    sms,
    botCheckKey: once(() => configuredOrStoredSecret(db, config.botCheckSecret, "bot_check_hmac")),
    deviceKey: once(() => configuredOrStoredSecret(db, config.deviceCookieSecret, "device_cookie_hmac")),
    caches,
  };

  // Ready before the first login of an unknown account, so its timing matches a known one.
  warmDummyHash().catch(() => undefined);

  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    await next();
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  });

  if (config.corsOrigins.length > 0) {
    const allowed = new Set(config.corsOrigins);
    app.use(
      "/api/*",
      cors({
        origin: (origin) => (allowed.has(origin) ? origin : null),
        credentials: true,
        allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
        allowHeaders: ["Authorization", "Content-Type", "X-langue", "X-Requested-With", "X-Bot-Check", "Idempotency-Key"],
        exposeHeaders: ["Retry-After", "Content-Disposition", "Idempotent-Replayed"],
        maxAge: 600,
      }),
    );
  }

  app.use("/api/*", async (c, next) => {
    if (config.maintenance) {
      // The announced end while it is ahead (a maintenance that runs over no longer announces one).
      const end = config.maintenanceUntil && config.maintenanceUntil.getTime() > Date.now() ? config.maintenanceUntil : undefined;
      const announced: MaintenanceAnswer = end ? { expectedEnd: end.toISOString() } : {};
      c.header("Retry-After", end ? end.toUTCString() : MAINTENANCE_RETRY_AFTER);
      if (c.req.path === "/api/health") {
        c.header("Cache-Control", "no-store");
        return c.json({ status: "maintenance", ...announced }, 503);
      }
      return problem(c, 503, "maintenance", "maintenance", { extra: announced });
    }
    c.set("locale", requestLocale(c));
    const since = caches.mark();
    await next();
    // A write answers once its changes have emptied this instance's caches (other instances hear
    // them a moment later), and once a session it ended is refused by every instance too. The
    // embedded engine too: its notifications reach the listener after the query that sent them has
    // answered, so a read right after a write could find the old entry.
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      await caches
        .settle(db, c.res.status < 400 ? since : undefined)
        .catch((err: unknown) => console.error("[cache] settle failed:", err instanceof Error ? err.message : err));
    }
  });

  const apiBodyLimit = bodyLimit({
    maxSize: config.bodyLimitBytes,
    onError: (c) => problem(c, 413, "too-large", "tooLarge"),
  });
  // The bank-details change carries a document, a service request's uploads a photo or a video: their routes set their own limits.
  const uploads = new Set([BANK_DETAILS_UPLOAD_PATH, SERVICE_REQUEST_PHOTO_PATH, SERVICE_REQUEST_VIDEO_PATH]);
  // A GET or HEAD has no body; asking for one would build the whole fetch Request (a tenth of a cached read's CPU).
  const bodiless = new Set(["GET", "HEAD"]);
  app.use("/api/*", (c, next) =>
    bodiless.has(c.req.method) || (c.req.method === "POST" && uploads.has(c.req.path)) ? next() : apiBodyLimit(c, next),
  );

  app.get(
    "/api/health",
    operation({
      operationId: "getHealth",
      summary: "Liveness probe",
      tags: ["system"],
      answers: {
        200: { description: "Service up", schema: HealthAnswer },
        503: {
          description: "Maintenance mode: `Retry-After` is the announced end (an HTTP date, also `expectedEnd`) or 600 s",
          schema: HealthAnswer,
        },
      },
    }),
    (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ status: "ok" });
    },
  );

  // Generated once, from the routes (server/openapi.ts), when first asked for.
  let document: Promise<OpenApiDocument> | undefined;
  const openApi = () => (document ??= openApiDocument(app as never));
  app.get("/api/openapi.json", async (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json(await openApi());
  });
  app.get("/api/openapi.yaml", async (c) => {
    c.header("Cache-Control", "no-cache");
    return c.body(toYaml(await openApi()), 200, { "Content-Type": "application/yaml; charset=utf-8" });
  });

  for (const [prefix, router] of API_ROUTERS) app.route(`/api${prefix}`, router(deps));
  app.route("/", apiDocsRoutes());
  // The demo outbox's buttons call the integration endpoint through the app itself.
  if (config.demoOutbox)
    app.route(
      "/demo",
      outboxRoutes(deps, (request, env) => app.fetch(request, env as never)),
    );
  app.route("/", staticRoutes({ staticDir: config.staticDir, demoDir: config.demoDir }));

  app.notFound((c) => {
    if (isApi(c.req.path)) return problem(c, 404, "not-found", "notFound");
    return notFoundPage(c);
  });

  /** One log line per 10 s while the database is unreachable, not one per request. */
  let unavailableLoggedAt = 0;
  app.onError((err, c) => {
    if (err instanceof ProblemError) return problem(c, err.status, err.slug, err.detail, err.options);
    if (err instanceof HTTPException && err.status < 500) {
      const status = err.status as ContentfulStatusCode;
      const slug = status === 413 ? "too-large" : status === 404 ? "not-found" : "bad-request";
      const detail = status === 413 ? "tooLarge" : status === 404 ? "notFound" : "generic";
      return problem(c, status, slug, detail);
    }
    if (isDatabaseUnavailable(err)) {
      // The pool reconnects by itself once the server is back: a moment's wait, not a failure.
      if (Date.now() - unavailableLoggedAt > 10_000) {
        unavailableLoggedAt = Date.now();
        console.error(`[api] database unavailable (${err instanceof Error ? err.message : String(err)}): answering 503`);
      }
      return problem(c, 503, "unavailable", "unavailable", { headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER) } });
    }
    console.error(`[api] ${c.req.method} ${c.req.path} failed:`, err);
    return problem(c, 500, "internal", "generic");
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
