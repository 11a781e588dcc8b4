import type { RibType } from "../../src/contract/rib.ts";
import type { Db, Queryable } from "../db/db.ts";

/** One version of a company's bank details, as the API answers it (the document without its bytes). */
export interface BankDetailsVersion {
  id: string;
  iban: string;
  intitule: string;
  submittedAt: string;
  validatedAt: string | null;
  document: { name: string; type: RibType; size: number } | null;
}

interface VersionRow {
  id: string;
  status: "in-force" | "pending";
  iban: string;
  intitule: string;
  submitted_at: string;
  validated_at: string | null;
  rib_name: string | null;
  rib_type: RibType | null;
  rib_size: number | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toVersion(row: VersionRow): BankDetailsVersion {
  return {
    id: row.id,
    iban: row.iban,
    intitule: row.intitule,
    submittedAt: iso(row.submitted_at)!,
    validatedAt: iso(row.validated_at),
    document: row.rib_type ? { name: row.rib_name ?? "rib", type: row.rib_type, size: row.rib_size ?? 0 } : null,
  };
}

/** The company's details in force and its pending change (being validated), either possibly absent. */
export async function currentBankDetails(db: Queryable, idTier: string) {
  const { rows } = await db.query<VersionRow>(
    `SELECT id, status, iban, intitule, submitted_at, validated_at, rib_name, rib_type, octet_length(rib_bytes)::int AS rib_size
     FROM bank_details WHERE id_tier = $1 AND status IN ('in-force', 'pending')`,
    [idTier],
  );
  const of = (status: VersionRow["status"]) => {
    const row = rows.find((r) => r.status === status);
    return row ? toVersion(row) : null;
  };
  return { inForce: of("in-force"), pending: of("pending") };
}

export interface BankDetailsChange {
  idTier: string;
  uuidCompte: string;
  iban: string;
  intitule: string;
  rib: { bytes: Uint8Array; type: RibType; name: string };
}

/**
 * Records a change as the company's pending version: an earlier pending change is withdrawn, the
 * version in force stays in force until the change is validated.
 */
export async function submitBankDetailsChange(tx: Queryable, change: BankDetailsChange): Promise<BankDetailsVersion> {
  // One change of a company at a time: a concurrent one would not see the pending version this one
  // inserts, withdraw nothing, and break the one-pending rule (PostgreSQL; PGlite runs one transaction at a time).
  await tx.query("SELECT 1 FROM companies WHERE id_tier = $1 FOR NO KEY UPDATE", [change.idTier]);
  await tx.query(`UPDATE bank_details SET status = 'withdrawn', superseded_at = now() WHERE id_tier = $1 AND status = 'pending'`, [
    change.idTier,
  ]);
  const { rows } = await tx.query<VersionRow>(
    `INSERT INTO bank_details (id_tier, status, iban, intitule, rib_bytes, rib_type, rib_name, submitted_by)
     VALUES ($1, 'pending', $2, $3, $4, $5, $6, $7)
     RETURNING id, status, iban, intitule, submitted_at, validated_at, rib_name, rib_type, octet_length(rib_bytes)::int AS rib_size`,
    [change.idTier, change.iban, change.intitule, change.rib.bytes, change.rib.type, change.rib.name, change.uuidCompte],
  );
  return toVersion(rows[0]!);
}

/** The RIB document of one of the company's current versions (in force or pending). */
export async function bankDetailsDocument(db: Queryable, idTier: string, id: string) {
  const { rows } = await db.query<{ rib_bytes: Uint8Array; rib_type: RibType; rib_name: string | null }>(
    `SELECT rib_bytes, rib_type, rib_name FROM bank_details
     WHERE id = $1 AND id_tier = $2 AND status IN ('in-force', 'pending') AND rib_bytes IS NOT NULL`,
    [id, idTier],
  );
  const row = rows[0];
  return row ? { bytes: row.rib_bytes, type: row.rib_type, name: row.rib_name ?? "rib" } : null;
}

/**
 * What the back office does once it has checked a pending change against its RIB (the product has
 * no back-office screen; README "Bank details"): the change comes into force, the previous version
 * is kept as replaced. Returns false when nothing was pending.
 */
export async function validatePendingBankDetails(db: Db, idTier: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(`SELECT id FROM bank_details WHERE id_tier = $1 AND status = 'pending' FOR UPDATE`, [
      idTier,
    ]);
    if (!rows[0]) return false;
    // Two statements: one unique index allows one version in force at a time.
    await tx.query(`UPDATE bank_details SET status = 'replaced', superseded_at = now() WHERE id_tier = $1 AND status = 'in-force'`, [
      idTier,
    ]);
    await tx.query(`UPDATE bank_details SET status = 'in-force', validated_at = now() WHERE id = $1`, [rows[0].id]);
    return true;
  });
}

/**
 * Forgets the RIB documents of the versions superseded (replaced or withdrawn) more than
 * `retentionDays` ago, keeping their rows (housekeeping); the current versions keep theirs.
 * Returns how many documents were purged.
 */
export async function purgeSupersededRibs(db: Queryable, retentionDays: number): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE bank_details SET rib_bytes = NULL, rib_purged_at = now()
     WHERE rib_bytes IS NOT NULL AND superseded_at IS NOT NULL AND superseded_at <= now() - make_interval(days => $1::int)
     RETURNING id`,
    [retentionDays],
  );
  return rows.length;
}
