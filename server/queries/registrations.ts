import type { Queryable } from "../db/db.ts";
import type { ContactMeans } from "../registration/contact-means.ts";

export interface RegistrationRow {
  id_hash: string;
  pays: string;
  email: string;
  mobile: string;
  langue: string;
  found_tiers: string[];
  chosen_tiers: string[] | null;
  contact_means: ContactMeans[] | null;
  code_hash: string | null;
  code_expired: boolean | null;
  code_tries: number;
  /** Seconds before another code may be sent, null when none was sent. */
  resend_in: number | null;
  verified: boolean;
}

/** An unexpired registration by the hash of its id (`forUpdate`: locked until the transaction ends). */
export async function findRegistration(
  db: Queryable,
  idHash: string,
  resendSeconds: number,
  forUpdate: boolean,
): Promise<RegistrationRow | undefined> {
  const { rows } = await db.query<RegistrationRow>(
    `SELECT id_hash, pays, email, mobile, langue, found_tiers, chosen_tiers, contact_means, code_hash,
            code_expires_at <= now() AS code_expired, code_tries, verified_at IS NOT NULL AS verified,
            CASE WHEN code_sent_at IS NULL THEN NULL
                 ELSE CEIL(EXTRACT(EPOCH FROM (code_sent_at + make_interval(secs => $2::int) - now())))::int END AS resend_in
     FROM registrations WHERE id_hash = $1 AND expires_at > now()${forUpdate ? " FOR UPDATE" : ""}`,
    [idHash, resendSeconds],
  );
  return rows[0];
}

export interface FoundCompany {
  idTier: string;
  formeJuridique: string;
  raisonSocial: string;
  immatriculation: string;
  numeroClient: string;
}

/** Separators removed from stored registration numbers before comparing (as `normalizeCompanyNumber`). */
const SEPARATORS = "[\\s./\u00a0\u202f-]";

export interface CompanySearch {
  pays: string;
  /** Normalized registration numbers designating the company, and for France its SIREN (its SIRETs match too). */
  numbers: { exact: string[]; siren: string | null } | null;
  numeroClient: string | null;
  limit: number;
}

/** Companies of a country matching a registration number and/or a customer number. */
export async function findCompanies(db: Queryable, search: CompanySearch): Promise<FoundCompany[]> {
  const params: unknown[] = [search.pays];
  const conditions = ["c.pays = $1"];
  if (search.numbers) {
    params.push(SEPARATORS, search.numbers.exact, search.numbers.siren);
    const n = `upper(regexp_replace(c.immatriculation, $2, '', 'g'))`;
    conditions.push(`(${n} = ANY($3::text[]) OR ($4::text IS NOT NULL AND length(${n}) = 14 AND left(${n}, 9) = $4::text))`);
  }
  if (search.numeroClient) {
    params.push(search.numeroClient);
    conditions.push(`lower(c.numero_client) = lower($${params.length})`);
  }
  params.push(search.limit);
  const { rows } = await db.query<{
    id_tier: string;
    forme_juridique: string;
    raison_sociale: string;
    immatriculation: string;
    numero_client: string;
  }>(
    `SELECT c.id_tier, c.forme_juridique, c.raison_sociale, c.immatriculation, c.numero_client
     FROM companies c WHERE ${conditions.join(" AND ")}
     ORDER BY c.raison_sociale, c.id_tier LIMIT $${params.length}`,
    params,
  );
  return rows.map((r) => ({
    idTier: r.id_tier,
    formeJuridique: r.forme_juridique,
    raisonSocial: r.raison_sociale,
    immatriculation: r.immatriculation,
    numeroClient: r.numero_client,
  }));
}

export interface NewRegistration {
  idHash: string;
  pays: string;
  immatriculation: string | null;
  numeroClient: string | null;
  email: string;
  mobile: string;
  langue: string;
  foundTiers: string[];
  ttlMinutes: number;
}

