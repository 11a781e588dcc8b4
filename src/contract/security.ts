/**
 * Security the customer can see (issue 29, step 3), `/api/me/security/…`: the account's signed-in
 * devices (its sessions), signing out one or all others, its activity log (and, for the company's
 * owner, the team's), and the "this wasn't me" link of the security alerts.
 */
import * as v from "valibot";
import { queryParam } from "./parameters";
import { RoleSchema } from "./permissions";
import { pagePath, requestObject, requiredText } from "./rules";

/**
 * The security alerts e-mailed to the account, which cannot be switched off: a notification
 * preference never applies to these types (the notifications' settings read this list).
 */
export const SECURITY_ALERT_TYPES = ["new-device", "password-changed", "bank-details-changed", "email-change-requested"] as const;
export type SecurityAlertType = (typeof SECURITY_ALERT_TYPES)[number];

/** How long a "this wasn't me" link of an alert can be used. */
export const ALERT_LINK_TTL_DAYS = 7;

/** A signed-in device: a live session, as the devices list shows it. */
export const Device = v.object({
  id: v.string(),
  /** Browser and system read from the user agent ("" when unknown). */
  browser: v.string(),
  system: v.string(),
  /** Phone, tablet or computer, from the user agent. */
  form: v.picklist(["phone", "tablet", "computer"]),
  /** Approximate place ("Lyon, FR") when a GeoIP database is configured, otherwise null. */
  place: v.nullable(v.string()),
  /** The address it was used from, masked (`203.0.113.x`, an IPv6 /48): null when unknown. */
  address: v.nullable(v.string()),
  /** ISO date-times of its sign-in and last use. */
  firstUsedAt: v.string(),
  lastUsedAt: v.string(),
  /** The session of the request itself. */
  current: v.boolean(),
});
export type Device = v.InferOutput<typeof Device>;

export const DevicesAnswer = v.object({ devices: v.array(Device) });
export type DevicesAnswer = v.InferOutput<typeof DevicesAnswer>;

/** A device's id in the path. */
export const DeviceParams = v.object({ id: v.pipe(v.string(), v.uuid()) });

/** How many sessions signing out ended. */
export const SignedOut = v.object({ signedOut: v.number() });
export type SignedOut = v.InferOutput<typeof SignedOut>;

/** What an activity line records. */
export const ACTIVITY_KINDS = [
  "login",
  "login-failed",
  "company-switch",
  "device-signed-out",
  "profile",
  "email",
  "password",
  "bank-details",
  "invitation",
  "member",
  "basket-request",
  "service-request",
  "secured",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The list's filter: each groups kinds. */
export const ACTIVITY_FILTERS = {
  "sign-ins": ["login", "login-failed", "company-switch", "device-signed-out", "secured"],
  account: ["profile", "email", "password"],
  company: ["bank-details"],
  team: ["invitation", "member"],
  requests: ["basket-request", "service-request"],
} as const satisfies Record<string, readonly ActivityKind[]>;
export type ActivityFilter = keyof typeof ACTIVITY_FILTERS;
export const ACTIVITY_FILTER_NAMES = Object.keys(ACTIVITY_FILTERS) as [ActivityFilter, ...ActivityFilter[]];

/** The filter a kind of line belongs to (each kind is in exactly one). */
export function activityFilterOf(kind: ActivityKind): ActivityFilter {
  return ACTIVITY_FILTER_NAMES.find((f) => (ACTIVITY_FILTERS[f] as readonly ActivityKind[]).includes(kind))!;
}

/** How far back the log goes. */
export const ACTIVITY_MONTHS = 12;
export const ACTIVITY_PAGE_SIZE = 20;

/**
 * What a line shows besides its kind (all optional): the browser and system of a sign-in, its
 * masked address or place, the company's name, a request's reference, a member's address and role,
 * the last 4 characters of an IBAN, how many attempts a failed-login line counts.
 */
export const ActivityDetail = v.object({
  browser: v.optional(v.string()),
  system: v.optional(v.string()),
  place: v.optional(v.string()),
  address: v.optional(v.string()),
  company: v.optional(v.string()),
  reference: v.optional(v.string()),
  email: v.optional(v.string()),
  role: v.optional(RoleSchema),
  last4: v.optional(v.string()),
  /** For `member`: what changed (role, suspended, reinstated, ends, removed); for `device-signed-out`: one or others. */
  change: v.optional(v.string()),
});
export type ActivityDetail = v.InferOutput<typeof ActivityDetail>;

export const ActivityEntry = v.object({
  id: v.string(),
  kind: v.picklist(ACTIVITY_KINDS),
  /** ISO date-time (of the last attempt, for failed logins). */
  at: v.string(),
  /** How many times (failed logins of an hour: the attempts; otherwise 1). */
  count: v.number(),
  /** Who did it, when it is not the reader (the team's activity, read by the owner). */
  actor: v.nullable(v.string()),
  detail: ActivityDetail,
});
export type ActivityEntry = v.InferOutput<typeof ActivityEntry>;

export const ActivityAnswer = v.object({
  entries: v.array(ActivityEntry),
  /** The `after` of the next page, or null at the end. */
  next: v.nullable(v.string()),
  /** The reader also sees the company's team activity (the company's owner). */
  team: v.boolean(),
});
export type ActivityAnswer = v.InferOutput<typeof ActivityAnswer>;

/** A keyset cursor: the last line's id (lines are listed newest first, by id). */
const CURSOR = /^\d{1,18}$/;

export const ActivityQuery = v.object({
  kind: queryParam(v.picklist(ACTIVITY_FILTER_NAMES, `kind : ${ACTIVITY_FILTER_NAMES.join(", ")} attendu.`)),
  after: queryParam(v.pipe(v.string(), v.regex(CURSOR, "after : curseur de la page précédente attendu."))),
});
export type ActivityQuery = v.InferInput<typeof ActivityQuery>;

/** The "this wasn't me" link's token, as its page read it from its address (no session). */
export const AlertLinkRequest = requestObject({
  token: requiredText(200),
  /** The forgotten-password page's path on the customer's site: the reset link it mails leads there. */
  resetPath: pagePath(),
});

/** Secured: every session is ended and a reset link is mailed to the account's address. */
export const AlertLinkAnswer = v.object({ signedOut: v.number() });
export type AlertLinkAnswer = v.InferOutput<typeof AlertLinkAnswer>;
export type AlertLinkRequest = v.InferInput<typeof AlertLinkRequest>;
