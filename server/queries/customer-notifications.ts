import type { Queryable } from "../db/db.ts";

/** What the banner's entries of one account in one company are read from, in one query. */
export interface NotificationSources {
  derniereMiseAJour: string | null;
  /** The start of the previous session: "new" means since then. */
  since: string;
  bankPending: { id: string; at: string } | null;
  invitations: { ids: string[]; at: string } | null;
  requests: {
    id: string;
    reference: string;
    status: "scheduled" | "waiting-for-parts";
    date: string | null;
    from: string | null;
    to: string | null;
    at: string;
  }[];
  invoices: { count: number; newest: string; at: string } | null;
  documents: { count: number; newest: string; at: string; codeFamille: string } | null;
  states: { key: string; fingerprint: string; read: boolean; dismissed: boolean }[];
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());

export async function notificationSources(db: Queryable, uuidCompte: string, idTier: string): Promise<NotificationSources | null> {
  // JSON built by the query: the same shapes as the sources, with timestamps as text.
  const { rows } = await db.query<{
    derniere_mise_a_jour: string | null;
    since: Date | string;
    bank: NotificationSources["bankPending"];
    invitations: NotificationSources["invitations"];
    requests: NotificationSources["requests"] | null;
    invoices: NotificationSources["invoices"];
    documents: NotificationSources["documents"];
    states: NotificationSources["states"] | null;
  }>(
    `WITH me AS (
       SELECT c.id_tier, to_char(c.derniere_mise_a_jour, 'YYYY-MM-DD') AS derniere_mise_a_jour,
              coalesce(a.previous_login_at, a.created_at) AS since
         FROM accounts a JOIN account_companies ac USING (uuid_compte) JOIN companies c USING (id_tier)
        WHERE a.uuid_compte = $1 AND ac.id_tier = $2)
     SELECT me.derniere_mise_a_jour, me.since,
       (SELECT json_build_object('id', b.id, 'at', b.submitted_at) FROM bank_details b
         WHERE b.id_tier = me.id_tier AND b.status = 'pending') AS bank,
       (SELECT json_build_object('ids', json_agg(i.id ORDER BY i.id), 'at', max(i.created_at)) FROM company_invitations i
         WHERE i.id_tier = me.id_tier AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()
        HAVING count(*) > 0) AS invitations,
       (SELECT json_agg(json_build_object('id', r.id, 'reference', r.reference, 'status', r.status, 'date', r.visit_date,
                 'from', to_char(r.visit_from, 'HH24:MI'), 'to', to_char(r.visit_to, 'HH24:MI'), 'at', coalesce(r.status_at, r.created_at))
                 ORDER BY r.visit_date NULLS LAST, r.created_at)
          FROM service_requests r
         WHERE r.uuid_compte = $1 AND r.id_tier = me.id_tier AND r.status IN ('scheduled', 'waiting-for-parts')) AS requests,
       (SELECT json_build_object('count', count(*), 'newest', (array_agg(e.id ORDER BY e.created_at DESC))[1], 'at', max(e.created_at))
          FROM notification_events e
         WHERE e.kind = 'invoice' AND e.id_tier = me.id_tier AND e.created_at > me.since
        HAVING count(*) > 0) AS invoices,
       (SELECT json_build_object('count', count(*), 'newest', (array_agg(e.id ORDER BY e.created_at DESC))[1], 'at', max(e.created_at),
                 'codeFamille', (array_agg(e.code_famille ORDER BY e.created_at DESC))[1])
          FROM notification_events e
         WHERE e.kind = 'document' AND e.created_at > me.since
           AND e.code_famille IN (SELECT p.code_famille FROM company_product_purchases p WHERE p.id_tier = me.id_tier)
        HAVING count(*) > 0) AS documents,
       (SELECT json_agg(json_build_object('key', s.entry_key, 'fingerprint', s.fingerprint,
                 'read', s.read_at IS NOT NULL, 'dismissed', s.dismissed_at IS NOT NULL))
          FROM notification_states s WHERE s.uuid_compte = $1 AND s.id_tier = me.id_tier) AS states
       FROM me`,
    [uuidCompte, idTier],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    derniereMiseAJour: r.derniere_mise_a_jour,
    since: iso(r.since),
    bankPending: r.bank && { id: r.bank.id, at: iso(r.bank.at) },
    invitations: r.invitations && { ids: r.invitations.ids, at: iso(r.invitations.at) },
    requests: (r.requests ?? []).map((q) => ({ ...q, at: iso(q.at) })),
    invoices: r.invoices && { ...r.invoices, at: iso(r.invoices.at) },
    documents: r.documents && { ...r.documents, at: iso(r.documents.at) },
    states: r.states ?? [],
  };
}

