import type {
  CallTime,
  PhotoType,
  VideoType,
  ServiceRequestKind,
  ServiceRequestLocation,
  ServiceRequestStatus,
  ServiceRequestUrgency,
} from "../../src/contract/service-request.ts";
import type { Queryable } from "../db/db.ts";

/** Who owns a request or a photo: the account that made it, for the company it acted for. */
export interface Owner {
  uuidCompte: string;
  idTier: string;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** Stores an uploaded photo, not yet named by a request. */
export async function insertPhoto(db: Queryable, owner: Owner, photo: { type: PhotoType; bytes: Uint8Array }) {
  const { rows } = await db.query<{ id: string; size: number }>(
    `INSERT INTO service_request_photos (uuid_compte, id_tier, type, size, bytes) VALUES ($1, $2, $3, $4, $5) RETURNING id, size`,
    [owner.uuidCompte, owner.idTier, photo.type, photo.bytes.byteLength, photo.bytes],
  );
  return { id: rows[0]!.id, type: photo.type, size: rows[0]!.size };
}

/** Stores an uploaded video, not yet named by a request. */
export async function insertVideo(db: Queryable, owner: Owner, video: { type: VideoType; bytes: Uint8Array }) {
  const { rows } = await db.query<{ id: string; size: number }>(
    `INSERT INTO service_request_videos (uuid_compte, id_tier, type, size, bytes) VALUES ($1, $2, $3, $4, $5) RETURNING id, size`,
    [owner.uuidCompte, owner.idTier, video.type, video.bytes.byteLength, video.bytes],
  );
  return { id: rows[0]!.id, type: video.type, size: rows[0]!.size };
}

/** The machines of a family in the company's fleet (its purchases), newest first, named in `language`. */
export async function fleetMachines(db: Queryable, idTier: string, codeFamille: string, language: string) {
  const { rows } = await db.query<{ produit: string; code_produit: string; numero_serie: string | null; date_achat: string }>(
    `SELECT COALESCE(
              (SELECT n.nom FROM product_names n WHERE n.code_famille = p.code_famille AND n.langue = $3),
              (SELECT n.nom FROM product_names n WHERE n.code_famille = p.code_famille AND n.langue = 'fr'),
              p.code_famille) AS produit,
            p.code_produit, p.numero_serie, to_char(p.date_achat, 'YYYY-MM-DD') AS date_achat
     FROM company_product_purchases p WHERE p.id_tier = $1 AND p.code_famille = $2
     ORDER BY p.date_achat DESC, p.id`,
    [idTier, codeFamille, language],
  );
  return rows.map((r) => ({ produit: r.produit, codeProduit: r.code_produit, numeroSerie: r.numero_serie, dateAchat: r.date_achat }));
}

/** What the mails of a request say about its author and their company. */
export async function requestAuthor(db: Queryable, { uuidCompte, idTier }: Owner) {
  const { rows } = await db.query<{
    email: string;
    civilite: string | null;
    prenom: string | null;
    nom: string | null;
    telephone: string | null;
    mobile: string | null;
    forme_juridique: string;
    raison_sociale: string;
    numero_client: string;
    pays: string;
    adresse: string | null;
    adresse_complement: string | null;
    code_postal: string | null;
    ville: string | null;
  }>(
    `SELECT a.email, a.civilite, a.prenom, a.nom, a.telephone, a.mobile,
            c.forme_juridique, c.raison_sociale, c.numero_client, c.pays, c.adresse, c.adresse_complement, c.code_postal, c.ville
     FROM accounts a, companies c WHERE a.uuid_compte = $1 AND c.id_tier = $2`,
    [uuidCompte, idTier],
  );
  const r = rows[0];
  if (!r) return undefined;
  const town = [r.code_postal, r.ville].filter(Boolean).join(" ");
  return { ...r, address: [r.adresse, r.adresse_complement, town].filter(Boolean).join(", ") };
}

/** The network's sub-service of `kind` (migration 0013), its e-mail address. */
export async function subServiceOfKind(db: Queryable, codeReseau: string, kind: string): Promise<string | undefined> {
  const { rows } = await db.query<{ mail: string }>(
    `SELECT mail1 || mail2 AS mail FROM footer_sub_services WHERE code_reseau = $1 AND kind = $2 ORDER BY position LIMIT 1`,
    [codeReseau, kind],
  );
  return rows[0]?.mail;
}

export interface NewServiceRequest extends Owner {
  codeReseau: string;
  codeFamille: string;
  codeProduit: string | null;
  numeroSerie: string | null;
  dateAchat: string | null;
  kind: ServiceRequestKind;
  description: string;
  usageHours: number | null;
  urgency: ServiceRequestUrgency;
  location: ServiceRequestLocation;
  address: string;
  callTime: CallTime;
  langue: string;
  recipients: string[];
}

/**
 * Stores a request as `received`. Its reference is D-<year>-<6 random characters>, like a basket's:
 * short enough to read on the phone, and it tells nobody how many requests were made. A reference
 * already taken is drawn again.
 */
export async function insertServiceRequest(
  tx: Queryable,
  r: NewServiceRequest,
  drawReference: () => string,
): Promise<{ id: string; reference: string; createdAt: string }> {
  let row: { id: string; reference: string; created_at: string } | undefined;
  while (!row) {
    const { rows } = await tx.query<{ id: string; reference: string; created_at: string }>(
      `INSERT INTO service_requests
         (reference, uuid_compte, id_tier, code_reseau, code_famille, code_produit, numero_serie, date_achat, kind, description,
          usage_hours, urgency, location, address, call_time, langue, recipients)
       VALUES ('D-' || to_char(now() AT TIME ZONE 'UTC', 'YYYY') || '-' || $17,
               $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (reference) DO NOTHING
       RETURNING id, reference, created_at`,
      [
        r.uuidCompte,
        r.idTier,
        r.codeReseau,
        r.codeFamille,
        r.codeProduit,
        r.numeroSerie,
        r.dateAchat,
        r.kind,
        r.description,
        r.usageHours,
        r.urgency,
        r.location,
        r.address,
        r.callTime,
        r.langue,
        r.recipients,
        drawReference(),
      ],
    );
    row = rows[0];
  }
  return { id: row.id, reference: row.reference, createdAt: iso(row.created_at) };
}

/**
 * Gives a request (or, with `eventId`, the customer's message on it) the photos it names, in its
 * order: only the owner's uploads not yet given to a request count. Returns the ids it could not
 * attach (unknown, another's, already used, purged).
 */
export async function attachPhotos(
  tx: Queryable,
  owner: Owner,
  requestId: string,
  ids: readonly string[],
  eventId: string | null = null,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE service_request_photos p SET request_id = $3, position = x.position - 1, event_id = $5
     FROM unnest($4::uuid[]) WITH ORDINALITY AS x(id, position)
     WHERE p.id = x.id AND p.uuid_compte = $1 AND p.id_tier = $2 AND p.request_id IS NULL AND p.bytes IS NOT NULL
     RETURNING p.id`,
    [owner.uuidCompte, owner.idTier, requestId, ids, eventId],
  );
  const attached = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !attached.has(id));
}

/** Gives a request (or its message `eventId`) the video it names: only the owner's upload not yet given to a request. False when it could not. */
export async function attachVideo(
  tx: Queryable,
  owner: Owner,
  requestId: string,
  id: string,
  eventId: string | null = null,
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE service_request_videos SET request_id = $3, event_id = $5
     WHERE id = $4 AND uuid_compte = $1 AND id_tier = $2 AND request_id IS NULL AND bytes IS NOT NULL RETURNING id`,
    [owner.uuidCompte, owner.idTier, requestId, id, eventId],
  );
  return rows.length === 1;
}

