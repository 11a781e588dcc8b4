/**
 * A company's team (issue 29, step 2). `/me/team`: the owner lists the members and invitations of
 * the token's company, invites by e-mail, changes a member's role, suspends, sets a last day,
 * removes, resends or revokes an invitation; each change is mailed to the person concerned.
 * `/invitations`: the invitation's link, used from its page (POST only: a mail scanner that opens
 * the link accepts nothing); a new account is made there, an existing one adds the company.
 */
import { Hono, type Context } from "hono";
import type { Locale } from "../../src/contract/constants.ts";
import type { Role } from "../../src/contract/permissions.ts";
import type { ActivityDetail } from "../../src/contract/security.ts";
import {
  AcceptInvitationRequest,
  INVITATION_TTL_DAYS,
  InvitationAccepted,
  InvitationRequest,
  InvitationSent,
  InvitationToken,
  InvitationView,
  MemberChange,
  TeamAnswer,
  TeamMember,
  TeamParams,
  type InvitationEnd,
} from "../../src/contract/team.ts";
import { formatCompanyName } from "../../src/core/company-name.ts";
import { newPasswordErrors } from "../auth/password-policy.ts";
import { hashPassword } from "../auth/passwords.ts";
import { hashSecretToken, newRefreshToken } from "../auth/tokens.ts";
import type { Queryable } from "../db/db.ts";
import { clientAddress, type AppEnv, type CompanyScope, type Deps } from "../http/context.ts";
import { jsonBody, operation, paramsOf, protectedOperation } from "../http/operation.ts";
import { ProblemError, tooManyRequests, validationProblem } from "../http/problem.ts";
import { pageLink } from "../mail/links.ts";
import { deliverInBackground, enqueueMail } from "../mail/queue.ts";
import { accessChangeMail, invitationMail, type AccessChange } from "../mail/team-templates.ts";
import { mailLanguage } from "../mail/templates.ts";
import { countWithin, hit } from "../queries/rate-limits.ts";
import { recordActivity } from "../queries/security.ts";
import {
  accountByEmail,
  companyNameParts,
  createInvitedAccount,
  deleteMemberLink,
  endInvitation,
  invitationByToken,
  isMemberAddress,
  linkInvitedAccount,
  lockActiveOwners,
  lockMember,
  lockOpenInvitation,
  renewInvitation,
  teamOf,
  updateMemberLink,
  upsertInvitation,
  type LockedInvitation,
} from "../queries/team.ts";

/** Per company and hour, invitations and resends together: a team, not a mailing list. */
const INVITATIONS_PER_HOUR = 20;
/** Per invited address and day, across companies: nobody's inbox is filled by invitations. */
const INVITATIONS_PER_ADDRESS_PER_DAY = 5;
/** Per client address and 10 minutes, the invitation page's calls (a token cannot be guessed; still). */
const LINK_CALLS_PER_WINDOW = 30;
const LINK_WINDOW_SECONDS = 600;
const HOUR_SECONDS = 3600;
const DAY_SECONDS = 86_400;

