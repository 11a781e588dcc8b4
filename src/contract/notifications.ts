/**
 * What the customer must know or do (issue 30): the entries of the action banner and the header's
 * count (`GET /api/me/notifications`), their read and dismissed state (on every device), and the
 * back office's events (`POST /api/integrations/notifications`).
 */
import * as v from "valibot";
import type { Module } from "./permissions";
import { requestObject } from "./rules";

/** The kinds of entry, most urgent first: the banner keeps this order. */
export const NOTIFICATION_KINDS = ["freshness", "bank-details", "invitations", "service-request", "invoices", "documents"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Which module of the permission table a member's role must read to be told of each kind (an
 * accountant is told of invoices, not of machines); freshness follows `confirmsCompanyData`.
 */
export const NOTIFICATION_MODULES: Readonly<Record<Exclude<NotificationKind, "freshness">, readonly [Module, "R" | "W"]>> = {
  "bank-details": ["company", "R"],
  invitations: ["team", "W"],
  "service-request": ["fleet", "R"],
  invoices: ["invoices", "R"],
  documents: ["fleet", "R"],
};

/** Information to confirm is listed from this many days before the freshness limit (SPEC §4). */
export const FRESHNESS_NOTICE_DAYS = 60;
/** The notification centre keeps this many months. */
export const NOTIFICATION_HISTORY_MONTHS = 12;

/** An entry key: its kind, and for a service request its id. */
const ENTRY_KEY = /^(freshness|bank-details|invitations|invoices|documents|service-request:[0-9a-f-]{36})$/;

export const NotificationEntry = v.object({
  /** Stable while the entry concerns the same thing; what read and dismiss name. */
  key: v.string(),
  kind: v.picklist(NOTIFICATION_KINDS),
  /** The version of the entry: dismissed until it changes (a new invoice, a new window). */
  fingerprint: v.string(),
  /** The customer must do something (confirm their information), not only know it. */
  action: v.boolean(),
  read: v.boolean(),
  /** When it began (ISO 8601): the newest event, the request's last change, the pending change. */
  at: v.string(),
  /** freshness: days left before the limit (negative: past it). */
  dueInDays: v.optional(v.number()),
  /** invitations, invoices, documents: how many. */
  count: v.optional(v.number()),
  /** service-request: its reference, status and the booked visit. */
  reference: v.optional(v.string()),
  status: v.optional(v.picklist(["scheduled", "waiting-for-parts"])),
  visit: v.optional(v.nullable(v.object({ date: v.string(), from: v.string(), to: v.string() }))),
  /** documents: the product family of the newest one (its page). */
  codeFamille: v.optional(v.string()),
});
export type NotificationEntry = v.InferOutput<typeof NotificationEntry>;

/** The banner's answer: the entries not dismissed, most urgent first, and the counts the page is told. */
export const NotificationsAnswer = v.object({
  entries: v.array(NotificationEntry),
  total: v.number(),
  actionRequired: v.number(),
});
export type NotificationsAnswer = v.InferOutput<typeof NotificationsAnswer>;

/** The notification centre: what the banner shows now (read, unread or dismissed), then each back-office event of 12 months. */
export const NOTIFICATION_HISTORY_PAGE = 20;
export const NotificationHistoryQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, "Page invalide."), v.transform(Number), v.minValue(1, "Page invalide.")), "1"),
});
export const NotificationHistoryItem = v.object({
  id: v.string(),
  /** A current entry (as the banner's), or one event: a new invoice or document. */
  kind: v.picklist([...NOTIFICATION_KINDS, "invoice", "document"]),
  at: v.string(),
  read: v.boolean(),
  /** A current entry's details. */
  entry: v.optional(NotificationEntry),
  /** An event's invoice number or document title. */
  subject: v.optional(v.string()),
  codeFamille: v.optional(v.nullable(v.string())),
});
export type NotificationHistoryItem = v.InferOutput<typeof NotificationHistoryItem>;
export const NotificationHistoryAnswer = v.object({
  items: v.array(NotificationHistoryItem),
  page: v.number(),
  /** Whether a next page holds older ones. */
  more: v.boolean(),
});
export type NotificationHistoryAnswer = v.InferOutput<typeof NotificationHistoryAnswer>;

export const NotificationParams = v.object({ key: v.pipe(v.string(), v.regex(ENTRY_KEY)) });

/** Read or dismissed: the version the customer saw (a changed entry is a 409). */
export const NotificationStateRequest = requestObject({
  fingerprint: v.pipe(v.string("Version de l'entrée requise."), v.minLength(1, "Version de l'entrée requise."), v.maxLength(200)),
  state: v.picklist(["read", "dismissed"], "État inconnu : read ou dismissed."),
});
export type NotificationStateRequest = v.InferInput<typeof NotificationStateRequest>;

