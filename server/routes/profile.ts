import { Hono } from "hono";
import { isValidPostcode } from "../../src/contract/address-rules.ts";
import { checkCompanyNumber, isCompanyCountry } from "../../src/contract/company-numbers.ts";
import { can } from "../../src/contract/permissions.ts";
import { INVALID_POSTCODE, ProfileAnswer, ProfileRequest } from "../../src/contract/profile.ts";
import { requestEmailChange } from "../auth/email-change.ts";
import { confirmCurrentPassword } from "../auth/password-check.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { noticeLanguage, noticeLocale } from "../http/locale.ts";
import { jsonBody, protectedOperation } from "../http/operation.ts";
import { ProblemError, tooManyRequests, validationProblem, type ProblemFieldError } from "../http/problem.ts";
import { INVALID_COMPANY_NUMBER, REQUIRED } from "../http/schemas.ts";
import { deliverInBackground } from "../mail/queue.ts";
import { loadProfile, profileEditBasis, saveProfile, type ProfileView } from "../queries/profile.ts";
import { notMeLink } from "../auth/alert-links.ts";
import { recordActivity } from "../queries/security.ts";

const WRONG_PASSWORD = "Mot de passe invalide.";
/** Profiles kept in memory (a few hundred bytes each). */
const MAX_PROFILES = 10_000;

/** `/me/profile`: personal data of the account and data of the selected company. */
export function profileRoutes(deps: Deps) {
  const { db, config, mailer } = deps;
  const app = new Hono<AppEnv>();
  // The scope was checked by its guard (protectedOperation): nothing is missing unless the account went meanwhile.
  const gone = () => new ProblemError(403, "company-required", "companyRequired");
  const profileOf = async (uuidCompte: string, idTier: string) => (await loadProfile(db, uuidCompte, idTier)) ?? Promise.reject(gone());
  // Kept until the account's, the company's or the e-mail change's row changes (notifications of
  // migrations 0008 and 0010); the answer of a PUT reads the database itself.
  const profiles = deps.caches.create<ProfileView>(MAX_PROFILES);
  // A change past its expiry is kept in memory with the rest: it is no longer shown.
  const current = (profile: ProfileView): ProfileView =>
    profile.emailChange && Date.parse(profile.emailChange.expiresAt) <= Date.now() ? { ...profile, emailChange: null } : profile;

  app.get(
    "/",
    ...protectedOperation(deps, {
      operationId: "getProfile",
      summary: "Personal data of the account and data of the selected company",
      tags: ["profile"],
      auth: "company",
      answers: {
        200: { description: "The profile; an absent value is empty (civilite: null), user.pays the company's.", schema: ProfileAnswer },
      },
      problems: [401, 403],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { uuidCompte, idTier } = c.get("company");
      const tags = [`accounts:${uuidCompte}`, `companies:${idTier}`, `email_changes:${uuidCompte}`];
      return c.json(current(await profiles.get(`${uuidCompte}:${idTier}`, tags, () => profileOf(uuidCompte, idTier))));
    },
  );

  app.put(
    "/",
    ...protectedOperation(deps, {
      operationId: "putProfile",
      summary:
        "Updates the personal and company data (and confirms them as of today); another e-mail becomes the login only once the link mailed to it is opened",
      tags: ["profile"],
      auth: "company",
      answers: {
        200: {
          description:
            "Saved; the same body as GET. Another e-mail (with `motDePasse` and `emailChangePath`) is recorded as `emailChange`, " +
            "pending, with the same answer whether or not the address already has an account: a free address gets the link " +
            "that applies it, a taken one's owner a notice, and the current address a link that cancels it.",
          schema: ProfileAnswer,
        },
      },
      problems: [400, 401, 403, 413, 415, 422, 429],
    }),
    ...jsonBody(ProfileRequest),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { uuidCompte, idTier } = c.get("company");
      const basis = await profileEditBasis(db, uuidCompte, idTier);
      if (!basis) throw gone();

      const body = c.req.valid("json");
      const { user, entreprise } = body;
      // A role that does not change the company's data (issue 29) saves its personal data only: the
      // company's fields it sends are neither checked nor written, and confirm nothing.
      const writesCompany = can(c.get("role"), "company", "W");
      const country = isCompanyCountry(basis.companyPays) ? basis.companyPays : null;
      const number = country && checkCompanyNumber(country, entreprise.immatriculation);
      // The rules that need the company's country, which the body does not carry.
      const errors: ProblemFieldError[] = [];
      if (!user.pays && user.code_postal && !isValidPostcode(basis.companyPays, user.code_postal)) {
        errors.push({ path: "user.code_postal", message: INVALID_POSTCODE });
      }
      if (writesCompany && number && !number.valid) errors.push({ path: "entreprise.immatriculation", message: INVALID_COMPANY_NUMBER });
      if (errors.length > 0) throw validationProblem(errors);
      const changesEmail = user.email !== basis.email;
      if (changesEmail) {
        const missing = (["motDePasse", "emailChangePath"] as const).filter((key) => !body[key]);
        if (missing.length > 0) throw validationProblem(missing.map((path) => ({ path, message: REQUIRED })));
        const confirmation = await confirmCurrentPassword(db, config, uuidCompte, basis.passwordHash, body.motDePasse!);
        if (confirmation.outcome === "throttled") throw tooManyRequests("tooManyWrongPasswords", confirmation.retryAfter);
        if (confirmation.outcome === "wrong") throw validationProblem([{ path: "motDePasse", message: WRONG_PASSWORD }]);
      }

      const immatriculation = number ? number.normalized : entreprise.immatriculation;
      const mailIds = await db.transaction(async (tx) => {
        await saveProfile(
          tx,
          uuidCompte,
          idTier,
          {
            user: { ...user, pays: user.pays || basis.companyPays },
            entreprise: { ...entreprise, immatriculation },
          },
          { company: writesCompany },
        );
        await recordActivity(tx, { uuidCompte, idTier, kind: "profile" });
        if (!changesEmail) return [];
        await recordActivity(tx, { uuidCompte, kind: "email", detail: { change: "requested" } });
        const lang = noticeLanguage(c, basis.langue);
        return requestEmailChange(tx, config.publicUrl, {
          uuidCompte,
          oldEmail: basis.email,
          newEmail: user.email,
          lang,
          path: body.emailChangePath!,
          // The old address's mail carries the security alerts' "this wasn't me" link too (issue 29).
          notMeUrl: await notMeLink(tx, config, uuidCompte, "email-change-requested", noticeLocale(c, basis.langue)),
        });
      });
      deliverInBackground(db, mailer, mailIds);
      return c.json(current(await profileOf(uuidCompte, idTier)));
    },
  );

  return app;
}
