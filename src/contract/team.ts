/**
 * A company's team (issue 29, step 2): its members and pending invitations as the owner manages them
 * (`/api/me/team…`), and the invitation's link as the invitee uses it (`/api/invitations/…`).
 */
import * as v from "valibot";
import { companyCountry, mobileOf } from "./company-rules";
import { RoleSchema, ROLES } from "./permissions";
import { choice, email, locale, pagePath, password, requestObject, requiredText } from "./rules";

/** How long an invitation's link can be used. */
export const INVITATION_TTL_DAYS = 7;

/** A member's or an invitation's state, as the team list shows it. */
export const TEAM_STATUSES = ["active", "suspended", "invited", "expired", "ended"] as const;
export type TeamStatus = (typeof TEAM_STATUSES)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Today in the calendar of the one who checks ("YYYY-MM-DD"); a date is compared as text. */
export const todayIso = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
const realDate = (s: string) =>
  ISO_DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/**
 * An optional last day of access ("YYYY-MM-DD", from today on, up to 10 years ahead; absent, null or
 * "" is none). Access ends once that day is over.
 */
export function endDate() {
  return v.optional(
    v.pipe(
      v.nullable(v.string("format"), ""),
      v.transform((s) => (s ?? "").trim()),
      v.check((s) => s === "" || realDate(s), "format"),
      // A day before yesterday is past in every time zone the group serves (a day's slack each way).
      v.check((s) => s === "" || s >= todayIso(new Date(Date.now() - 86_400_000)), "La date de fin doit être aujourd'hui ou plus tard."),
      v.check((s) => s === "" || s <= `${new Date().getFullYear() + 10}-12-31`, "format"),
      v.transform((s) => (s === "" ? null : s)),
    ),
    null,
  );
}

/** A member of the company: an account linked to it. */
export const TeamMember = v.object({
  /** The member's account id: what the changes below name. */
  id: v.string(),
  email: v.string(),
  /** First and last names, when the account has them. */
  name: v.string(),
  role: RoleSchema,
  status: v.picklist(TEAM_STATUSES),
  /** Last day of access ("YYYY-MM-DD"), or null. */
  endsOn: v.nullable(v.string()),
  /** The caller themself. */
  you: v.boolean(),
});
export type TeamMember = v.InferOutput<typeof TeamMember>;

/** An invitation not accepted yet (pending, or expired and worth resending). */
export const TeamInvitation = v.object({
  id: v.string(),
  email: v.string(),
  role: RoleSchema,
  status: v.picklist(TEAM_STATUSES),
  endsOn: v.nullable(v.string()),
  /** ISO date and time after which its link no longer works. */
  expiresAt: v.string(),
});
export type TeamInvitation = v.InferOutput<typeof TeamInvitation>;

export const TeamAnswer = v.object({ members: v.array(TeamMember), invitations: v.array(TeamInvitation) });
export type TeamAnswer = v.InferOutput<typeof TeamAnswer>;

/** The owner's invitation, in form order. `langue`: the invitation mail's language (the inviter's page's). */
export const InvitationRequest = requestObject({
  email: email(),
  role: choice(ROLES),
  endsOn: endDate(),
  langue: v.optional(locale()),
  /** The invitation page's path on the inviter's site (the link's address, after `PUBLIC_URL`). */
  invitationPath: pagePath(),
});
export type InvitationRequest = v.InferInput<typeof InvitationRequest>;

/** The same answer whether or not the address has an account (no enumeration). */
export const InvitationSent = v.object({ id: v.string(), expiresAt: v.string() });
export type InvitationSent = v.InferOutput<typeof InvitationSent>;

/** A member's change: any of role, suspension, last day (null: none). */
export const MemberChange = requestObject({
  role: v.optional(choice(ROLES)),
  suspended: v.optional(v.boolean("format")),
  endsOn: v.optional(endDate()),
});
export type MemberChange = v.InferInput<typeof MemberChange>;

/** A member's or an invitation's id in the path. */
export const TeamParams = v.object({ id: v.pipe(v.string(), v.uuid()) });

/** The invitation link's token, as the invitation page read it from its address. */
export const InvitationToken = requestObject({ token: requiredText(200) });

/** What the invitation page shows before the invitee accepts. */
export const InvitationView = v.object({
  email: v.string(),
  company: v.string(),
  /** The company's country: the new account's mobile is checked against it. */
  pays: v.string(),
  codeReseau: v.string(),
  role: RoleSchema,
  endsOn: v.nullable(v.string()),
  expiresAt: v.string(),
});
export type InvitationView = v.InferOutput<typeof InvitationView>;

const AcceptFields = requestObject({
  token: requiredText(200),
  pays: companyCountry(),
  mobile: requiredText(40),
  motDePasse: password(),
  confirmerMotDePasse: password(),
});
type AcceptFields = v.InferOutput<typeof AcceptFields>;
/**
 * A new account from the invitation, in form order: its login is the invited address, its password
 * keeps the password rules (checked apart, as registration's), its mobile is one of the company's
 * country (`pays`, from the invitation) or an international one.
 */
export const AcceptInvitationRequest = v.pipe(AcceptFields, mobileOf<AcceptFields>("pays", "mobile"));
export type AcceptInvitationRequest = v.InferInput<typeof AcceptInvitationRequest>;

/** Accepted: the company now in the account's list, with the role. */
export const InvitationAccepted = v.object({ email: v.string(), company: v.string(), role: RoleSchema });
export type InvitationAccepted = v.InferOutput<typeof InvitationAccepted>;

/**
 * Why an invitation's link can no longer be used, the `reason` of its 410 problem: accepted,
 * revoked by the owner, replaced by a newer one (resent), expired, or unknown.
 */
export const INVITATION_ENDS = ["accepted", "revoked", "expired", "unknown"] as const;
export type InvitationEnd = (typeof INVITATION_ENDS)[number];
