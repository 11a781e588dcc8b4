import type { Queryable } from "../db/db.ts";
import type { CompanyView } from "../auth/user.ts";

/** Network of the company when it is still linked to the account, else undefined. */
export async function linkedCompanyNetwork(db: Queryable, uuidCompte: string, idTier: string): Promise<string | undefined> {
  const { rows } = await db.query<{ code_reseau: string }>(
    `SELECT c.code_reseau FROM account_companies ac JOIN companies c ON c.id_tier = ac.id_tier
     WHERE ac.uuid_compte = $1 AND ac.id_tier = $2`,
    [uuidCompte, idTier],
  );
  return rows[0]?.code_reseau;
}

/** Records that the customer confirmed the company data today; the company as the login answer shows it. */
export async function confirmCompanyData(db: Queryable, idTier: string): Promise<CompanyView | undefined> {
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
    `UPDATE companies SET derniere_mise_a_jour = CURRENT_DATE WHERE id_tier = $1
     RETURNING id_tier, code_reseau, forme_juridique, raison_sociale, immatriculation, numero_client, pays,
               to_char(derniere_mise_a_jour, 'YYYY-MM-DD') AS derniere_mise_a_jour`,
    [idTier],
  );
  const r = rows[0];
  return (
    r && {
      idTier: r.id_tier,
      codeReseau: r.code_reseau,
      formeJuridique: r.forme_juridique,
      raisonSocial: r.raison_sociale,
      immatriculation: r.immatriculation,
      numeroClient: r.numero_client,
      pays: r.pays,
      derniereMiseAJour: r.derniere_mise_a_jour,
    }
  );
}