export async function insertRegistration(db: Queryable, r: NewRegistration): Promise<void> {
  await db.query(
    `INSERT INTO registrations (id_hash, pays, immatriculation, numero_client, email, mobile, langue, found_tiers, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[], now() + make_interval(mins => $9::int))`,
    [r.idHash, r.pays, r.immatriculation, r.numeroClient, r.email, r.mobile, r.langue, r.foundTiers, r.ttlMinutes],
  );
}

/** True when one of the companies is already linked to an account. */
export async function anyCompanyHasAccount(db: Queryable, idTiers: string[]): Promise<boolean> {
  const { rows } = await db.query<{ taken: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM account_companies WHERE id_tier = ANY($1::text[])) AS taken",
    [idTiers],
  );
  return rows[0]?.taken ?? false;
}

/** Contact e-mail and mobile of the companies, by id. */
export async function companyContacts(
  db: Queryable,
  idTiers: string[],
): Promise<Map<string, { contactEmail: string | null; contactMobile: string | null; pays: string }>> {
  const { rows } = await db.query<{ id_tier: string; contact_email: string | null; contact_mobile: string | null; pays: string }>(
    "SELECT id_tier, contact_email, contact_mobile, pays FROM companies WHERE id_tier = ANY($1::text[])",
    [idTiers],
  );
  return new Map(rows.map((r) => [r.id_tier, { contactEmail: r.contact_email, contactMobile: r.contact_mobile, pays: r.pays }]));
}

/** Records the chosen companies and their contact means; the verification starts over (the resend delay is kept). */
export async function chooseCompanies(db: Queryable, idHash: string, idTiers: string[], means: ContactMeans[]): Promise<void> {
  await db.query(
    `UPDATE registrations SET chosen_tiers = $2::text[], contact_means = $3::jsonb, chosen_means = NULL,
            code_hash = NULL, code_expires_at = NULL, code_tries = 0, verified_at = NULL
     WHERE id_hash = $1`,
    [idHash, idTiers, JSON.stringify(means)],
  );
}

/** A new code (its HMAC) sent through `meansId`; it replaces the previous one. */
export async function storeCode(db: Queryable, idHash: string, meansId: string, codeHash: string, ttlSeconds: number): Promise<void> {
  await db.query(
    `UPDATE registrations SET chosen_means = $2, code_hash = $3, code_tries = 0, verified_at = NULL, code_sent_at = now(),
            code_expires_at = now() + make_interval(secs => $4::int)
     WHERE id_hash = $1`,
    [idHash, meansId, codeHash, ttlSeconds],
  );
}

/** The code was right: it cannot be used again. */
export async function markVerified(db: Queryable, idHash: string): Promise<void> {
  await db.query("UPDATE registrations SET code_hash = NULL, verified_at = now() WHERE id_hash = $1", [idHash]);
}

export async function recordWrongTries(db: Queryable, idHash: string, tries: number): Promise<void> {
  await db.query("UPDATE registrations SET code_tries = $2 WHERE id_hash = $1", [idHash, tries]);
}

export async function deleteRegistration(db: Queryable, idHash: string): Promise<void> {
  await db.query("DELETE FROM registrations WHERE id_hash = $1", [idHash]);
}

/** Creates the account (logged in now) linked to the companies in their order, as their owner; undefined when the e-mail is taken. */
export async function createAccount(
  db: Queryable,
  a: { email: string; passwordHash: string; mobile: string; pays: string; langue: string; idTiers: string[] },
): Promise<string | undefined> {
  const inserted = await db.query<{ uuid_compte: string }>(
    `INSERT INTO accounts (email, password_hash, mobile, pays, langue, last_login_at)
     VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (email) DO NOTHING RETURNING uuid_compte`,
    [a.email, a.passwordHash, a.mobile, a.pays, a.langue],
  );
  const uuidCompte = inserted.rows[0]?.uuid_compte;
  if (!uuidCompte) return undefined;
  await db.query(
    `INSERT INTO account_companies (uuid_compte, id_tier, position, role)
     SELECT $1, t.id_tier, t.position - 1, 'owner' FROM unnest($2::text[]) WITH ORDINALITY AS t(id_tier, position)`,
    [uuidCompte, a.idTiers],
  );
  return uuidCompte;
}
