/**
 * The action banner's and the header's entries (issue 30). `/me/notifications`: what needs the
 * customer in the token's company, most urgent first, read from their own data and the back
 * office's events, filtered by their role (the permission table); each entry can be read or
 * dismissed until it changes, on every device. Kept in memory per account and company until one of
 * the rows it is read from changes (migrations 0008, 0018, 0020), and for the day at most (the
 * freshness entry counts days).
 */
import { createHash } from "node:crypto";
import { Hono } from "hono";
import {
  FRESHNESS_NOTICE_DAYS,
  NOTIFICATION_HISTORY_MONTHS,
  NOTIFICATION_HISTORY_PAGE,
  NOTIFICATION_KINDS,
  NotificationHistoryAnswer,
  NotificationHistoryQuery,
  NOTIFICATION_MODULES,
  NotificationParams,
  NotificationStateRequest,
  NotificationsAnswer,
  type NotificationEntry,
  type NotificationHistoryItem,
} from "../../src/contract/notifications.ts";
import { can, confirmsCompanyData, type Role } from "../../src/contract/permissions.ts";
import { todayIso } from "../../src/contract/team.ts";
import { freshnessDaysLeft, freshnessOf } from "../../src/core/freshness.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { jsonBody, paramsOf, protectedOperation, queryOf } from "../http/operation.ts";
import { ProblemError } from "../http/problem.ts";
import { historyEvents, notificationSources, setNotificationState, type NotificationSources } from "../queries/customer-notifications.ts";

/** Accounts × companies whose answer is kept: the active customers of an instance. */
const MAX_KEPT = 10_000;

const fingerprintOf = (...parts: unknown[]) => createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 22);

/** Whether `role` is told of `kind` (the permission table, as the routes the entries lead to). */
export function tells(role: Role, kind: NotificationEntry["kind"]): boolean {
  if (kind === "freshness") return confirmsCompanyData(role);
  const [module, permission] = NOTIFICATION_MODULES[kind];
  return can(role, module, permission);
}

/** Every entry of the account in the company, dismissed ones included, most urgent first. */
export function entriesOf(sources: NotificationSources, role: Role, now = new Date()): (NotificationEntry & { dismissed: boolean })[] {
  const entries: NotificationEntry[] = [];
  const daysLeft = freshnessDaysLeft(sources.derniereMiseAJour, now);
  if (daysLeft === null || daysLeft <= FRESHNESS_NOTICE_DAYS) {
    entries.push({
      key: "freshness",
      kind: "freshness",
      // Its state in it: dismissed while due, the entry comes back once the limit is passed.
      fingerprint: fingerprintOf(sources.derniereMiseAJour, freshnessOf(sources.derniereMiseAJour, now)),
      action: true,
      read: false,
      at: sources.derniereMiseAJour ? new Date(`${sources.derniereMiseAJour}T00:00:00Z`).toISOString() : sources.since,
      dueInDays: daysLeft ?? 0,
    });
  }
  if (sources.bankPending) {
    const { id, at } = sources.bankPending;
    entries.push({ key: "bank-details", kind: "bank-details", fingerprint: fingerprintOf(id), action: false, read: false, at });
  }
  if (sources.invitations) {
    const { ids, at } = sources.invitations;
    entries.push({
      key: "invitations",
      kind: "invitations",
      fingerprint: fingerprintOf(ids),
      action: false,
      read: false,
      at,
      count: ids.length,
    });
  }
  for (const r of sources.requests) {
    const visit = r.date && r.from && r.to ? { date: r.date, from: r.from, to: r.to } : null;
    entries.push({
      key: `service-request:${r.id}`,
      kind: "service-request",
      fingerprint: fingerprintOf(r.status, visit),
      action: false,
      read: false,
      at: r.at,
      reference: r.reference,
      status: r.status,
      visit,
    });
  }
  if (sources.invoices) {
    const { count, newest, at } = sources.invoices;
    entries.push({ key: "invoices", kind: "invoices", fingerprint: fingerprintOf(newest, count), action: false, read: false, at, count });
  }
  if (sources.documents) {
    const { count, newest, at, codeFamille } = sources.documents;
    entries.push({
      key: "documents",
      kind: "documents",
      fingerprint: fingerprintOf(newest, count),
      action: false,
      read: false,
      at,
      count,
      codeFamille,
    });
  }
  const states = new Map(sources.states.map((s) => [s.key, s]));
  return entries
    .filter((entry) => tells(role, entry.kind))
    .map((entry) => {
      // A state recorded for another version is the old one's: the entry changed, it shows again.
      const state = states.get(entry.key);
      const same = state?.fingerprint === entry.fingerprint;
      return { ...entry, read: same && state.read, dismissed: same && state.dismissed };
    })
    .sort((a, b) => NOTIFICATION_KINDS.indexOf(a.kind) - NOTIFICATION_KINDS.indexOf(b.kind));
}

/** The banner's answer: the entries not dismissed, and how many there are. */
export function bannerOf(entries: (NotificationEntry & { dismissed: boolean })[]): NotificationsAnswer {
  const shown = entries.filter((e) => !e.dismissed).map(({ dismissed: _, ...entry }) => entry);
  return { entries: shown, total: shown.length, actionRequired: shown.filter((e) => e.action).length };
}