/** Records that the acknowledgement SMS went out. */
export async function markServiceRequestSmsSent(db: Queryable, reference: string): Promise<void> {
  await db.query("UPDATE service_requests SET sms_sent_at = now() WHERE reference = $1", [reference]);
}

interface RequestRow extends MediaRow {
  reference: string;
  created_at: string;
  status: ServiceRequestStatus;
  kind: ServiceRequestKind;
  urgency: ServiceRequestUrgency;
  code_famille: string;
  produit: string;
  code_produit: string | null;
  numero_serie: string | null;
  date_achat: string | null;
  description: string;
  usage_hours: number | null;
  location: ServiceRequestLocation;
  address: string;
  call_time: CallTime;
  sms: boolean;
}

/** The photos and the video still held of a request (`owner` r.id, `event` NULL) or of one of its messages (`event` e.id). */
const mediaColumns = (owner: string, event: string) => `
  COALESCE((SELECT json_agg(json_build_object('id', p.id, 'type', p.type, 'size', p.size) ORDER BY p.position)
            FROM service_request_photos p
            WHERE p.request_id = ${owner} AND p.event_id IS NOT DISTINCT FROM ${event} AND p.bytes IS NOT NULL), '[]'::json) AS photos,
  (SELECT json_build_object('id', m.id, 'type', m.type, 'size', m.size)
   FROM service_request_videos m WHERE m.request_id = ${owner} AND m.event_id IS NOT DISTINCT FROM ${event} AND m.bytes IS NOT NULL) AS video`;