type Said = Record<"fr" | "en" | "nl" | "de" | "es" | "it", string>;
/** The team's refusals, in the request's language (said by the server only, as the service requests' are). */
const SAID = {
  lastOwner: {
    fr: "L'entreprise doit garder au moins un propriétaire actif : nommez d'abord un autre propriétaire.",
    en: "The company must keep at least one active owner: make someone else owner first.",
    nl: "Het bedrijf moet minstens één actieve eigenaar houden: maak eerst iemand anders eigenaar.",
    de: "Das Unternehmen muss mindestens einen aktiven Inhaber behalten: Ernennen Sie zuerst einen anderen Inhaber.",
    es: "La empresa debe conservar al menos un propietario activo: nombre primero a otro propietario.",
    it: "L'azienda deve mantenere almeno un titolare attivo: nomini prima un altro titolare.",
  },
  alreadyMember: {
    fr: "Cette adresse fait déjà partie de l'équipe de l'entreprise.",
    en: "This address is already in the company's team.",
    nl: "Dit adres maakt al deel uit van het team van het bedrijf.",
    de: "Diese Adresse gehört bereits zum Team des Unternehmens.",
    es: "Esta dirección ya forma parte del equipo de la empresa.",
    it: "Questo indirizzo fa già parte del team dell'azienda.",
  },
  linkInvalid: {
    fr: "Ce lien d'invitation n'est plus valable. Demandez au propriétaire du compte de l'entreprise de vous en renvoyer un.",
    en: "This invitation link is no longer valid. Ask the owner of the company's account to send you a new one.",
    nl: "Deze uitnodigingslink is niet meer geldig. Vraag de eigenaar van het bedrijfsaccount u een nieuwe te sturen.",
    de: "Dieser Einladungslink ist nicht mehr gültig. Bitten Sie den Inhaber des Unternehmenskontos, Ihnen einen neuen zu senden.",
    es: "Este enlace de invitación ya no es válido. Pida al propietario de la cuenta de la empresa que le envíe uno nuevo.",
    it: "Questo link di invito non è più valido. Chieda al titolare dell'account dell'azienda di inviargliene uno nuovo.",
  },
  otherAddress: {
    fr: "Cette invitation a été envoyée à une autre adresse : connectez-vous avec le compte de cette adresse.",
    en: "This invitation was sent to another address: log in with that address's account.",
    nl: "Deze uitnodiging is naar een ander adres gestuurd: meld u aan met het account van dat adres.",
    de: "Diese Einladung wurde an eine andere Adresse gesendet: Melden Sie sich mit dem Konto dieser Adresse an.",
    es: "Esta invitación se envió a otra dirección: inicie sesión con la cuenta de esa dirección.",
    it: "Questo invito è stato inviato a un altro indirizzo: acceda con l'account di quell'indirizzo.",
  },
  hasAccount: {
    fr: "Un compte existe déjà pour cette adresse : connectez-vous pour ajouter l'entreprise à votre compte.",
    en: "An account already exists for this address: log in to add the company to your account.",
    nl: "Er bestaat al een account voor dit adres: meld u aan om het bedrijf aan uw account toe te voegen.",
    de: "Für diese Adresse besteht bereits ein Konto: Melden Sie sich an, um das Unternehmen Ihrem Konto hinzuzufügen.",
    es: "Ya existe una cuenta para esta dirección: inicie sesión para añadir la empresa a su cuenta.",
    it: "Esiste già un account per questo indirizzo: acceda per aggiungere l'azienda al Suo account.",
  },
} as const satisfies Record<string, Said>;
const said = (key: keyof typeof SAID) => (locale: Locale) => SAID[key][locale.slice(0, 2) as keyof Said];

const lastOwner = () => new ProblemError(409, "last-owner", said("lastOwner"));
const notFound = () => new ProblemError(404, "not-found", "notFound");
const linkInvalid = (reason: InvitationEnd) => new ProblemError(410, "invitation-link-invalid", said("linkInvalid"), { extra: { reason } });

const companyName = (p: { raisonSociale: string; formeJuridique: string | null; pays: string }) =>
  formatCompanyName(p.raisonSociale, p.formeJuridique, p.pays);

/** A line of the company's team activity by its owner (read by them and the company's other owners). */
const teamActivity = (tx: Queryable, company: CompanyScope, kind: "invitation" | "member", detail: ActivityDetail) =>
  recordActivity(tx, { uuidCompte: company.uuidCompte, idTier: company.idTier, kind, detail });

/** Why the invitation's link can no longer be used, or null while it can. */
function endOf(invitation: LockedInvitation | undefined): InvitationEnd | null {
  if (!invitation) return "unknown";
  if (invitation.accepted) return "accepted";
  if (invitation.revoked) return "revoked";
  return invitation.expired ? "expired" : null;
}

