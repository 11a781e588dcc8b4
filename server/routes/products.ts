import { Hono } from "hono";
import { requireAuth } from "../http/auth-middleware.ts";
import { companyScope, isUuid, safeFileName } from "../http/company.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { ProblemError } from "../http/problem.ts";
import { langueParam } from "./footer.ts";

export const PRODUCT_NOT_FOUND = "Produit introuvable.";
export const DOCUMENT_NOT_FOUND = "Document introuvable.";

export interface ProductDoc {
  id: string;
  title: string;
  type: "pdf" | "video";
  sizeBytes?: number;
  url?: string;
  durationSeconds?: number;
}

/** Name of a family in `language`, else in French, else its code. */
const PRODUCT_NAME = `COALESCE(
  (SELECT n.nom FROM product_names n WHERE n.code_famille = p.code_famille AND n.langue = $2),
  (SELECT n.nom FROM product_names n WHERE n.code_famille = p.code_famille AND n.langue = 'fr'),
  p.code_famille)`;

/** Product fleet of the selected company (families bought), one family's purchases and documents, a document. */
export function productRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.get("/me/products", requireAuth(deps), async (c) => {
    c.header("Cache-Control", "no-store");
    const { idTier } = await companyScope(c, db);
    const language = langueParam(c).slice(0, 2);
    const { rows } = await db.query<{ code_famille: string; produit: string; quantite: number; last: string }>(
      `SELECT p.code_famille, ${PRODUCT_NAME} AS produit, SUM(p.quantite)::int AS quantite,
              to_char(MAX(p.date_achat), 'YYYY-MM-DD') AS last
       FROM company_product_purchases p WHERE p.id_tier = $1
       GROUP BY p.code_famille
       ORDER BY MAX(p.date_achat) DESC, p.code_famille`,
      [idTier, language],
    );
    return c.json({
      items: rows.map((r) => ({ codeFamille: r.code_famille, produit: r.produit, quantite: r.quantite, dateDernierAchat: r.last })),
    });
  });

  app.get("/me/products/:codeFamille", requireAuth(deps), async (c) => {
    c.header("Cache-Control", "no-store");
    const { idTier } = await companyScope(c, db);
    const language = langueParam(c).slice(0, 2);
    const raw = c.req.param("codeFamille");
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(raw)) throw new ProblemError(404, "not-found", PRODUCT_NOT_FOUND);
    const code = raw.toUpperCase();
    const purchases = await db.query<{ produit: string; date_achat: string; quantite: number; code_produit: string }>(
      `SELECT ${PRODUCT_NAME} AS produit, to_char(p.date_achat, 'YYYY-MM-DD') AS date_achat, p.quantite, p.code_produit
       FROM company_product_purchases p WHERE p.id_tier = $1 AND p.code_famille = $3
       ORDER BY p.date_achat DESC, p.id`,
      [idTier, language, code],
    );
    const first = purchases.rows[0];
    if (!first) throw new ProblemError(404, "not-found", PRODUCT_NOT_FOUND);
    const docs = await db.query<{
      id: string;
      kind: "technical" | "sav";
      type: "pdf" | "video";
      title: string;
      size_bytes: number | null;
      url: string | null;
      duration_seconds: number | null;
    }>(
      `SELECT id, kind, type, title, octet_length(file_bytes)::int AS size_bytes, url, duration_seconds
       FROM product_documents WHERE code_famille = $1
       ORDER BY kind, position, id`,
      [code],
    );
    const documents: { technical: ProductDoc[]; sav: ProductDoc[] } = { technical: [], sav: [] };
    for (const d of docs.rows) {
      const doc: ProductDoc = { id: d.id, title: d.title, type: d.type };
      if (d.type === "pdf" && d.size_bytes !== null) doc.sizeBytes = d.size_bytes;
      if (d.type === "video") {
        if (d.url) doc.url = d.url;
        if (d.duration_seconds !== null) doc.durationSeconds = d.duration_seconds;
      }
      documents[d.kind].push(doc);
    }
    return c.json({
      codeFamille: code,
      produit: first.produit,
      achats: purchases.rows.map((r) => ({ dateAchat: r.date_achat, quantite: r.quantite, codeProduit: r.code_produit })),
      documents,
    });
  });

  app.get("/me/documents/:id", requireAuth(deps), async (c) => {
    const { idTier } = await companyScope(c, db);
    const id = c.req.param("id");
    if (!isUuid(id)) throw new ProblemError(404, "not-found", DOCUMENT_NOT_FOUND);
    const { rows } = await db.query<{ title: string; file_bytes: Uint8Array }>(
      `SELECT d.title, d.file_bytes FROM product_documents d
       WHERE d.id = $1 AND d.type = 'pdf' AND d.file_bytes IS NOT NULL
         AND EXISTS (SELECT 1 FROM company_product_purchases p WHERE p.id_tier = $2 AND p.code_famille = d.code_famille)`,
      [id, idTier],
    );
    const doc = rows[0];
    if (!doc) throw new ProblemError(404, "not-found", DOCUMENT_NOT_FOUND);
    const bytes = new Uint8Array(doc.file_bytes.buffer, doc.file_bytes.byteOffset, doc.file_bytes.byteLength);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${safeFileName(doc.title, "pdf")}"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, max-age=3600",
    });
  });

  return app;
}