/** The request's columns and its photos still held, for the owner's reads. */
const REQUEST_COLUMNS = `r.reference, r.created_at, r.status, r.kind, r.urgency, r.code_famille, r.code_produit, r.numero_serie,
  to_char(r.date_achat, 'YYYY-MM-DD') AS date_achat, r.description, r.usage_hours, r.location, r.address, r.call_time,
  r.sms_sent_at IS NOT NULL AS sms,
  COALESCE((SELECT n.nom FROM product_names n WHERE n.code_famille = r.code_famille AND n.langue = $3),
           (SELECT n.nom FROM product_names n WHERE n.code_famille = r.code_famille AND n.langue = 'fr'), r.code_famille) AS produit,
  ${mediaColumns("r.id", "NULL")}`;

type MediaRow = { photos: { id: string; type: PhotoType; size: number }[]; video: { id: string; type: VideoType; size: number } | null };

/** A request's (or message's) media with the addresses its owner opens them at. */
const mediaOf = (reference: string, r: MediaRow) => ({
  photos: r.photos.map((p) => ({ ...p, url: `/api/me/service-requests/${reference}/photos/${p.id}` })),
  video: r.video && { ...r.video, url: `/api/me/service-requests/${reference}/videos/${r.video.id}` },
});

function toRequest(r: RequestRow) {
  return {
    reference: r.reference,
    createdAt: iso(r.created_at),
    status: r.status,
    kind: r.kind,
    urgency: r.urgency,
    machine: {
      codeFamille: r.code_famille,
      produit: r.produit,
      codeProduit: r.code_produit,
      numeroSerie: r.numero_serie,
      dateAchat: r.date_achat,
    },
    description: r.description,
    usageHours: r.usage_hours,
    location: r.location,
    address: r.address,
    callTime: r.call_time,
    ...mediaOf(r.reference, r),
    sms: r.sms,
  };
}
export type ServiceRequestRead = ReturnType<typeof toRequest>;

/** One of the owner's requests, by reference; undefined for anyone else's. */
export async function serviceRequestOf(db: Queryable, owner: Owner, reference: string, language: string) {
  const { rows } = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM service_requests r WHERE r.uuid_compte = $1 AND r.id_tier = $2 AND r.reference = $4`,
    [owner.uuidCompte, owner.idTier, language, reference],
  );
  return rows[0] && toRequest(rows[0]);
}

/** The owner's requests, newest first: all, the open ones or the closed ones. */
export async function serviceRequestsOf(
  db: Queryable,
  owner: Owner,
  language: string,
  closed: readonly string[],
  state: string,
  limit: number,
) {
  const { rows } = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM service_requests r
     WHERE r.uuid_compte = $1 AND r.id_tier = $2
       AND ($5 = 'all' OR (r.status = ANY($4::text[])) = ($5 = 'closed'))
     ORDER BY r.created_at DESC, r.reference DESC LIMIT $6`,
    [owner.uuidCompte, owner.idTier, language, closed, state, limit],
  );
  return rows.map((row) => {
    const {
      photos,
      video: _v,
      description: _d,
      usageHours: _u,
      location: _l,
      address: _a,
      callTime: _c,
      sms: _s,
      ...summary
    } = toRequest(row);
    return { ...summary, photoCount: photos.length };
  });
}