/** The invitation's page as its link holder sees it, or its 410. */
function viewOf(invitation: LockedInvitation | undefined): InvitationView {
  const end = endOf(invitation);
  if (end || !invitation) throw linkInvalid(end ?? "unknown");
  return {
    email: invitation.email,
    company: companyName(invitation),
    pays: invitation.pays,
    codeReseau: invitation.codeReseau,
    role: invitation.role,
    endsOn: invitation.endsOn,
    expiresAt: invitation.expiresAt,
  };
}

const LINK_PROBLEMS =
  "410 `invitation-link-invalid` with `reason`: `accepted`, `revoked`, `expired` (7 days, or a newer link was sent) or `unknown`.";

/** The owner's changes: the link's rows are locked, owners' first, so the last owner is kept. */
async function changeMember(
  tx: Queryable,
  company: CompanyScope,
  id: string,
  change: { role?: Role; suspended?: boolean; endsOn?: string | null } | "remove",
): Promise<{ to: string; langue: string; changes: AccessChange[] }> {
  const owners = await lockActiveOwners(tx, company.idTier);
  const member = await lockMember(tx, company.idTier, id);
  if (!member) throw notFound();
  const remove = change === "remove";
  const staysActiveOwner =
    !remove &&
    (change.role ?? member.role) === "owner" &&
    !(change.suspended ?? member.suspended) &&
    (change.endsOn === undefined ? member.active || member.suspended : change.endsOn === null);
  // The company keeps an owner who can act today, without an end date set on them by this change.
  if (owners.includes(id) && !staysActiveOwner && owners.length <= 1) throw lastOwner();
  if (remove) {
    await deleteMemberLink(tx, company.idTier, id);
    return { to: member.email, langue: member.langue, changes: [{ kind: "removed" }] };
  }
  await updateMemberLink(tx, company.idTier, id, change);
  const changes: AccessChange[] = [];
  const role = change.role ?? member.role;
  if (change.suspended === true && !member.suspended) changes.push({ kind: "suspended" });
  else if (change.suspended === false && member.suspended) changes.push({ kind: "reinstated", role });
  else if (change.role && change.role !== member.role) changes.push({ kind: "role", role: change.role });
  if (change.endsOn !== undefined && change.endsOn !== member.endsOn) changes.push({ kind: "ends", endsOn: change.endsOn });
  return { to: member.email, langue: member.langue, changes };
}

