import type { Entreprise } from "../../src/core/types.ts";
import type { Queryable } from "../db/db.ts";

/** A company as the front end sees it (SPEC §3); this API always says its country. */
export interface CompanyView extends Entreprise {
  pays: string;
}

/** A `companies` row as the queries select it (`companyColumns`). */
export interface CompanyRow {
  id_tier: string;
  code_reseau: string;
  forme_juridique: string;
  raison_sociale: string;
  immatriculation: string;
  numero_client: string;
  pays: string;
  derniere_mise_a_jour: string | null;
}

/** The columns of a `CompanyRow`, from `companies` (or its alias `c`). */
export const companyColumns = (table = "companies") =>
  ["id_tier", "code_reseau", "forme_juridique", "raison_sociale", "immatriculation", "numero_client", "pays"]
    .map((column) => `${table}.${column}`)
    .concat(`to_char(${table}.derniere_mise_a_jour, 'YYYY-MM-DD') AS derniere_mise_a_jour`)
    .join(", ");

export function companyView(row: CompanyRow): CompanyView {
  return {
    idTier: row.id_tier,
    codeReseau: row.code_reseau,
    formeJuridique: row.forme_juridique,
    raisonSocial: row.raison_sociale,
    immatriculation: row.immatriculation,
    numeroClient: row.numero_client,
    pays: row.pays,
    derniereMiseAJour: row.derniere_mise_a_jour,
  };
}

/** Records that the customer confirmed the company data today; the company as the login answer shows it. */
export async function confirmCompanyData(db: Queryable, idTier: string): Promise<CompanyView | undefined> {
  const { rows } = await db.query<CompanyRow>(
    `UPDATE companies SET derniere_mise_a_jour = CURRENT_DATE WHERE id_tier = $1
     RETURNING ${companyColumns()}`,
    [idTier],
  );
  return rows[0] && companyView(rows[0]);
}
