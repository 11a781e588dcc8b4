import type { Queryable } from "../db/db.ts";

export interface ProductDoc {
  id: string;
  title: string;
  /** The document's own language (ISO 639-1), whatever the language of the request. */
  langue: string;
  type: "pdf" | "video";
  sizeBytes?: number;
  url?: string;
  durationSeconds?: number;
}

/** Name of a family in `language` ($2), else in French, else its code. */
const PRODUCT_NAME = `COALESCE(
  (SELECT n.nom FROM product_names n WHERE n.code_famille = p.code_famille AND n.langue = $2),
  (SELECT n.nom FROM product_names n WHERE n.code_famille = p.code_famille AND n.langue = 'fr'),
  p.code_famille)`;

/** Product families the company bought, most recent purchase first, with quantities. */
export async function productFamilies(db: Queryable, idTier: string, language: string) {
  const { rows } = await db.query<{ code_famille: string; produit: string; quantite: number; last: string }>(
    `SELECT p.code_famille, ${PRODUCT_NAME} AS produit, SUM(p.quantite)::int AS quantite,
            to_char(MAX(p.date_achat), 'YYYY-MM-DD') AS last
     FROM company_product_purchases p WHERE p.id_tier = $1
     GROUP BY p.code_famille
     ORDER BY MAX(p.date_achat) DESC, p.code_famille`,
    [idTier, language],
  );
  return rows.map((r) => ({ codeFamille: r.code_famille, produit: r.produit, quantite: r.quantite, dateDernierAchat: r.last }));
}

/** The company's purchases of one family, newest first, with the family's name. */
export async function familyPurchases(db: Queryable, idTier: string, language: string, codeFamille: string) {
  const { rows } = await db.query<{
    produit: string;
    date_achat: string;
    quantite: number;
    code_produit: string;
    numero_serie: string | null;
  }>(
    `SELECT ${PRODUCT_NAME} AS produit, to_char(p.date_achat, 'YYYY-MM-DD') AS date_achat, p.quantite, p.code_produit, p.numero_serie
     FROM company_product_purchases p WHERE p.id_tier = $1 AND p.code_famille = $3
     ORDER BY p.date_achat DESC, p.id`,
    [idTier, language, codeFamille],
  );
  return rows.map((r) => ({
    produit: r.produit,
    dateAchat: r.date_achat,
    quantite: r.quantite,
    codeProduit: r.code_produit,
    numeroSerie: r.numero_serie,
  }));
}

/** Technical and after-sales documents of a family, in display order. */
export async function familyDocuments(db: Queryable, codeFamille: string): Promise<{ technical: ProductDoc[]; sav: ProductDoc[] }> {
  const { rows } = await db.query<{
    id: string;
    kind: "technical" | "sav";
    type: "pdf" | "video";
    title: string;
    langue: string;
    size_bytes: number | null;
    url: string | null;
    duration_seconds: number | null;
  }>(
    `SELECT id, kind, type, title, langue, octet_length(file_bytes)::int AS size_bytes, url, duration_seconds
     FROM product_documents WHERE code_famille = $1
     ORDER BY kind, position, id`,
    [codeFamille],
  );
  const documents: { technical: ProductDoc[]; sav: ProductDoc[] } = { technical: [], sav: [] };
  for (const d of rows) {
    const doc: ProductDoc = { id: d.id, title: d.title, langue: d.langue, type: d.type };
    if (d.type === "pdf" && d.size_bytes !== null) doc.sizeBytes = d.size_bytes;
    if (d.type === "video") {
      if (d.url) doc.url = d.url;
      if (d.duration_seconds !== null) doc.durationSeconds = d.duration_seconds;
    }
    documents[d.kind].push(doc);
  }
  return documents;
}

/** A PDF document of a product family, whoever may read it (see `boughtFamily`). */
export async function productPdf(
  db: Queryable,
  id: string,
): Promise<{ codeFamille: string; title: string; bytes: Uint8Array } | undefined> {
  const { rows } = await db.query<{ code_famille: string; title: string; file_bytes: Uint8Array }>(
    `SELECT code_famille, title, file_bytes FROM product_documents WHERE id = $1 AND type = 'pdf' AND file_bytes IS NOT NULL`,
    [id],
  );
  const r = rows[0];
  return (
    r && {
      codeFamille: r.code_famille,
      title: r.title,
      bytes: new Uint8Array(r.file_bytes.buffer, r.file_bytes.byteOffset, r.file_bytes.byteLength),
    }
  );
}

/** Whether the company bought products of the family (the documents of other families are not the company's). */
export async function boughtFamily(db: Queryable, idTier: string, codeFamille: string): Promise<boolean> {
  const { rows } = await db.query<{ bought: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM company_product_purchases WHERE id_tier = $1 AND code_famille = $2) AS bought",
    [idTier, codeFamille],
  );
  return rows[0]?.bought === true;
}
