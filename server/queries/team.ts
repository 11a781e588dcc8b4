import type { Role } from "../../src/contract/permissions.ts";
import type { TeamInvitation, TeamMember } from "../../src/contract/team.ts";
import type { Queryable } from "../db/db.ts";

/** A date column as "YYYY-MM-DD" (PGlite and node-postgres both give a Date at local midnight, or text). */
function day(value: Date | string | null): string | null {
  if (value === null) return null;
  if (typeof value === "string") return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** A link's state: suspended first, then past its last day. */
const MEMBER_STATUS = `CASE WHEN ac.suspended_at IS NOT NULL THEN 'suspended'
  WHEN ac.ends_on IS NOT NULL AND ac.ends_on < current_date THEN 'ended' ELSE 'active' END`;

/** The company's members (owners first, then by address) and its invitations not accepted nor revoked. */
export async function teamOf(
  db: Queryable,
  idTier: string,
  callerUuid: string,
): Promise<{ members: TeamMember[]; invitations: TeamInvitation[] }> {
  const members = await db.query<{
    uuid_compte: string;
    email: string;
    name: string;
    role: Role;
    status: TeamMember["status"];
    ends_on: Date | string | null;
  }>(
    `SELECT a.uuid_compte, a.email, trim(concat_ws(' ', a.prenom, a.nom)) AS name, ac.role, ${MEMBER_STATUS} AS status, to_char(ac.ends_on, 'YYYY-MM-DD') AS ends_on
     FROM account_companies ac JOIN accounts a ON a.uuid_compte = ac.uuid_compte
     WHERE ac.id_tier = $1
     ORDER BY ac.role <> 'owner', a.email`,
    [idTier],
  );
  const invitations = await db.query<{
    id: string;
    email: string;
    role: Role;
    expired: boolean;
    ends_on: Date | string | null;
    expires_at: Date | string;
  }>(
    `SELECT id, email, role, expires_at <= now() AS expired, to_char(ends_on, 'YYYY-MM-DD') AS ends_on, expires_at
     FROM company_invitations WHERE id_tier = $1 AND accepted_at IS NULL AND revoked_at IS NULL
     ORDER BY created_at DESC LIMIT 200`,
    [idTier],
  );
  return {
    members: members.rows.map((r) => ({
      id: r.uuid_compte,
      email: r.email,
      name: r.name,
      role: r.role,
      status: r.status,
      endsOn: day(r.ends_on),
      you: r.uuid_compte === callerUuid,
    })),
    invitations: invitations.rows.map((r) => ({
      id: r.id,
      email: r.email,
      role: r.role,
      status: r.expired ? "expired" : "invited",
      endsOn: day(r.ends_on),
      expiresAt: iso(r.expires_at),
    })),
  };
}

export interface LockedMember {
  uuidCompte: string;
  email: string;
  langue: string;
  role: Role;
  suspended: boolean;
  endsOn: string | null;
  /** Active: neither suspended nor past its last day. */
  active: boolean;
}

/** The company's member `uuidCompte`, locked until the transaction ends; undefined for another company's. */
export async function lockMember(tx: Queryable, idTier: string, uuidCompte: string): Promise<LockedMember | undefined> {
  const { rows } = await tx.query<{
    uuid_compte: string;
    email: string;
    langue: string;
    role: Role;
    suspended: boolean;
    ends_on: Date | string | null;
    active: boolean;
  }>(
    `SELECT ac.uuid_compte, a.email, a.langue, ac.role, ac.suspended_at IS NOT NULL AS suspended, to_char(ac.ends_on, 'YYYY-MM-DD') AS ends_on,
            ac.suspended_at IS NULL AND (ac.ends_on IS NULL OR ac.ends_on >= current_date) AS active
     FROM account_companies ac JOIN accounts a ON a.uuid_compte = ac.uuid_compte
     WHERE ac.id_tier = $1 AND ac.uuid_compte = $2::uuid FOR UPDATE OF ac`,
    [idTier, uuidCompte],
  );
  const r = rows[0];
  return (
    r && {
      uuidCompte: r.uuid_compte,
      email: r.email,
      langue: r.langue,
      role: r.role,
      suspended: r.suspended,
      endsOn: day(r.ends_on),
      active: r.active,
    }
  );
}

/**
 * The company's active owners, their links locked (every owner's change takes the same locks first,
 * so two owners demoting each other at once cannot leave the company without one).
 */
export async function lockActiveOwners(tx: Queryable, idTier: string): Promise<string[]> {
  const { rows } = await tx.query<{ uuid_compte: string }>(
    `SELECT uuid_compte FROM account_companies
     WHERE id_tier = $1 AND role = 'owner' AND suspended_at IS NULL AND (ends_on IS NULL OR ends_on >= current_date)
     ORDER BY uuid_compte FOR UPDATE`,
    [idTier],
  );
  return rows.map((r) => r.uuid_compte);
}

/** Writes a member's link: its role, suspension and last day (each left as it is when undefined). */
export async function updateMemberLink(
  tx: Queryable,
  idTier: string,
  uuidCompte: string,
  change: { role?: Role; suspended?: boolean; endsOn?: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE account_companies SET
       role = COALESCE($3, role),
       suspended_at = CASE WHEN $4::boolean IS NULL THEN suspended_at WHEN $4 THEN COALESCE(suspended_at, now()) ELSE NULL END,
       ends_on = CASE WHEN $5::boolean THEN $6::date ELSE ends_on END
     WHERE id_tier = $1 AND uuid_compte = $2::uuid`,
    [idTier, uuidCompte, change.role ?? null, change.suspended ?? null, change.endsOn !== undefined, change.endsOn ?? null],
  );
}

export async function deleteMemberLink(tx: Queryable, idTier: string, uuidCompte: string): Promise<void> {
  await tx.query("DELETE FROM account_companies WHERE id_tier = $1 AND uuid_compte = $2::uuid", [idTier, uuidCompte]);
}

/** True when an account of that address is linked to the company. */
export async function isMemberAddress(tx: Queryable, idTier: string, email: string): Promise<boolean> {
  const { rows } = await tx.query(
    "SELECT 1 FROM account_companies ac JOIN accounts a ON a.uuid_compte = ac.uuid_compte WHERE ac.id_tier = $1 AND a.email = $2",
    [idTier, email],
  );
  return rows.length > 0;
}

/**
 * Records an invitation, or renews the open one to the same address (its role, last day, token and
 * week): one open invitation per company and address. Its id and expiry.
 */
export async function upsertInvitation(
  tx: Queryable,
  i: {
    idTier: string;
    email: string;
    role: Role;
    endsOn: string | null;
    tokenHash: string;
    invitedBy: string;
    langue: string;
    linkPath: string;
    ttlDays: number;
  },
): Promise<{ id: string; expiresAt: string }> {
  const { rows } = await tx.query<{ id: string; expires_at: Date | string }>(
    `INSERT INTO company_invitations (id_tier, email, role, ends_on, token_hash, invited_by, langue, link_path, expires_at)
     VALUES ($1, $2, $3, $4::date, $5, $6::uuid, $7, $9, now() + make_interval(days => $8::int))
     ON CONFLICT (id_tier, email) WHERE accepted_at IS NULL AND revoked_at IS NULL DO UPDATE SET
       role = EXCLUDED.role, ends_on = EXCLUDED.ends_on, token_hash = EXCLUDED.token_hash,
       invited_by = EXCLUDED.invited_by, langue = EXCLUDED.langue, link_path = EXCLUDED.link_path, created_at = now(), expires_at = EXCLUDED.expires_at
     RETURNING id, expires_at`,
    [i.idTier, i.email, i.role, i.endsOn, i.tokenHash, i.invitedBy, i.langue, i.ttlDays, i.linkPath],
  );
  return { id: rows[0]!.id, expiresAt: iso(rows[0]!.expires_at) };
}

export interface LockedInvitation {
  id: string;
  idTier: string;
  email: string;
  role: Role;
  endsOn: string | null;
  langue: string;
  linkPath: string;
  expiresAt: string;
  expired: boolean;
  accepted: boolean;
  revoked: boolean;
  /** The company, for the page and the mails. */
  raisonSociale: string;
  formeJuridique: string | null;
  pays: string;
  codeReseau: string;
}

const INVITATION_COLUMNS = `i.id, i.id_tier, i.email, i.role, to_char(i.ends_on, 'YYYY-MM-DD') AS ends_on, i.langue, i.link_path, i.expires_at, i.expires_at <= now() AS expired,
  i.accepted_at IS NOT NULL AS accepted, i.revoked_at IS NOT NULL AS revoked,
  c.raison_sociale, c.forme_juridique, c.pays, c.code_reseau`;

type InvitationRow = {
  id: string;
  id_tier: string;
  email: string;
  role: Role;
  ends_on: Date | string | null;
  langue: string;
  link_path: string;
  expires_at: Date | string;
  expired: boolean;
  accepted: boolean;
  revoked: boolean;
  raison_sociale: string;
  forme_juridique: string | null;
  pays: string;
  code_reseau: string;
};

const invitationOf = (r: InvitationRow): LockedInvitation => ({
  id: r.id,
  idTier: r.id_tier,
  email: r.email,
  role: r.role,
  endsOn: day(r.ends_on),
  langue: r.langue,
  linkPath: r.link_path,
  expiresAt: iso(r.expires_at),
  expired: r.expired,
  accepted: r.accepted,
  revoked: r.revoked,
  raisonSociale: r.raison_sociale,
  formeJuridique: r.forme_juridique,
  pays: r.pays,
  codeReseau: r.code_reseau,
});

/** The invitation whose link carries the token of this hash (locked with `lock`: run it in a transaction). */
export async function invitationByToken(db: Queryable, tokenHash: string, lock = false): Promise<LockedInvitation | undefined> {
  const { rows } = await db.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} FROM company_invitations i JOIN companies c ON c.id_tier = i.id_tier
     WHERE i.token_hash = $1${lock ? " FOR UPDATE OF i" : ""}`,
    [tokenHash],
  );
  return rows[0] && invitationOf(rows[0]);
}

/** The company's open invitation `id`, locked; undefined for another company's, an accepted or a revoked one. */
export async function lockOpenInvitation(tx: Queryable, idTier: string, id: string): Promise<LockedInvitation | undefined> {
  const { rows } = await tx.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} FROM company_invitations i JOIN companies c ON c.id_tier = i.id_tier
     WHERE i.id = $2::uuid AND i.id_tier = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL FOR UPDATE OF i`,
    [idTier, id],
  );
  return rows[0] && invitationOf(rows[0]);
}

/** Resending: a new token and a new week. */
export async function renewInvitation(tx: Queryable, id: string, tokenHash: string, ttlDays: number): Promise<string> {
  const { rows } = await tx.query<{ expires_at: Date | string }>(
    `UPDATE company_invitations SET token_hash = $2, created_at = now(), expires_at = now() + make_interval(days => $3::int)
     WHERE id = $1 RETURNING expires_at`,
    [id, tokenHash, ttlDays],
  );
  return iso(rows[0]!.expires_at);
}

export async function endInvitation(tx: Queryable, id: string, end: "accepted" | "revoked"): Promise<void> {
  await tx.query(`UPDATE company_invitations SET ${end === "accepted" ? "accepted_at" : "revoked_at"} = now() WHERE id = $1`, [id]);
}

/** Links the account to the company with the invitation's role and last day, after its other companies. */
export async function linkInvitedAccount(
  tx: Queryable,
  uuidCompte: string,
  idTier: string,
  role: Role,
  endsOn: string | null,
): Promise<void> {
  await tx.query(
    `INSERT INTO account_companies (uuid_compte, id_tier, position, role, ends_on)
     VALUES ($1::uuid, $2, (SELECT COALESCE(max(position) + 1, 0) FROM account_companies WHERE uuid_compte = $1::uuid), $3, $4::date)
     ON CONFLICT (uuid_compte, id_tier) DO UPDATE SET role = EXCLUDED.role, ends_on = EXCLUDED.ends_on, suspended_at = NULL`,
    [uuidCompte, idTier, role, endsOn],
  );
}

/** The account of this address: its id and language; undefined when there is none. */
export async function accountByEmail(db: Queryable, email: string): Promise<{ uuidCompte: string; langue: string } | undefined> {
  const { rows } = await db.query<{ uuid_compte: string; langue: string }>("SELECT uuid_compte, langue FROM accounts WHERE email = $1", [
    email,
  ]);
  return rows[0] && { uuidCompte: rows[0].uuid_compte, langue: rows[0].langue };
}

/** Creates the invitee's account (no company yet); undefined when the address is taken meanwhile. */
export async function createInvitedAccount(
  tx: Queryable,
  a: { email: string; passwordHash: string; mobile: string; pays: string; langue: string },
): Promise<string | undefined> {
  const { rows } = await tx.query<{ uuid_compte: string }>(
    `INSERT INTO accounts (email, password_hash, mobile, pays, langue) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (email) DO NOTHING RETURNING uuid_compte`,
    [a.email, a.passwordHash, a.mobile, a.pays, a.langue],
  );
  return rows[0]?.uuid_compte;
}

/** The company's name parts, for the mails. */
export async function companyNameParts(
  db: Queryable,
  idTier: string,
): Promise<{ raisonSociale: string; formeJuridique: string | null; pays: string } | undefined> {
  const { rows } = await db.query<{ raison_sociale: string; forme_juridique: string | null; pays: string }>(
    "SELECT raison_sociale, forme_juridique, pays FROM companies WHERE id_tier = $1",
    [idTier],
  );
  return rows[0] && { raisonSociale: rows[0].raison_sociale, formeJuridique: rows[0].forme_juridique, pays: rows[0].pays };
}
