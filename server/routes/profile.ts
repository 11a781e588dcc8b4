import { Hono } from "hono";
import { isValidPostcode } from "../../src/contract/address-rules.ts";
import { checkCompanyNumber, isCompanyCountry } from "../../src/contract/company-numbers.ts";
import { INVALID_POSTCODE, ProfileAnswer, ProfileRequest } from "../../src/contract/profile.ts";
import { confirmCurrentPassword } from "../auth/password-check.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { jsonBody, protectedOperation } from "../http/operation.ts";
import { ProblemError, tooManyRequests, validationProblem, type ProblemFieldError } from "../http/problem.ts";
import { INVALID_COMPANY_NUMBER, REQUIRED } from "../http/schemas.ts";
import { emailInUse } from "../queries/accounts.ts";
import { loadProfile, profileEditBasis, saveProfile } from "../queries/profile.ts";

const WRONG_PASSWORD = "Mot de passe invalide.";
/** Profiles kept in memory (a few hundred bytes each). */
const MAX_PROFILES = 10_000;

/** `/me/profile`: personal data of the account and data of the selected company. */
export function profileRoutes(deps: Deps) {
  const { db, config } = deps;
  const app = new Hono<AppEnv>();
  const emailTaken = () => new ProblemError(409, "email-taken", "emailTaken");
  // The scope was checked by its guard (protectedOperation): nothing is missing unless the account went meanwhile.
  const gone = () => new ProblemError(403, "company-required", "companyRequired");
  const profileOf = async (uuidCompte: string, idTier: string) => (await loadProfile(db, uuidCompte, idTier)) ?? Promise.reject(gone());
  // Kept until the account's or the company's row changes (notifications of migration 0008); the
  // answer of a PUT reads the database itself.
  const profiles = deps.caches.create<Awaited<ReturnType<typeof profileOf>>>(MAX_PROFILES);

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
      const tags = [`accounts:${uuidCompte}`, `companies:${idTier}`];
      return c.json(await profiles.get(`${uuidCompte}:${idTier}`, tags, () => profileOf(uuidCompte, idTier)));
    },
  );

  app.put(
    "/",
    ...protectedOperation(deps, {
      operationId: "putProfile",
      summary: "Updates the personal and company data (and confirms them as of today)",
      tags: ["profile"],
      auth: "company",
      answers: { 200: { description: "Saved; the same body as GET.", schema: ProfileAnswer } },
      problems: [400, 401, 403, 409, 413, 415, 422, 429],
    }),
    ...jsonBody(ProfileRequest),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { uuidCompte, idTier } = c.get("company");
      const current = await profileEditBasis(db, uuidCompte, idTier);
      if (!current) throw gone();

      const body = c.req.valid("json");
      const { user, entreprise } = body;
      const country = isCompanyCountry(current.companyPays) ? current.companyPays : null;
      const number = country && checkCompanyNumber(country, entreprise.immatriculation);
      // The rules that need the company's country, which the body does not carry.
      const errors: ProblemFieldError[] = [];
      if (!user.pays && user.code_postal && !isValidPostcode(current.companyPays, user.code_postal)) {
        errors.push({ path: "user.code_postal", message: INVALID_POSTCODE });
      }
      if (number && !number.valid) errors.push({ path: "entreprise.immatriculation", message: INVALID_COMPANY_NUMBER });
      if (errors.length > 0) throw validationProblem(errors);
      if (user.email !== current.email) {
        if (!body.motDePasse) throw validationProblem([{ path: "motDePasse", message: REQUIRED }]);
        const confirmation = await confirmCurrentPassword(db, config, uuidCompte, current.passwordHash, body.motDePasse);
        if (confirmation.outcome === "throttled") throw tooManyRequests("tooManyWrongPasswords", confirmation.retryAfter);
        if (confirmation.outcome === "wrong") throw validationProblem([{ path: "motDePasse", message: WRONG_PASSWORD }]);
        if (await emailInUse(db, user.email, uuidCompte)) throw emailTaken();
      }

      const immatriculation = number ? number.normalized : entreprise.immatriculation;
      try {
        await db.transaction((tx) =>
          saveProfile(tx, uuidCompte, idTier, {
            user: { ...user, pays: user.pays || current.companyPays },
            entreprise: { ...entreprise, immatriculation },
          }),
        );
      } catch (err) {
        // Unique e-mail: another account took it since the check above.
        if ((err as { code?: string }).code === "23505") throw emailTaken();
        throw err;
      }
      return c.json(await profileOf(uuidCompte, idTier));
    },
  );

  return app;
}