/** A photo of the owner's request; undefined for anyone else's, and once purged. */
export async function ownedPhoto(db: Queryable, owner: Owner, reference: string, id: string) {
  const { rows } = await db.query<{ type: PhotoType; bytes: Uint8Array }>(
    `SELECT p.type, p.bytes FROM service_request_photos p JOIN service_requests r ON r.id = p.request_id
     WHERE p.id = $4 AND r.reference = $3 AND r.uuid_compte = $1 AND r.id_tier = $2 AND p.bytes IS NOT NULL`,
    [owner.uuidCompte, owner.idTier, reference, id],
  );
  return rows[0];
}

/** A photo of a request by id alone: the staff's signed links (the signature is the permission). */
export async function requestPhoto(db: Queryable, id: string) {
  const { rows } = await db.query<{ type: PhotoType; bytes: Uint8Array }>(
    `SELECT type, bytes FROM service_request_photos WHERE id = $1 AND request_id IS NOT NULL AND bytes IS NOT NULL`,
    [id],
  );
  return rows[0];
}

/**
 * A range of the bytes of a video: the owner's (`owner`, `reference`) or, for the staff's signed
 * links, any request's. Only the range is read from the database; undefined for anyone else's and
 * once purged. `range` null: the whole video.
 */
export async function requestVideo(
  db: Queryable,
  id: string,
  range: (size: number) => { start: number; end: number } | null,
  owner?: Owner & { reference: string },
) {
  const { rows } = owner
    ? await db.query<{ type: VideoType; size: number }>(
        `SELECT v.type, v.size FROM service_request_videos v JOIN service_requests r ON r.id = v.request_id
         WHERE v.id = $1 AND v.bytes IS NOT NULL AND r.reference = $2 AND r.uuid_compte = $3 AND r.id_tier = $4`,
        [id, owner.reference, owner.uuidCompte, owner.idTier],
      )
    : await db.query<{ type: VideoType; size: number }>(
        `SELECT type, size FROM service_request_videos WHERE id = $1 AND request_id IS NOT NULL AND bytes IS NOT NULL`,
        [id],
      );
  const found = rows[0];
  if (!found) return undefined;
  const part = range(found.size) ?? { start: 0, end: found.size - 1 };
  const read = await db.query<{ bytes: Uint8Array }>(
    `SELECT substring(bytes FROM $2::int FOR $3::int) AS bytes FROM service_request_videos WHERE id = $1 AND bytes IS NOT NULL`,
    [id, part.start + 1, part.end - part.start + 1],
  );
  const bytes = read.rows[0]?.bytes;
  return bytes && { type: found.type, size: found.size, start: part.start, bytes };
}

/**
 * Housekeeping: forgets the uploads (photos and videos) no request named within `unattachedHours`,
 * and the bytes of the media of requests made more than `retentionDays` ago (the rows stay: the
 * request's history still counts them). Returns how many were purged.
 */
export async function purgeServiceRequestPhotos(db: Queryable, retentionDays: number, unattachedHours: number): Promise<number> {
  let count = 0;
  for (const table of ["service_request_photos", "service_request_videos"]) {
    const dropped = await db.query<{ id: string }>(
      `DELETE FROM ${table} WHERE request_id IS NULL AND created_at <= now() - make_interval(hours => $1::int) RETURNING id`,
      [unattachedHours],
    );
    const purged = await db.query<{ id: string }>(
      `UPDATE ${table} p SET bytes = NULL, purged_at = now()
       FROM service_requests r
       WHERE r.id = p.request_id AND p.bytes IS NOT NULL AND r.created_at <= now() - make_interval(days => $1::int)
       RETURNING p.id`,
      [retentionDays],
    );
    count += dropped.rows.length + purged.rows.length;
  }
  return count;
}

/* Status timeline (issue 28, step 2). */

export interface RequestState {
  id: string;
  reference: string;
  status: ServiceRequestStatus;
  uuidCompte: string;
  idTier: string;
  codeReseau: string;
  codeFamille: string;
  langue: string;
  /** The after-sales service, and the adviser when there was one. */
  recipients: string[];
}