const EVENT_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const eventId = () =>
  v.pipe(
    v.string("Identifiant d'événement requis."),
    v.regex(EVENT_ID, "Identifiant d'événement invalide (1 à 100 caractères A-Z a-z 0-9 . _ : -)."),
  );
const subject = (what: string) =>
  v.pipe(v.string(`${what} requis.`), v.trim(), v.minLength(1, `${what} requis.`), v.maxLength(200, "200 caractères au maximum."));

/** The back office's event: a new invoice for a company, or a new document for a product family. */
export const NotificationEvent = v.variant(
  "type",
  [
    requestObject({
      eventId: eventId(),
      type: v.literal("invoice"),
      idTier: v.pipe(v.string("Entreprise requise."), v.regex(/^[0-9A-Za-z-]{1,40}$/, "Entreprise invalide.")),
      numero: subject("Numéro de facture"),
    }),
    requestObject({
      eventId: eventId(),
      type: v.literal("document"),
      codeFamille: v.pipe(v.string("Famille requise."), v.regex(/^[0-9A-Za-z_-]{1,40}$/, "Famille invalide.")),
      title: subject("Titre"),
    }),
  ],
  "Type d'événement non géré : invoice ou document.",
);
export type NotificationEvent = v.InferInput<typeof NotificationEvent>;

export const NotificationEventAnswer = v.object({
  eventId: v.string(),
  type: v.picklist(["invoice", "document"]),
  /** How many company members were told (by role). */
  recipients: v.number(),
});
export type NotificationEventAnswer = v.InferOutput<typeof NotificationEventAnswer>;

/*
 * Preferences (issue 30): per type of message, the channel it is sent by. SMS only for service
 * requests' status and security alerts; security alerts cannot be switched off.
 */
export const NOTIFICATION_TYPES = [
  "invoices",
  "documents",
  "service-requests",
  "bank-details",
  "invitations",
  "freshness",
  "security",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** `email-and-sms`: both (a service request's changes of status, as they were sent before preferences). */
export const CHANNELS = ["email", "sms", "email-and-sms", "none"] as const;
export type Channel = (typeof CHANNELS)[number];
/** Whether a channel sends the e-mail, the SMS. */
export const byEmail = (channel: Channel) => channel === "email" || channel === "email-and-sms";
export const bySms = (channel: Channel) => channel === "sms" || channel === "email-and-sms";

/** The channels each type may be sent by, in the order the form offers them. */
export const TYPE_CHANNELS: Readonly<Record<NotificationType, readonly Channel[]>> = {
  invoices: ["email", "none"],
  documents: ["email", "none"],
  "service-requests": ["email-and-sms", "email", "sms", "none"],
  "bank-details": ["email", "none"],
  invitations: ["email", "none"],
  freshness: ["email", "none"],
  security: ["email", "sms"],
};

/**
 * Until the customer chooses: everything by e-mail (new invoices in one message a day), a service
 * request's changes of status by e-mail and SMS (as before preferences).
 */
export const DEFAULT_CHANNELS: Readonly<Record<NotificationType, Channel>> = {
  invoices: "email",
  documents: "email",
  "service-requests": "email-and-sms",
  "bank-details": "email",
  invitations: "email",
  freshness: "email",
  security: "email",
};

const channelOf = (type: NotificationType) =>
  v.picklist(
    TYPE_CHANNELS[type] as [Channel, ...Channel[]],
    type === "security" ? "Les alertes de sécurité ne peuvent pas être désactivées." : "choice",
  );

/** Every type's channel (the answer), or those the customer changes (the request: the others stay). */
export const NotificationPreferences = requestObject({
  invoices: v.optional(channelOf("invoices")),
  documents: v.optional(channelOf("documents")),
  "service-requests": v.optional(channelOf("service-requests")),
  "bank-details": v.optional(channelOf("bank-details")),
  invitations: v.optional(channelOf("invitations")),
  freshness: v.optional(channelOf("freshness")),
  security: v.optional(channelOf("security")),
});
export type NotificationPreferencesInput = v.InferInput<typeof NotificationPreferences>;
export const NotificationPreferencesAnswer = v.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, v.picklist(CHANNELS)])) as Record<
    NotificationType,
    v.PicklistSchema<typeof CHANNELS, undefined>
  >,
);
export type NotificationPreferencesAnswer = Record<NotificationType, Channel>;

/** The one-click unsubscribe's token (in the e-mail's `List-Unsubscribe` address). */
export const UnsubscribeQuery = v.object({ token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,300}\.[A-Za-z0-9_-]{32}$/)) });
