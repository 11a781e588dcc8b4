import { Hono, type Context } from "hono";
import * as v from "valibot";
import { isValidPhone, isValidPostcode } from "../../src/core/address-rules.ts";
import { checkCompanyNumber, isCompanyCountry } from "../../src/core/company-numbers.ts";
import { verifyPassword } from "../auth/passwords.ts";
import type { CompanyView } from "../auth/user.ts";
import type { Queryable } from "../db/db.ts";
import { requireAuth } from "../http/auth-middleware.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { MESSAGES, ProblemError, type ProblemFieldError } from "../http/problem.ts";
import { hit, peek, reset } from "../http/rate-limit.ts";
import { objectMessage, REQUIRED, requiredString } from "../http/schemas.ts";
import { readJson, toFieldErrors } from "../http/validate.ts";
import { passwordCheckKey, tooManyPasswordAttempts } from "./password.ts";

export const INVALID_IMMATRICULATION = "Numéro d'immatriculation invalide pour ce pays.";
export const WRONG_PASSWORD = "Mot de passe invalide.";
const NOT_A_STRING = "Doit être une chaîne de caractères.";

/** Countries of a personal address (SPEC §9: country codes from the locales). */
export const USER_COUNTRIES = ["FR", "BE", "LU", "NL", "DE", "GB", "ES", "IT"] as const;

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
    email: v.pipe(requiredText(254), v.email("Adresse e-mail invalide."), v.toLowerCase()),
    mobile: phone(),
    telephone: phone(),
    adresse: optionalText(200),
    adresse_complement: optionalText(200),
    code_postal: v.pipe(optionalText(12), v.toUpperCase()),
    ville: optionalText(100),
    pays: v.pipe(
      optionalText(2),
      v.toUpperCase(),
      v.check((s) => s === "" || (USER_COUNTRIES as readonly string[]).includes(s), "Pays invalide."),
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

export interface ProfileView {
  user: {
    civilite: "M." | "Mme" | null;
    nom: string;
    prenom: string;
    fonction: string;
    email: string;
    mobile: string;
    telephone: string;
    adresse: string;
    adresse_complement: string;
    code_postal: string;
    ville: string;
    pays: string;
  };
  entreprise: {
    idTier: string;
    raison_sociale: string;
    formeJuridique: string;
    immatriculation: string;
    numeroClient: string;
    pays: string;
    derniereMiseAJour: string | null;
  };
}

async function loadProfile(db: Queryable, uuidCompte: string, idTier: string): Promise<ProfileView | null> {
  const { rows } = await db.query<{
    civilite: string | null;
    nom: string | null;
    prenom: string | null;
    fonction: string | null;
    email: string;
    mobile: string | null;
    telephone: string | null;
    adresse: string | null;
    adresse_complement: string | null;
    code_postal: string | null;
    ville: string | null;
    pays: string | null;
    id_tier: string;
    raison_sociale: string;
    forme_juridique: string;
    immatriculation: string;
    numero_client: string;
    company_pays: string;
    derniere_mise_a_jour: string | null;
  }>(
    `SELECT a.civilite, a.nom, a.prenom, a.fonction, a.email, a.mobile, a.telephone, a.adresse, a.adresse_complement,
            a.code_postal, a.ville, a.pays, c.id_tier, c.raison_sociale, c.forme_juridique, c.immatriculation,
            c.numero_client, c.pays AS company_pays, to_char(c.derniere_mise_a_jour, 'YYYY-MM-DD') AS derniere_mise_a_jour
     FROM accounts a
     JOIN account_companies ac ON ac.uuid_compte = a.uuid_compte
     JOIN companies c ON c.id_tier = ac.id_tier
     WHERE a.uuid_compte = $1 AND c.id_tier = $2`,
    [uuidCompte, idTier],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    user: {
      civilite: r.civilite === "M." || r.civilite === "Mme" ? r.civilite : null,
      nom: r.nom ?? "",
      prenom: r.prenom ?? "",
      fonction: r.fonction ?? "",
      email: r.email,
      mobile: r.mobile ?? "",
      telephone: r.telephone ?? "",
      adresse: r.adresse ?? "",
      adresse_complement: r.adresse_complement ?? "",
      code_postal: r.code_postal ?? "",
      ville: r.ville ?? "",
      pays: r.pays || r.company_pays,
    },
    entreprise: {
      idTier: r.id_tier,
      raison_sociale: r.raison_sociale,
      formeJuridique: r.forme_juridique,
      immatriculation: r.immatriculation,
      numeroClient: r.numero_client,
      pays: r.company_pays,
      derniereMiseAJour: r.derniere_mise_a_jour,
    },
  };
}

/** The company the token is scoped to; an account-level token → 403. */
export function requireCompany(c: Context<AppEnv>): string {
  const idTier = c.get("auth").idTier;
  if (!idTier) throw new ProblemError(403, "company-required", MESSAGES.companyRequired);
  return idTier;
}

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
  if (errors.some((e) => e.path === "")) throw new ProblemError(422, "validation", MESSAGES.validation, { errors });
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
  if (!result.success || errors.length > 0) throw new ProblemError(422, "validation", MESSAGES.validation, { errors });
  return result.output;
}

