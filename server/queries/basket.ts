import type { Queryable } from "../db/db.ts";

export interface BasketItem {
  id: string;
  nom: string;
  description: string;
  codeReseau: string;
}

/**
 * The items of `ids` still offered, named in `language` (two letters), else in French (the
 * catalogue's own language), else in any language; in no particular order.
 */
export async function offeredBasketItems(db: Queryable, ids: readonly string[], language: string): Promise<BasketItem[]> {
  const { rows } = await db.query<{ id: string; nom: string | null; description: string | null; code_reseau: string }>(
    `SELECT i.id, i.code_reseau, t.nom, t.description
     FROM basket_items i
     LEFT JOIN LATERAL (
       SELECT x.nom, x.description FROM basket_item_texts x WHERE x.item_id = i.id
       ORDER BY (x.langue = $2) DESC, (x.langue = 'fr') DESC, x.langue LIMIT 1
     ) t ON true
     WHERE i.id = ANY($1::text[]) AND i.withdrawn_at IS NULL`,
    [ids, language],
  );
  return rows.map((r) => ({ id: r.id, nom: r.nom ?? r.id, description: r.description ?? "", codeReseau: r.code_reseau }));
}

/** The picture of an item still offered. */
export async function basketItemImage(db: Queryable, id: string): Promise<{ bytes: Uint8Array; type: string } | undefined> {
  const { rows } = await db.query<{ image: Uint8Array; image_type: string }>(
    "SELECT image, image_type FROM basket_items WHERE id = $1 AND withdrawn_at IS NULL",
    [id],
  );
  const r = rows[0];
  return r && { bytes: new Uint8Array(r.image.buffer, r.image.byteOffset, r.image.byteLength), type: r.image_type };
}

/** The customer data of a validated basket (SPEC §3 userPanier), checked and normalized. */
export interface BasketCustomer {
  nom: string;
  societe: string;
  /** As typed (trimmed), and in the international form the SMS goes to. */
  mobile: string;
  mobileE164: string;
  /** Registration number, normalized. */
  immat: string;
  pays: string;
  /** Locale of the SMS. */
  langue: string;
}

export interface NewBasketRequest extends BasketCustomer {
  uuidCompte: string | null;
  idTier: string | null;
  theme: string;
  codeReseau: string;
  adviserId: string | null;
  recipient: string;
  /** In the customer's order, named as the customer saw them. */
  items: { id: string; nom: string }[];
}

/**
 * Stores a request and its items. Its reference is P-<year>-<6 random characters>: short enough to
 * read on the phone, and unlike a counter it tells nobody how many requests were sent. A reference
 * already taken (one chance in a billion a year) is drawn again.
 */
export async function insertBasketRequest(
  tx: Queryable,
  r: NewBasketRequest,
  drawReference: () => string,
): Promise<{ id: string; reference: string; createdAt: string }> {
  let row: { id: string; reference: string; created_at: Date | string } | undefined;
  while (!row) {
    const { rows } = await tx.query<{ id: string; reference: string; created_at: Date | string }>(
      `INSERT INTO basket_requests
         (reference, uuid_compte, id_tier, nom, societe, mobile, mobile_e164, immat, pays, langue, theme, code_reseau, adviser_id, recipient)
       VALUES ('P-' || to_char(now() AT TIME ZONE 'UTC', 'YYYY') || '-' || $14,
               $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (reference) DO NOTHING
       RETURNING id, reference, created_at`,
      [
        r.uuidCompte,
        r.idTier,
        r.nom,
        r.societe,
        r.mobile,
        r.mobileE164,
        r.immat,
        r.pays,
        r.langue,
        r.theme,
        r.codeReseau,
        r.adviserId,
        r.recipient,
        drawReference(),
      ],
    );
    row = rows[0];
  }
  await tx.query(
    `INSERT INTO basket_request_items (request_id, position, item_id, nom)
     SELECT $1, x.position, x.id, x.nom FROM jsonb_to_recordset($2::jsonb) AS x(position integer, id text, nom text)`,
    [row.id, JSON.stringify(r.items.map((item, position) => ({ position, ...item })))],
  );
  return { id: row.id, reference: row.reference, createdAt: new Date(row.created_at).toISOString() };
}

/** Records that the confirmation SMS went out. */
export async function markBasketSmsSent(db: Queryable, id: string): Promise<void> {
  await db.query("UPDATE basket_requests SET sms_sent_at = now() WHERE id = $1", [id]);
}

export interface SentBasketRequest {
  id: string;
  reference: string;
  createdAt: string;
  status: string;
  items: { id: string; nom: string }[];
}

/** The requests an account sent for a company, newest first. */
export async function basketRequestsOf(db: Queryable, uuidCompte: string, idTier: string, limit: number): Promise<SentBasketRequest[]> {
  const { rows } = await db.query<{
    id: string;
    reference: string;
    created_at: Date | string;
    status: string;
    items: SentBasketRequest["items"];
  }>(
    `SELECT r.id, r.reference, r.created_at, r.status,
            COALESCE((SELECT json_agg(json_build_object('id', i.item_id, 'nom', i.nom) ORDER BY i.position)
                      FROM basket_request_items i WHERE i.request_id = r.id), '[]'::json) AS items
     FROM basket_requests r
     WHERE r.uuid_compte = $1 AND r.id_tier = $2
     ORDER BY r.created_at DESC, r.reference DESC LIMIT $3`,
    [uuidCompte, idTier, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    createdAt: new Date(r.created_at).toISOString(),
    status: r.status,
    items: r.items,
  }));
}