export function notificationRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const kept = deps.caches.create<{ entries: (NotificationEntry & { dismissed: boolean })[]; since: string } | null>(MAX_KEPT);

  const entriesFor = async (uuidCompte: string, idTier: string, role: Role) => {
    // The day is in the key: the freshness entry's days left change at midnight, not with a row.
    const key = `${uuidCompte}:${idTier}:${role}:${todayIso()}`;
    const tags = [
      `accounts:${uuidCompte}`,
      `account_companies:${uuidCompte}`,
      `companies:${idTier}`,
      `bank_details:${idTier}`,
      `company_invitations:${idTier}`,
      `service_requests:${uuidCompte}`,
      `company_product_purchases:${idTier}`,
      `notification_states:${uuidCompte}`,
      "notification_events",
    ];
    return kept.get(key, tags, async () => {
      const sources = await notificationSources(db, uuidCompte, idTier);
      return sources && { entries: entriesOf(sources, role), since: sources.since };
    });
  };

  app.get(
    "/",
    ...protectedOperation(deps, {
      operationId: "getNotifications",
      summary: "What needs the customer in the company (action banner, header count), most urgent first",
      tags: ["notifications"],
      auth: "company",
      answers: {
        200: {
          description:
            "The entries not dismissed (or dismissed for an older version), most urgent first: information to confirm (from " +
            `${FRESHNESS_NOTICE_DAYS} days before the limit), bank details being validated, invitations waiting for an answer, ` +
            "service requests scheduled or waiting for parts, new invoices and documents since the previous session; " +
            "only those the caller's role reads.",
          schema: NotificationsAnswer,
        },
      },
      problems: [401, 403],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { uuidCompte, idTier } = c.get("company");
      const entries = (await entriesFor(uuidCompte, idTier, c.get("role")))?.entries ?? [];
      return c.json(bannerOf(entries) satisfies NotificationsAnswer);
    },
  );

  app.get(
    "/history",
    ...protectedOperation(deps, {
      operationId: "getNotificationHistory",
      summary:
        "The notification centre: what the banner shows now (read, unread or dismissed), then each new invoice and document of 12 months",
      tags: ["notifications"],
      auth: "company",
      answers: {
        200: {
          description: `${NOTIFICATION_HISTORY_PAGE} items a page, newest first after the current entries (page 1); only what the caller's role reads.`,
          schema: NotificationHistoryAnswer,
        },
      },
      problems: [400, 401, 403, 422],
    }),
    ...queryOf(NotificationHistoryQuery),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { uuidCompte, idTier } = c.get("company");
      const role = c.get("role");
      const page = Number(c.req.valid("query").page);
      const kept = await entriesFor(uuidCompte, idTier, role);
      const entries = kept?.entries ?? [];
      const since = kept?.since ?? new Date(0).toISOString();
      const current: NotificationHistoryItem[] =
        page === 1 ? entries.map((e) => ({ id: e.key, kind: e.kind, at: e.at, read: e.read || e.dismissed, entry: e })) : [];
      const kinds = (["invoice", "document"] as const).filter((k) => tells(role, k === "invoice" ? "invoices" : "documents"));
      // One more than a page: whether there is a next one.
      const events = await historyEvents(
        db,
        idTier,
        kinds,
        NOTIFICATION_HISTORY_MONTHS,
        NOTIFICATION_HISTORY_PAGE + 1,
        (page - 1) * NOTIFICATION_HISTORY_PAGE,
      );
      // An event is read once the customer came back after it, or read (or dismissed) its entry in the banner.
      const seen = (kind: "invoices" | "documents") => {
        const entry = entries.find((e) => e.kind === kind);
        return !entry || entry.read || entry.dismissed;
      };
      const items = events.slice(0, NOTIFICATION_HISTORY_PAGE).map((e): NotificationHistoryItem => ({
        id: e.id,
        kind: e.kind,
        at: e.at,
        read: e.at <= since || seen(e.kind === "invoice" ? "invoices" : "documents"),
        subject: e.subject,
        codeFamille: e.codeFamille,
      }));
      return c.json({
        items: [...current, ...items],
        page,
        more: events.length > NOTIFICATION_HISTORY_PAGE,
      } satisfies NotificationHistoryAnswer);
    },
  );

  app.put(
    "/:key/state",
    ...protectedOperation(deps, {
      operationId: "putNotificationState",
      summary: "Marks an entry read, or dismisses it until it changes (on every device)",
      tags: ["notifications"],
      auth: "company",
      answers: { 200: { description: "Recorded: the banner's entries now.", schema: NotificationsAnswer } },
      problems: [400, 401, 403, 404, 409, 415, 422],
    }),
    paramsOf(NotificationParams, "notFound"),
    ...jsonBody(NotificationStateRequest),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { uuidCompte, idTier } = c.get("company");
      const { key } = c.req.valid("param");
      const { fingerprint, state } = c.req.valid("json");
      const entry = (await entriesFor(uuidCompte, idTier, c.get("role")))?.entries.find((e) => e.key === key);
      // Another customer's request, an entry the role is not told of, one gone: not found alike.
      if (!entry) throw new ProblemError(404, "not-found", "notFound");
      if (entry.fingerprint !== fingerprint) {
        throw new ProblemError(409, "notification-changed", () => "Cette entrée a changé depuis son affichage : rechargez la liste.", {
          extra: { fingerprint: entry.fingerprint },
        });
      }
      await setNotificationState(db, uuidCompte, idTier, key, fingerprint, state);
      await deps.caches.settle(db);
      return c.json(bannerOf((await entriesFor(uuidCompte, idTier, c.get("role")))?.entries ?? []) satisfies NotificationsAnswer);
    },
  );

  return app;
}