/** GET/PUT /me/profile and POST /me/confirmation: personal and company data of the selected company. */
export function profileRoutes(deps: Deps) {
  const { db, config } = deps;
  const app = new Hono<AppEnv>();

  app.get("/me/profile", requireAuth(deps), async (c) => {
    c.header("Cache-Control", "no-store");
    const idTier = requireCompany(c);
    const profile = await loadProfile(db, c.get("auth").uuidCompte, idTier);
    if (!profile) throw new ProblemError(403, "company-required", MESSAGES.companyRequired);
    return c.json(profile);
  });

  app.put("/me/profile", requireAuth(deps), async (c) => {
    c.header("Cache-Control", "no-store");
    const idTier = requireCompany(c);
    const auth = c.get("auth");
    const current = (
      await db.query<{ email: string; password_hash: string; company_pays: string }>(
        `SELECT a.email, a.password_hash, c.pays AS company_pays
         FROM accounts a JOIN account_companies ac ON ac.uuid_compte = a.uuid_compte
         JOIN companies c ON c.id_tier = ac.id_tier
         WHERE a.uuid_compte = $1 AND c.id_tier = $2`,
        [auth.uuidCompte, idTier],
      )
    ).rows[0];
    if (!current) throw new ProblemError(403, "company-required", MESSAGES.companyRequired);

    const raw = await readJson(c, v.unknown());
    const body = parseProfile(raw, current.company_pays);
    const { user, entreprise } = body;
    const emailChanged = user.email !== current.email;
    if (emailChanged) {
      if (!body.motDePasse) {
        throw new ProblemError(422, "validation", MESSAGES.validation, {
          errors: [{ path: "motDePasse", message: REQUIRED }],
        });
      }
      const key = passwordCheckKey(auth.uuidCompte);
      const state = await peek(db, key, config.passwordWindowSeconds);
      if (state.count >= config.passwordMaxFailuresPerAccount) throw tooManyPasswordAttempts(state.retryAfter);
      if (!(await verifyPassword(current.password_hash, body.motDePasse))) {
        await hit(db, key, config.passwordWindowSeconds);
        throw new ProblemError(422, "validation", MESSAGES.validation, {
          errors: [{ path: "motDePasse", message: WRONG_PASSWORD }],
        });
      }
      await reset(db, key);
      const taken = await db.query("SELECT 1 FROM accounts WHERE email = $1 AND uuid_compte <> $2", [user.email, auth.uuidCompte]);
      if (taken.rows.length > 0) throw new ProblemError(409, "email-taken", MESSAGES.emailTaken);
    }

    const pays = user.pays || current.company_pays;
    const immat = isCompanyCountry(current.company_pays)
      ? checkCompanyNumber(current.company_pays, entreprise.immatriculation).normalized
      : entreprise.immatriculation;
    try {
      await db.transaction(async (tx) => {
        await tx.query(
          `UPDATE accounts SET civilite = $2, nom = $3, prenom = $4, fonction = $5, email = $6, mobile = $7,
             telephone = $8, adresse = $9, adresse_complement = $10, code_postal = $11, ville = $12, pays = $13
           WHERE uuid_compte = $1`,
          [
            auth.uuidCompte,
            user.civilite,
            user.nom,
            user.prenom,
            user.fonction,
            user.email,
            user.mobile,
            user.telephone,
            user.adresse,
            user.adresse_complement,
            user.code_postal,
            user.ville,
            pays,
          ],
        );
        await tx.query(
          `UPDATE companies SET raison_sociale = $2, forme_juridique = $3, immatriculation = $4,
             derniere_mise_a_jour = CURRENT_DATE
           WHERE id_tier = $1`,
          [idTier, entreprise.raison_sociale, entreprise.formeJuridique, immat],
        );
      });
    } catch (err) {
      if ((err as { code?: string }).code === "23505") throw new ProblemError(409, "email-taken", MESSAGES.emailTaken);
      throw err;
    }
    const profile = await loadProfile(db, auth.uuidCompte, idTier);
    if (!profile) throw new ProblemError(403, "company-required", MESSAGES.companyRequired);
    return c.json(profile);
  });

  app.post("/me/confirmation", requireAuth(deps), async (c) => {
    c.header("Cache-Control", "no-store");
    const idTier = requireCompany(c);
    const { rows } = await db.query<{
      id_tier: string;
      code_reseau: string;
      forme_juridique: string;
      raison_sociale: string;
      immatriculation: string;
      numero_client: string;
      pays: string;
      derniere_mise_a_jour: string;
    }>(
      `UPDATE companies c SET derniere_mise_a_jour = CURRENT_DATE
       WHERE c.id_tier = $2 AND EXISTS (SELECT 1 FROM account_companies ac WHERE ac.uuid_compte = $1 AND ac.id_tier = c.id_tier)
       RETURNING c.id_tier, c.code_reseau, c.forme_juridique, c.raison_sociale, c.immatriculation, c.numero_client, c.pays,
                 to_char(c.derniere_mise_a_jour, 'YYYY-MM-DD') AS derniere_mise_a_jour`,
      [c.get("auth").uuidCompte, idTier],
    );
    const r = rows[0];
    if (!r) throw new ProblemError(403, "company-required", MESSAGES.companyRequired);
    const entreprise: CompanyView = {
      idTier: r.id_tier,
      codeReseau: r.code_reseau,
      formeJuridique: r.forme_juridique,
      raisonSocial: r.raison_sociale,
      immatriculation: r.immatriculation,
      numeroClient: r.numero_client,
      pays: r.pays,
      derniereMiseAJour: r.derniere_mise_a_jour,
    };
    return c.json({ entreprise });
  });

  return app;
}