/** Records that the account read or dismissed `key`'s version `fingerprint` (a newer version shows again). */
export async function setNotificationState(
  db: Queryable,
  uuidCompte: string,
  idTier: string,
  key: string,
  fingerprint: string,
  state: "read" | "dismissed",
): Promise<void> {
  await db.query(
    `INSERT INTO notification_states (uuid_compte, id_tier, entry_key, fingerprint, read_at, dismissed_at)
     VALUES ($1, $2, $3, $4, now(), CASE WHEN $5 = 'dismissed' THEN now() END)
     ON CONFLICT (uuid_compte, id_tier, entry_key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, updated_at = now(),
           read_at = coalesce(CASE WHEN notification_states.fingerprint = EXCLUDED.fingerprint THEN notification_states.read_at END, now()),
           dismissed_at = CASE WHEN $5 = 'dismissed' THEN now()
                               WHEN notification_states.fingerprint = EXCLUDED.fingerprint THEN notification_states.dismissed_at END`,
    [uuidCompte, idTier, key, fingerprint, state],
  );
}

/** A back-office event, stored once; null when its id was already used (`seenNotificationEvent` says how). */
export async function insertNotificationEvent(
  db: Queryable,
  event: {
    eventId: string;
    bodyHash: string;
    kind: "invoice" | "document";
    idTier: string | null;
    codeFamille: string | null;
    subject: string;
  },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO notification_events (event_id, body_hash, kind, id_tier, code_famille, subject)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id) DO NOTHING RETURNING id`,
    [event.eventId, event.bodyHash, event.kind, event.idTier, event.codeFamille, event.subject],
  );
  return rows.length > 0;
}

export async function seenNotificationEvent(db: Queryable, eventId: string): Promise<{ bodyHash: string } | null> {
  const { rows } = await db.query<{ body_hash: string }>("SELECT body_hash FROM notification_events WHERE event_id = $1", [eventId]);
  return rows[0] ? { bodyHash: rows[0].body_hash } : null;
}

/** The members of the companies an event concerns, with their role (the caller keeps those the role tells). */
export async function eventAudience(
  db: Queryable,
  target: { idTier: string } | { codeFamille: string },
): Promise<{ uuidCompte: string; idTier: string; role: string; email: string; langue: string }[]> {
  const companies =
    "idTier" in target
      ? { sql: "ac.id_tier = $1", value: target.idTier }
      : { sql: "ac.id_tier IN (SELECT id_tier FROM company_product_purchases WHERE code_famille = $1)", value: target.codeFamille };
  const { rows } = await db.query<{ uuid_compte: string; id_tier: string; role: string; email: string; langue: string }>(
    `SELECT ac.uuid_compte, ac.id_tier, ac.role, a.email, a.langue
       FROM account_companies ac JOIN accounts a USING (uuid_compte)
      WHERE ${companies.sql} AND ac.suspended_at IS NULL AND (ac.ends_on IS NULL OR ac.ends_on >= CURRENT_DATE)`,
    [companies.value],
  );
  return rows.map((r) => ({ uuidCompte: r.uuid_compte, idTier: r.id_tier, role: r.role, email: r.email, langue: r.langue }));
}

export async function companyExists(db: Queryable, idTier: string): Promise<boolean> {
  return (await db.query("SELECT 1 FROM companies WHERE id_tier = $1", [idTier])).rows.length > 0;
}

export async function familyExists(db: Queryable, codeFamille: string): Promise<boolean> {
  return (await db.query("SELECT 1 FROM products WHERE code_famille = $1", [codeFamille])).rows.length > 0;
}

/** The demo back office's choices: the companies with members, the product families. */
export async function backOfficeTargets(db: Queryable): Promise<[{ idTier: string; name: string }[], string[]]> {
  const companies = await db.query<{ id_tier: string; raison_sociale: string }>(
    `SELECT c.id_tier, c.raison_sociale FROM companies c
      WHERE EXISTS (SELECT 1 FROM account_companies ac WHERE ac.id_tier = c.id_tier) ORDER BY c.id_tier LIMIT 50`,
  );
  const families = await db.query<{ code_famille: string }>("SELECT code_famille FROM products ORDER BY position LIMIT 50");
  return [companies.rows.map((r) => ({ idTier: r.id_tier, name: r.raison_sociale })), families.rows.map((r) => r.code_famille)];
}

/** One back-office event of the notification centre's 12 months. */
export interface HistoryEvent {
  id: string;
  kind: "invoice" | "document";
  subject: string;
  codeFamille: string | null;
  at: string;
}

/**
 * The company's invoice events and its families' document events of the last `months`, newest
 * first, `limit` from `offset` (the caller keeps the kinds the role reads: `kinds`).
 */
export async function historyEvents(
  db: Queryable,
  idTier: string,
  kinds: readonly ("invoice" | "document")[],
  months: number,
  limit: number,
  offset: number,
): Promise<HistoryEvent[]> {
  const { rows } = await db.query<{
    id: string;
    kind: "invoice" | "document";
    subject: string;
    code_famille: string | null;
    created_at: Date | string;
  }>(
    `SELECT e.id, e.kind, e.subject, e.code_famille, e.created_at FROM notification_events e
      WHERE e.created_at > now() - make_interval(months => $3) AND e.kind = ANY($2::text[])
        AND ((e.kind = 'invoice' AND e.id_tier = $1)
          OR (e.kind = 'document' AND e.code_famille IN (SELECT p.code_famille FROM company_product_purchases p WHERE p.id_tier = $1)))
      ORDER BY e.created_at DESC, e.id DESC LIMIT $4 OFFSET $5`,
    [idTier, kinds, months, limit, offset],
  );
  return rows.map((r) => ({ id: r.id, kind: r.kind, subject: r.subject, codeFamille: r.code_famille, at: iso(r.created_at) }));
}

/** The account's chosen channels (types without a row follow the defaults). */
export async function preferenceRows(db: Queryable, uuidCompte: string): Promise<{ type: string; channel: string }[]> {
  const { rows } = await db.query<{ event_type: string; channel: string }>(
    "SELECT event_type, channel FROM notification_preferences WHERE uuid_compte = $1",
    [uuidCompte],
  );
  return rows.map((r) => ({ type: r.event_type, channel: r.channel }));
}

export async function setPreference(db: Queryable, uuidCompte: string, type: string, channel: string): Promise<void> {
  await db.query(
    `INSERT INTO notification_preferences (uuid_compte, event_type, channel) VALUES ($1, $2, $3)
     ON CONFLICT (uuid_compte, event_type) DO UPDATE SET channel = EXCLUDED.channel, updated_at = now()`,
    [uuidCompte, type, channel],
  );
}

export async function accountExists(db: Queryable, uuidCompte: string): Promise<boolean> {
  return (await db.query("SELECT 1 FROM accounts WHERE uuid_compte = $1", [uuidCompte])).rows.length > 0;
}

/**
 * Records the day's digest of each member whose role reads invoices (`roles`) and who takes them by
 * e-mail (`byDefault`: the channel without a choice), once: what was recorded before is not again.
 * Returns what to send.
 */
export async function claimInvoiceDigests(
  db: Queryable,
  day: string,
  roles: readonly string[],
  byDefault: string,
): Promise<{ uuidCompte: string; email: string; langue: string; idTier: string; company: string; count: number }[]> {
  const { rows } = await db.query<{
    uuid_compte: string;
    email: string;
    langue: string;
    id_tier: string;
    raison_sociale: string;
    invoices: number;
  }>(
    `WITH claimed AS (
       INSERT INTO notification_digests (uuid_compte, id_tier, day, invoices)
       SELECT ac.uuid_compte, e.id_tier, $1::date, count(*)::int
         FROM notification_events e JOIN account_companies ac ON ac.id_tier = e.id_tier
        WHERE e.kind = 'invoice' AND e.created_at >= $1::date AND e.created_at < $1::date + 1
          AND ac.role = ANY($2::text[]) AND ac.suspended_at IS NULL AND (ac.ends_on IS NULL OR ac.ends_on >= CURRENT_DATE)
          AND coalesce((SELECT p.channel FROM notification_preferences p WHERE p.uuid_compte = ac.uuid_compte AND p.event_type = 'invoices'), $3) = 'email'
        GROUP BY ac.uuid_compte, e.id_tier
       ON CONFLICT DO NOTHING
       RETURNING uuid_compte, id_tier, invoices)
     SELECT c.uuid_compte, a.email, a.langue, c.id_tier, co.raison_sociale, c.invoices
       FROM claimed c JOIN accounts a USING (uuid_compte) JOIN companies co USING (id_tier)`,
    [day, roles, byDefault],
  );
  return rows.map((r) => ({
    uuidCompte: r.uuid_compte,
    email: r.email,
    langue: r.langue,
    idTier: r.id_tier,
    company: r.raison_sociale,
    count: r.invoices,
  }));
}

/** A product family's name in `language` (its code when it has none). */
export async function familyName(db: Queryable, codeFamille: string, language: string): Promise<string> {
  const { rows } = await db.query<{ nom: string }>(
    "SELECT nom FROM product_names WHERE code_famille = $1 ORDER BY (langue = $2) DESC, (langue = 'fr') DESC LIMIT 1",
    [codeFamille, language],
  );
  return rows[0]?.nom ?? codeFamille;
}
