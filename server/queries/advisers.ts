import type { Queryable } from "../db/db.ts";

export interface CompanyAdviser {
  id: string;
  civilite: string | null;
  prenom: string;
  nom: string;
  /** Job title in the requested language, else the adviser's own. */
  fonction: string | null;
  telephone: string | null;
  mobile: string | null;
  email: string;
  hasPhoto: boolean;
}

/** The company's adviser (the first by name when several), or undefined. */
export async function companyAdviser(db: Queryable, idTier: string, language: string): Promise<CompanyAdviser | undefined> {
  const { rows } = await db.query<Omit<CompanyAdviser, "hasPhoto"> & { has_photo: boolean }>(
    `SELECT a.id, a.civilite, a.prenom, a.nom, a.telephone, a.mobile, a.email, a.photo IS NOT NULL AS has_photo,
            COALESCE(
              (SELECT n.fonction FROM adviser_function_names n WHERE n.adviser_id = a.id AND n.langue = $2),
              a.fonction
            ) AS fonction
     FROM company_advisers ca JOIN advisers a ON a.id = ca.adviser_id
     WHERE ca.id_tier = $1 ORDER BY a.nom, a.prenom, a.id LIMIT 1`,
    [idTier, language],
  );
  const r = rows[0];
  if (!r) return undefined;
  const { has_photo, ...adviser } = r;
  return { ...adviser, hasPhoto: has_photo };
}

export async function adviserPhoto(db: Queryable, id: string): Promise<{ bytes: Uint8Array; type: string | null } | undefined> {
  const { rows } = await db.query<{ photo: Uint8Array; photo_type: string | null }>(
    "SELECT photo, photo_type FROM advisers WHERE id = $1 AND photo IS NOT NULL",
    [id],
  );
  const r = rows[0];
  return r && { bytes: new Uint8Array(r.photo.buffer, r.photo.byteOffset, r.photo.byteLength), type: r.photo_type };
}