/** A request by reference alone (the integration's calls), locked until the transaction ends. */
export async function lockRequest(tx: Queryable, reference: string): Promise<RequestState | undefined> {
  const { rows } = await tx.query<{
    id: string;
    reference: string;
    status: ServiceRequestStatus;
    uuid_compte: string;
    id_tier: string;
    code_reseau: string;
    code_famille: string;
    langue: string;
    recipients: string[];
  }>(
    `SELECT id, reference, status, uuid_compte, id_tier, code_reseau, code_famille, langue, recipients
     FROM service_requests WHERE reference = $1 FOR UPDATE`,
    [reference],
  );
  const r = rows[0];
  return (
    r && {
      id: r.id,
      reference: r.reference,
      status: r.status,
      uuidCompte: r.uuid_compte,
      idTier: r.id_tier,
      codeReseau: r.code_reseau,
      codeFamille: r.code_famille,
      langue: r.langue,
      recipients: r.recipients,
    }
  );
}

/** One of the owner's requests, locked until the transaction ends; undefined for anyone else's. */
export async function lockOwnedRequest(tx: Queryable, owner: Owner, reference: string): Promise<RequestState | undefined> {
  const found = await lockRequest(tx, reference);
  return found && found.uuidCompte === owner.uuidCompte && found.idTier === owner.idTier ? found : undefined;
}

/**
 * Claims an integration event id for the request: false when it was already claimed (a concurrent
 * claim waits for the first transaction, then finds it taken).
 */
export async function claimEventId(tx: Queryable, eventId: string, requestId: string, bodyHash: string): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO service_request_event_ids (event_id, request_id, body_hash, answer) VALUES ($1, $2, $3, '{}'::jsonb)
     ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
    [eventId, requestId, bodyHash],
  );
  return rows.length === 1;
}

/** What an event id was answered the first time, and the hash of what it carried. */
export async function seenEvent(db: Queryable, eventId: string) {
  const { rows } = await db.query<{ body_hash: string; answer: unknown }>(
    `SELECT body_hash, answer FROM service_request_event_ids WHERE event_id = $1`,
    [eventId],
  );
  return rows[0];
}

export async function storeEventAnswer(tx: Queryable, eventId: string, answer: unknown): Promise<void> {
  await tx.query(`UPDATE service_request_event_ids SET answer = $2::jsonb WHERE event_id = $1`, [eventId, JSON.stringify(answer)]);
}

export interface StatusChange {
  status: Exclude<ServiceRequestStatus, "received">;
  at: string;
  author: "after-sales" | "customer";
  technician: string | null;
  window: { date: string; from: string; to: string } | null;
  message: string | null;
}

/**
 * Moves the request to a new state and writes it in the timeline. An assignment names who handles
 * it, a schedule when; the other states keep the last ones known.
 */
export async function applyStatus(tx: Queryable, requestId: string, change: StatusChange): Promise<void> {
  const w = change.window;
  await tx.query(
    `UPDATE service_requests SET status = $2, status_at = $3,
       technician = COALESCE($4, technician),
       visit_date = CASE WHEN $2 = 'scheduled' THEN $5::date ELSE visit_date END,
       visit_from = CASE WHEN $2 = 'scheduled' THEN $6::time ELSE visit_from END,
       visit_to = CASE WHEN $2 = 'scheduled' THEN $7::time ELSE visit_to END
     WHERE id = $1`,
    [requestId, change.status, change.at, change.technician, w?.date ?? null, w?.from ?? null, w?.to ?? null],
  );
  await tx.query(
    `INSERT INTO service_request_events (request_id, kind, author, status, technician, visit_date, visit_from, visit_to, message, at)
     VALUES ($1, 'status', $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      requestId,
      change.author,
      change.status,
      change.technician,
      w?.date ?? null,
      w?.from ?? null,
      w?.to ?? null,
      change.message,
      change.at,
    ],
  );
}

/** A message in the request's timeline ('' for photos without words); its id, which its photos name. */
export async function addMessage(tx: Queryable, requestId: string, author: "after-sales" | "customer", message: string): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO service_request_events (request_id, kind, author, message, at) VALUES ($1, 'message', $2, $3, now()) RETURNING id::text`,
    [requestId, author, message],
  );
  return rows[0]!.id;
}

const hhmm = (t: string | null) => (t === null ? null : t.slice(0, 5));
const windowOf = (date: string | null, from: string | null, to: string | null) =>
  date === null || from === null || to === null ? null : { date, from: hhmm(from)!, to: hhmm(to)! };