/** `/me/team`: the token's company's members and invitations. */
export function teamRoutes(deps: Deps) {
  const { db, config, mailer } = deps;
  const app = new Hono<AppEnv>();

  app.get(
    "/",
    ...protectedOperation(deps, {
      operationId: "getTeam",
      summary: "The company's members (with their role, state and last day) and its invitations not yet accepted",
      tags: ["team"],
      auth: "company",
      answers: { 200: { description: "Owners first, then by address; the newest invitations first.", schema: TeamAnswer } },
      problems: [401, 403],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { idTier, uuidCompte } = c.get("company");
      return c.json((await teamOf(db, idTier, uuidCompte)) satisfies TeamAnswer);
    },
  );

  /** Mails the invitation with a new token; its id and expiry. */
  async function invite(
    c: Context<AppEnv>,
    tx: Queryable,
    input: { email: string; role: Role; endsOn: string | null; langue: Locale; path: string },
    renew?: string,
  ) {
    const company = c.get("company");
    const perCompany = await countWithin(tx, `invitations:company:${company.idTier}`, HOUR_SECONDS, INVITATIONS_PER_HOUR);
    if (!perCompany.counted) throw tooManyRequests("tooManyRequests", perCompany.retryAfter);
    const perAddress = await countWithin(tx, `invitations:to:${input.email}`, DAY_SECONDS, INVITATIONS_PER_ADDRESS_PER_DAY);
    if (!perAddress.counted) throw tooManyRequests("tooManyRequests", perAddress.retryAfter);
    const token = newRefreshToken();
    const sent = renew
      ? { id: renew, expiresAt: await renewInvitation(tx, renew, token.hash, INVITATION_TTL_DAYS) }
      : await upsertInvitation(tx, {
          idTier: company.idTier,
          email: input.email,
          role: input.role,
          endsOn: input.endsOn,
          tokenHash: token.hash,
          invitedBy: company.uuidCompte,
          langue: input.langue,
          linkPath: input.path,
          ttlDays: INVITATION_TTL_DAYS,
        });
    const parts = await companyNameParts(tx, company.idTier);
    const mail = invitationMail(mailLanguage(input.langue), input.email, {
      company: parts ? companyName(parts) : "",
      role: input.role,
      endsOn: input.endsOn,
      url: pageLink(config.publicUrl, input.path, { token: token.token }),
      days: INVITATION_TTL_DAYS,
    });
    return { sent, mailId: await enqueueMail(tx, mail) };
  }

  // The same answer whether the address has an account or not: the mail is the same too (its page
  // offers both ways), so nothing here tells the inviter.
  app.post(
    "/invitations",
    ...protectedOperation(deps, {
      operationId: "inviteMember",
      summary: "Invite an e-mail address to the company with a role (and a last day): a single-use link valid 7 days",
      tags: ["team"],
      auth: "company",
      answers: {
        201: {
          description:
            "Invited (an open invitation to the same address is renewed): the same answer whether or not the address has an account. " +
            "409 `already-member` when the address is in the team; 429 with `Retry-After` past 20 invitations an hour for the company or 5 a day for the address.",
          schema: InvitationSent,
        },
      },
      problems: [400, 401, 403, 409, 415, 422, 429],
    }),
    ...jsonBody(InvitationRequest),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const input = c.req.valid("json");
      const company = c.get("company");
      const { sent, mailId } = await db.transaction(async (tx) => {
        if (await isMemberAddress(tx, company.idTier, input.email)) throw new ProblemError(409, "already-member", said("alreadyMember"));
        await teamActivity(tx, company, "invitation", { email: input.email, role: input.role, change: "sent" });
        return invite(c, tx, {
          email: input.email,
          role: input.role,
          endsOn: input.endsOn,
          langue: input.langue ?? c.get("locale"),
          path: input.invitationPath,
        });
      });
      deliverInBackground(db, mailer, [mailId]);
      return c.json(sent, 201);
    },
  );

  app.post(
    "/invitations/:id/resend",
    ...protectedOperation(deps, {
      operationId: "resendInvitation",
      summary: "Send an invitation again: a new link valid 7 days (the previous one no longer works)",
      tags: ["team"],
      auth: "company",
      noBody: true,
      answers: { 200: { description: "Sent again. 429 with `Retry-After` as for an invitation.", schema: InvitationSent } },
      problems: [401, 403, 404, 429],
    }),
    paramsOf(TeamParams, "notFound"),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const company = c.get("company");
      const { sent, mailId } = await db.transaction(async (tx) => {
        const invitation = await lockOpenInvitation(tx, company.idTier, c.req.valid("param").id);
        if (!invitation) throw notFound();
        await teamActivity(tx, company, "invitation", { email: invitation.email, role: invitation.role, change: "resent" });
        return invite(
          c,
          tx,
          {
            email: invitation.email,
            role: invitation.role,
            endsOn: invitation.endsOn,
            langue: invitation.langue as Locale,
            path: invitation.linkPath,
          },
          invitation.id,
        );
      });
      deliverInBackground(db, mailer, [mailId]);
      return c.json(sent);
    },
  );

  app.delete(
    "/invitations/:id",
    ...protectedOperation(deps, {
      operationId: "revokeInvitation",
      summary: "Withdraw an invitation: its link no longer works",
      tags: ["team"],
      auth: "company",
      answers: { 204: { description: "Withdrawn." } },
      problems: [401, 403, 404],
    }),
    paramsOf(TeamParams, "notFound"),
    async (c) => {
      c.header("Cache-Control", "no-store");
      await db.transaction(async (tx) => {
        const invitation = await lockOpenInvitation(tx, c.get("company").idTier, c.req.valid("param").id);
        if (!invitation) throw notFound();
        await endInvitation(tx, invitation.id, "revoked");
        await teamActivity(tx, c.get("company"), "invitation", { email: invitation.email, role: invitation.role, change: "revoked" });
      });
      return c.body(null, 204);
    },
  );

  app.patch(
    "/members/:id",
    ...protectedOperation(deps, {
      operationId: "updateMember",
      summary: "Change a member's role, suspend or reinstate them, or set their last day (applies to their open sessions at once)",
      tags: ["team"],
      auth: "company",
      answers: {
        200: {
          description:
            "Changed: the member as the list shows them now; they are told by e-mail. 409 `last-owner` when the company would be left without an active owner.",
          schema: TeamMember,
        },
      },
      problems: [400, 401, 403, 404, 409, 415, 422],
    }),
    paramsOf(TeamParams, "notFound"),
    ...jsonBody(MemberChange),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const company = c.get("company");
      const input = c.req.valid("json");
      const id = c.req.valid("param").id;
      const { mailId, member } = await db.transaction(async (tx) => {
        const done = await changeMember(tx, company, id, input);
        for (const change of done.changes) {
          const role = "role" in change ? change.role : undefined;
          await teamActivity(tx, company, "member", { email: done.to, ...(role ? { role } : {}), change: change.kind });
        }
        const parts = await companyNameParts(tx, company.idTier);
        const member = (await teamOf(tx, company.idTier, company.uuidCompte)).members.find((m) => m.id === id)!;
        const mailId =
          done.changes.length > 0
            ? await enqueueMail(tx, accessChangeMail(mailLanguage(done.langue), done.to, parts ? companyName(parts) : "", done.changes))
            : null;
        return { mailId, member };
      });
      if (mailId) deliverInBackground(db, mailer, [mailId]);
      return c.json(member satisfies TeamMember);
    },
  );

  app.delete(
    "/members/:id",
    ...protectedOperation(deps, {
      operationId: "removeMember",
      summary: "Remove a member from the company (or leave it, with one's own id): their sessions lose it at once",
      tags: ["team"],
      auth: "company",
      answers: { 204: { description: "Removed; the member is told by e-mail. 409 `last-owner` for the last active owner." } },
      problems: [401, 403, 404, 409],
    }),
    paramsOf(TeamParams, "notFound"),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const company = c.get("company");
      const mailId = await db.transaction(async (tx) => {
        const done = await changeMember(tx, company, c.req.valid("param").id, "remove");
        await teamActivity(tx, company, "member", { email: done.to, change: "removed" });
        const parts = await companyNameParts(tx, company.idTier);
        return enqueueMail(tx, accessChangeMail(mailLanguage(done.langue), done.to, parts ? companyName(parts) : "", done.changes));
      });
      deliverInBackground(db, mailer, [mailId]);
      return c.body(null, 204);
    },
  );

  return app;
}

