import type { Queryable } from "../db/db.ts";

export interface NetworkAddress {
  adresseTitre: string;
  adresseLigne1: string;
  adresseLigne2: string;
  codePostal: string;
  ville: string;
}

/** Postal address of a network's customer service, or undefined when the network has none. */
export async function networkAddress(db: Queryable, codeReseau: string): Promise<NetworkAddress | undefined> {
  const { rows } = await db.query<{
    adresse_titre: string;
    adresse_ligne1: string;
    adresse_ligne2: string;
    code_postal: string;
    ville: string;
  }>(
    `SELECT adresse_titre, adresse_ligne1, adresse_ligne2, code_postal, ville
     FROM footer_contacts WHERE code_reseau = $1`,
    [codeReseau],
  );
  const r = rows[0];
  return (
    r && {
      adresseTitre: r.adresse_titre,
      adresseLigne1: r.adresse_ligne1,
      adresseLigne2: r.adresse_ligne2,
      codePostal: r.code_postal,
      ville: r.ville,
    }
  );
}

export interface SubService {
  id: number;
  nom: string;
  telephone1: string;
  mail1: string;
  mail2: string;
}

/**
 * Sub-services of a network in display order, named in `language` (two letters), else in the
 * network's main language, else in any language.
 */
export async function networkSubServices(db: Queryable, codeReseau: string, language: string): Promise<SubService[]> {
  const { rows } = await db.query<{ id: number; nom: string | null; telephone1: string; mail1: string; mail2: string }>(
    `SELECT s.id, s.telephone1, s.mail1, s.mail2,
            COALESCE(
              (SELECT n.nom FROM footer_sub_service_names n WHERE n.sub_service_id = s.id AND n.langue = $2),
              (SELECT n.nom FROM footer_sub_service_names n WHERE n.sub_service_id = s.id AND n.langue = f.langue_principale),
              (SELECT n.nom FROM footer_sub_service_names n WHERE n.sub_service_id = s.id ORDER BY n.langue LIMIT 1)
            ) AS nom
     FROM footer_sub_services s JOIN footer_contacts f ON f.code_reseau = s.code_reseau
     WHERE s.code_reseau = $1
     ORDER BY s.position`,
    [codeReseau, language],
  );
  return rows.map((r) => ({ ...r, nom: r.nom ?? "" }));
}

/**
 * The sub-service of the network whose name, in any language, is `service` (case-insensitive), with
 * its name in `language` (two letters), the language of the e-mail its team receives.
 */
export async function subServiceNamed(
  db: Queryable,
  codeReseau: string,
  service: string,
  language: string,
): Promise<{ id: number; mail1: string; mail2: string; nom: string | null } | undefined> {
  const { rows } = await db.query<{ id: number; mail1: string; mail2: string; nom: string | null }>(
    `SELECT s.id, s.mail1, s.mail2,
            (SELECT n.nom FROM footer_sub_service_names n WHERE n.sub_service_id = s.id AND n.langue = $3) AS nom
     FROM footer_sub_services s
     WHERE s.code_reseau = $1
       AND EXISTS (SELECT 1 FROM footer_sub_service_names n WHERE n.sub_service_id = s.id AND lower(n.nom) = lower($2))
     ORDER BY s.position LIMIT 1`,
    [codeReseau, service.normalize("NFC"), language],
  );
  return rows[0];
}
