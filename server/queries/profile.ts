import type { PendingEmailChange } from "../../src/contract/email-change.ts";
import type { Queryable } from "../db/db.ts";

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
  /** The login e-mail change waiting for confirmation, expired or not (see loadProfile). */
  emailChange: PendingEmailChange | null;
}

type ProfileUser = ProfileView["user"];

/** What `saveProfile` writes (validated and normalised; the optional texts are "" when empty); never the login e-mail, which changes once confirmed. */
export interface ProfileChanges {
  user: { [K in keyof Omit<ProfileUser, "email">]?: string | null } & Pick<ProfileUser, "nom" | "prenom" | "pays">;
  entreprise: { raison_sociale: string; formeJuridique?: string; immatriculation: string };
}

/**
 * Personal data of the account and data of one of its companies, with the account's pending e-mail
 * change in the same query; a change past its expiry is still returned (the caller keeps the answer
 * in memory and hides it once expired).
 */
export async function loadProfile(db: Queryable, uuidCompte: string, idTier: string): Promise<ProfileView | undefined> {
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
    new_email: string | null;
    expires_at: Date | string | null;
  }>(
    `SELECT a.civilite, a.nom, a.prenom, a.fonction, a.email, a.mobile, a.telephone, a.adresse, a.adresse_complement,
            a.code_postal, a.ville, a.pays, c.id_tier, c.raison_sociale, c.forme_juridique, c.immatriculation,
            c.numero_client, c.pays AS company_pays, to_char(c.derniere_mise_a_jour, 'YYYY-MM-DD') AS derniere_mise_a_jour,
            e.new_email, e.expires_at
     FROM accounts a
     JOIN companies c ON c.id_tier = $2
     LEFT JOIN email_changes e ON e.uuid_compte = a.uuid_compte AND e.ended_at IS NULL
     WHERE a.uuid_compte = $1`,
    [uuidCompte, idTier],
  );
  const r = rows[0];
  if (!r) return undefined;
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
    emailChange: r.new_email && r.expires_at ? { email: r.new_email, expiresAt: new Date(r.expires_at).toISOString() } : null,
  };
}

/** What a profile update checks against: the current e-mail, password and language, the company's country. */
export async function profileEditBasis(
  db: Queryable,
  uuidCompte: string,
  idTier: string,
): Promise<{ email: string; passwordHash: string; langue: string; companyPays: string } | undefined> {
  const { rows } = await db.query<{ email: string; password_hash: string; langue: string; company_pays: string }>(
    `SELECT a.email, a.password_hash, a.langue, c.pays AS company_pays
     FROM accounts a, companies c WHERE a.uuid_compte = $1 AND c.id_tier = $2`,
    [uuidCompte, idTier],
  );
  const r = rows[0];
  return r && { email: r.email, passwordHash: r.password_hash, langue: r.langue, companyPays: r.company_pays };
}

/**
 * Writes the personal and company data; confirming them counts as the company's last update. With
 * `company: false` (a role that does not change the company's data), the personal data only.
 */
export async function saveProfile(
  db: Queryable,
  uuidCompte: string,
  idTier: string,
  { user, entreprise }: ProfileChanges,
  { company = true }: { company?: boolean } = {},
): Promise<void> {
  await db.query(
    `UPDATE accounts SET civilite = $2, nom = $3, prenom = $4, fonction = $5, mobile = $6,
       telephone = $7, adresse = $8, adresse_complement = $9, code_postal = $10, ville = $11, pays = $12
     WHERE uuid_compte = $1`,
    [
      uuidCompte,
      user.civilite,
      user.nom,
      user.prenom,
      user.fonction,
      user.mobile,
      user.telephone,
      user.adresse,
      user.adresse_complement,
      user.code_postal,
      user.ville,
      user.pays,
    ],
  );
  if (!company) return;
  await db.query(
    `UPDATE companies SET raison_sociale = $2, forme_juridique = $3, immatriculation = $4, derniere_mise_a_jour = CURRENT_DATE
     WHERE id_tier = $1`,
    [idTier, entreprise.raison_sociale, entreprise.formeJuridique, entreprise.immatriculation],
  );
}