/** `/invitations`: the link's page reads the invitation, then accepts it with a new account or an existing one. */
export function invitationRoutes(deps: Deps) {
  const { db, config } = deps;
  const app = new Hono<AppEnv>();

  const perClient = async (c: Context<AppEnv>) => {
    const state = await hit(db, `invitations:client:${clientAddress(c, config.trustProxy)}`, LINK_WINDOW_SECONDS);
    if (state.count > LINK_CALLS_PER_WINDOW) throw tooManyRequests("tooManyRequests", state.retryAfter);
  };

  app.post(
    "/view",
    operation({
      operationId: "getInvitation",
      summary: "What an invitation's link invites to (a POST, so that the token stays out of addresses and logs); accepts nothing",
      tags: ["team"],
      answers: { 200: { description: `The invitation. ${LINK_PROBLEMS}`, schema: InvitationView } },
      problems: [400, 410, 415, 422, 429],
    }),
    ...jsonBody(InvitationToken),
    async (c) => {
      c.header("Cache-Control", "no-store");
      await perClient(c);
      return c.json(viewOf(await invitationByToken(db, hashSecretToken(c.req.valid("json").token))));
    },
  );

  app.post(
    "/accept",
    operation({
      operationId: "acceptInvitation",
      summary: "Accept an invitation with a new account: its login is the invited address (then log in)",
      tags: ["team"],
      answers: {
        201: {
          description: `The account is made and linked to the company with the invitation's role. ${LINK_PROBLEMS} 409 \`account-exists\` when the address has an account: log in and join.`,
          schema: InvitationAccepted,
        },
      },
      problems: [400, 409, 410, 415, 422, 429],
    }),
    ...jsonBody(AcceptInvitationRequest),
    async (c) => {
      c.header("Cache-Control", "no-store");
      await perClient(c);
      const body = c.req.valid("json");
      const hash = hashSecretToken(body.token);
      const invitation = viewOf(await invitationByToken(db, hash));
      const errors = newPasswordErrors(body.motDePasse, body.confirmerMotDePasse, "motDePasse");
      if (errors.length > 0) throw validationProblem(errors);
      const hasAccount = () => new ProblemError(409, "account-exists", said("hasAccount"));
      if (await accountByEmail(db, invitation.email)) throw hasAccount();
      const passwordHash = await hashPassword(body.motDePasse);
      const accepted = await db.transaction(async (tx) => {
        const locked = await invitationByToken(tx, hash, true);
        viewOf(locked);
        const uuidCompte = await createInvitedAccount(tx, {
          email: locked!.email,
          passwordHash,
          mobile: body.mobile,
          pays: body.pays,
          langue: locked!.langue,
        });
        if (!uuidCompte) throw hasAccount();
        await linkInvitedAccount(tx, uuidCompte, locked!.idTier, locked!.role, locked!.endsOn);
        await endInvitation(tx, locked!.id, "accepted");
        const detail = { company: companyName(locked!), role: locked!.role, change: "accepted" };
        await recordActivity(tx, { uuidCompte, idTier: locked!.idTier, kind: "invitation", detail });
        return { email: locked!.email, company: companyName(locked!), role: locked!.role };
      });
      return c.json(accepted satisfies InvitationAccepted, 201);
    },
  );

  app.post(
    "/join",
    ...protectedOperation(deps, {
      operationId: "joinInvitation",
      summary: "Accept an invitation sent to the logged-in account's own address: the company joins its list",
      tags: ["team"],
      auth: "bearer",
      answers: {
        200: {
          description: `Linked with the invitation's role (log in again, or refresh, to get the company's token). ${LINK_PROBLEMS} 403 \`forbidden\` for an invitation sent to another address.`,
          schema: InvitationAccepted,
        },
      },
      problems: [400, 401, 403, 410, 415, 422, 429],
    }),
    ...jsonBody(InvitationToken),
    async (c) => {
      c.header("Cache-Control", "no-store");
      await perClient(c);
      const { uuidCompte } = c.get("auth");
      const hash = hashSecretToken(c.req.valid("json").token);
      const accepted = await db.transaction(async (tx) => {
        const locked = await invitationByToken(tx, hash, true);
        viewOf(locked);
        const account = await accountByEmail(tx, locked!.email);
        if (account?.uuidCompte !== uuidCompte) throw new ProblemError(403, "forbidden", said("otherAddress"));
        await linkInvitedAccount(tx, uuidCompte, locked!.idTier, locked!.role, locked!.endsOn);
        await endInvitation(tx, locked!.id, "accepted");
        const detail = { company: companyName(locked!), role: locked!.role, change: "accepted" };
        await recordActivity(tx, { uuidCompte, idTier: locked!.idTier, kind: "invitation", detail });
        return { email: locked!.email, company: companyName(locked!), role: locked!.role };
      });
      return c.json(accepted satisfies InvitationAccepted);
    },
  );

  return app;
}
