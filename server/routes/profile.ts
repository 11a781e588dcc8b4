import { Hono } from "hono";
import * as v from "valibot";
import { isValidPhone, isValidPostcode } from "../../src/core/address-rules.ts";
import { checkCompanyNumber, isCompanyCountry } from "../../src/contract/company-numbers.ts";
import { ADDRESS_COUNTRIES } from "../../src/core/constants.ts";
import { confirmCurrentPassword } from "../auth/password-check.ts";
import { requireAuth } from "../http/auth-middleware.ts";
import { requireCompany } from "../http/company.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { MESSAGES, ProblemError, validationProblem, type ProblemFieldError } from "../http/problem.ts";
import { emailField, NOT_A_STRING, objectMessage, REQUIRED, requiredString } from "../http/schemas.ts";
import { readJson, toFieldErrors } from "../http/validate.ts";
import { emailInUse } from "../queries/accounts.ts";
import { loadProfile, profileEditBasis, saveProfile } from "../queries/profile.ts";

const INVALID_IMMATRICULATION = "Numéro d'immatriculation invalide pour ce pays.";
const WRONG_PASSWORD = "Mot de passe invalide.";
/** Profiles kept in memory (a few hundred bytes each). */
const MAX_PROFILES = 10_000;

/** Optional text: absent or null → "", trimmed, at most `max` characters. */
const optionalText = (max: number) =>
  v.pipe(
    v.optional(v.nullable(v.string(NOT_A_STRING))),
    v.transform((s) => (s ?? "").trim()),
    v.maxLength(max, `${max} caractères au maximum.`),
  );
const requiredText = (max: number) => v.pipe(requiredString(max), v.trim(), v.nonEmpty(REQUIRED));
const phone = () =>
  v.pipe(
    optionalText(30),
    v.check((s) => s === "" || isValidPhone(s), "Numéro de téléphone invalide."),
  );

const UserFields = v.object(
  {
    civilite: v.pipe(
      v.optional(v.nullable(v.picklist(["M.", "Mme", ""], "Civilité invalide : « M. » ou « Mme »."))),
      v.transform((s) => (s ? s : null)),
    ),
    nom: requiredText(100),
    prenom: requiredText(100),
    fonction: optionalText(100),
    email: emailField(),
    mobile: phone(),
    telephone: phone(),
    adresse: optionalText(200),
    adresse_complement: optionalText(200),
    code_postal: v.pipe(optionalText(12), v.toUpperCase()),
    ville: optionalText(100),
    pays: v.pipe(
      optionalText(2),
      v.toUpperCase(),
      v.check((s) => s === "" || (ADDRESS_COUNTRIES as readonly string[]).includes(s), "Pays invalide."),
    ),
  },
  objectMessage("Doit être un objet."),
);

const CompanyFields = v.object(
  {
    raison_sociale: requiredText(200),
    formeJuridique: optionalText(50),
    immatriculation: requiredText(40),
    // numeroClient is read-only: ignored when sent (unknown keys are dropped)
  },
  objectMessage("Doit être un objet."),
);

const ProfileBody = v.object(
  {
    user: UserFields,
    entreprise: CompanyFields,
    motDePasse: v.optional(v.pipe(v.string(NOT_A_STRING), v.maxLength(1024, "1024 caractères au maximum."))),
  },
  objectMessage(),
);
type ProfileInput = v.InferOutput<typeof ProfileBody>;

/** Field value of the raw body when it is a string (for the checks that need two fields). */
function rawString(body: unknown, section: string, field: string): string | undefined {
  const part = body && typeof body === "object" ? (body as Record<string, unknown>)[section] : undefined;
  const value = part && typeof part === "object" ? (part as Record<string, unknown>)[field] : undefined;
  return typeof value === "string" ? value.trim() : undefined;
}

/**
 * Validates the PUT body: field rules, then the rules that depend on a country (postcode of the
 * user's country, registration number of the company's country). All field errors come together.
 */
function parseProfile(raw: unknown, companyCountry: string): ProfileInput {
  const result = v.safeParse(ProfileBody, raw, { abortPipeEarly: true });
  const errors: ProblemFieldError[] = result.success ? [] : toFieldErrors(result.issues);
  if (errors.some((e) => e.path === "")) throw validationProblem(errors);
  const has = (path: string) => errors.some((e) => e.path === path);

  const pays = (rawString(raw, "user", "pays") ?? "").toUpperCase() || companyCountry;
  const postcode = rawString(raw, "user", "code_postal");
  if (postcode && !has("user.code_postal") && !has("user.pays") && !isValidPostcode(pays, postcode)) {
    errors.push({ path: "user.code_postal", message: "Code postal invalide pour ce pays." });
  }
  const immat = rawString(raw, "entreprise", "immatriculation");
  if (immat && !has("entreprise.immatriculation") && isCompanyCountry(companyCountry)) {
    if (!checkCompanyNumber(companyCountry, immat).valid) {
      errors.push({ path: "entreprise.immatriculation", message: INVALID_IMMATRICULATION });
    }
  }
  if (!result.success || errors.length > 0) throw validationProblem(errors);
  return result.output;
}

/** `/me/profile`: personal data of the account and data of the selected company. */
export function profileRoutes(deps: Deps) {
  const { db, config } = deps;
  const app = new Hono<AppEnv>();
  const emailTaken = () => new ProblemError(409, "email-taken", MESSAGES.emailTaken);
  // The scope was checked by requireCompany: nothing is missing unless the account went meanwhile.
  const gone = () => new ProblemError(403, "company-required", MESSAGES.companyRequired);
  const profileOf = async (uuidCompte: string, idTier: string) => (await loadProfile(db, uuidCompte, idTier)) ?? Promise.reject(gone());
  // Kept until the account's or the company's row changes (notifications of migration 0008); the
  // answer of a PUT reads the database itself.
  const profiles = deps.caches.create<Awaited<ReturnType<typeof profileOf>>>(MAX_PROFILES);

  app.get("/", requireAuth(deps), requireCompany(), async (c) => {
    c.header("Cache-Control", "no-store");
    const { uuidCompte, idTier } = c.get("company");
    const tags = [`accounts:${uuidCompte}`, `companies:${idTier}`];
    return c.json(await profiles.get(`${uuidCompte}:${idTier}`, tags, () => profileOf(uuidCompte, idTier)));
  });

  app.put("/", requireAuth(deps), requireCompany(), async (c) => {
    c.header("Cache-Control", "no-store");
    const { uuidCompte, idTier } = c.get("company");
    const current = await profileEditBasis(db, uuidCompte, idTier);
    if (!current) throw gone();

    const body = parseProfile(await readJson(c, v.unknown()), current.companyPays);
    const { user, entreprise } = body;
    if (user.email !== current.email) {
      if (!body.motDePasse) throw validationProblem([{ path: "motDePasse", message: REQUIRED }]);
      if (!(await confirmCurrentPassword(db, config, uuidCompte, current.passwordHash, body.motDePasse))) {
        throw validationProblem([{ path: "motDePasse", message: WRONG_PASSWORD }]);
      }
      if (await emailInUse(db, user.email, uuidCompte)) throw emailTaken();
    }

    const immatriculation = isCompanyCountry(current.companyPays)
      ? checkCompanyNumber(current.companyPays, entreprise.immatriculation).normalized
      : entreprise.immatriculation;
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
  });

  return app;
}