/** The owner's request's timeline, oldest first, its receipt the first line; undefined for anyone else's. */
export async function timelineOf(db: Queryable, owner: Owner, reference: string) {
  const { rows } = await db.query<{
    id: string;
    reference: string;
    status: ServiceRequestStatus;
    technician: string | null;
    visit_date: string | null;
    visit_from: string | null;
    visit_to: string | null;
    created_at: string;
  }>(
    `SELECT id, reference, status, technician, to_char(visit_date, 'YYYY-MM-DD') AS visit_date, visit_from::text, visit_to::text, created_at
     FROM service_requests WHERE uuid_compte = $1 AND id_tier = $2 AND reference = $3`,
    [owner.uuidCompte, owner.idTier, reference],
  );
  const r = rows[0];
  if (!r) return undefined;
  const events = await db.query<
    MediaRow & {
      kind: "status" | "message";
      author: "after-sales" | "customer";
      status: ServiceRequestStatus | null;
      technician: string | null;
      visit_date: string | null;
      visit_from: string | null;
      visit_to: string | null;
      message: string | null;
      at: string;
    }
  >(
    `SELECT e.kind, e.author, e.status, e.technician, to_char(e.visit_date, 'YYYY-MM-DD') AS visit_date, e.visit_from::text,
            e.visit_to::text, e.message, e.at, ${mediaColumns("e.request_id", "e.id")}
     FROM service_request_events e WHERE e.request_id = $1 ORDER BY e.at, e.id`,
    [r.id],
  );
  return {
    reference: r.reference,
    status: r.status,
    technician: r.technician,
    window: windowOf(r.visit_date, r.visit_from, r.visit_to),
    entries: [
      {
        kind: "status" as const,
        at: iso(r.created_at),
        author: "customer" as const,
        status: "received" as const,
        technician: null,
        window: null,
        message: null,
        photos: [],
        video: null,
      },
      ...events.rows.map((e) => ({
        kind: e.kind,
        at: iso(e.at),
        author: e.author,
        status: e.status,
        technician: e.technician,
        window: windowOf(e.visit_date, e.visit_from, e.visit_to),
        message: e.message || null,
        ...mediaOf(r.reference, e),
      })),
    ],
  };
}

/**
 * The owner's newest open request of each family (product fleet lines), from the account's index:
 * an account has few requests. The visit's window while scheduled.
 */
export async function openRequestsByFamily(db: Queryable, owner: Owner, closed: readonly string[]) {
  const { rows } = await db.query<{
    code_famille: string;
    reference: string;
    status: ServiceRequestStatus;
    visit_date: string | null;
    visit_from: string | null;
    visit_to: string | null;
  }>(
    `SELECT DISTINCT ON (code_famille) code_famille, reference, status,
            to_char(visit_date, 'YYYY-MM-DD') AS visit_date, visit_from::text, visit_to::text
     FROM service_requests
     WHERE uuid_compte = $1 AND id_tier = $2 AND status <> ALL($3::text[])
     ORDER BY code_famille, created_at DESC, reference DESC`,
    [owner.uuidCompte, owner.idTier, closed],
  );
  return new Map(
    rows.map((r) => [
      r.code_famille,
      {
        reference: r.reference,
        status: r.status,
        window: r.status === "scheduled" ? windowOf(r.visit_date, r.visit_from, r.visit_to) : null,
      },
    ]),
  );
}

/** Whether the owner has a request of this reference (checked before reading a body, so another's is 404, never 422). */
export async function ownsRequest(db: Queryable, owner: Owner, reference: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM service_requests WHERE uuid_compte = $1 AND id_tier = $2 AND reference = $3`, [
    owner.uuidCompte,
    owner.idTier,
    reference,
  ]);
  return rows.length === 1;
}

/** The demo outbox's buttons: every open request, newest first (the demo's own data: no owner). */
export async function openRequestsForDemo(db: Queryable, limit: number) {
  const { rows } = await db.query<{ reference: string; status: ServiceRequestStatus; created_at: string }>(
    `SELECT reference, status, created_at FROM service_requests WHERE status NOT IN ('done', 'cancelled')
     ORDER BY created_at DESC, reference DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ reference: r.reference, status: r.status, createdAt: iso(r.created_at) }));
}
