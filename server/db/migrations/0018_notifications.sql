-- What the customer must know or do (issue 30): the action banner, the notification centre and the
-- preferences of what is sent. Most entries are read from the customer's own data (freshness, bank
-- details, invitations, service requests); the back office's events (a new invoice, a new product
-- document) are stored here once, and each company member reads them by role (permission table).

-- A back-office event, stored once: an invoice names its company, a document its product family
-- (every company owning that family is told). `event_id` is the back office's: a replay is answered
-- as the first time, never stored twice (`body_hash` tells a replay from another event on that id).
CREATE TABLE notification_events (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id      text NOT NULL UNIQUE,
  body_hash     text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('invoice', 'document')),
  id_tier       text REFERENCES companies (id_tier) ON DELETE CASCADE,
  code_famille  text REFERENCES products (code_famille) ON DELETE CASCADE,
  -- What the entry names: the invoice's number, the document's title.
  subject       text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'invoice') = (id_tier IS NOT NULL)),
  CHECK ((kind = 'document') = (code_famille IS NOT NULL))
);
-- "The company's invoices since", "the family's documents since", and the 12 months' purge.
CREATE INDEX notification_events_company_idx ON notification_events (id_tier, created_at) WHERE kind = 'invoice';
CREATE INDEX notification_events_family_idx ON notification_events (code_famille, created_at) WHERE kind = 'document';
CREATE INDEX notification_events_created_idx ON notification_events (created_at);

-- A user's state of one entry in one company, on every device: read, or dismissed until it changes
-- (`fingerprint` is the version read or dismissed: a changed entry shows again).
CREATE TABLE notification_states (
  uuid_compte   uuid NOT NULL REFERENCES accounts (uuid_compte) ON DELETE CASCADE,
  id_tier       text NOT NULL REFERENCES companies (id_tier) ON DELETE CASCADE,
  entry_key     text NOT NULL,
  fingerprint   text NOT NULL,
  read_at       timestamptz,
  dismissed_at  timestamptz,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uuid_compte, id_tier, entry_key)
);

-- The channel chosen per event type (no row: the type's default, src/contract/notifications.ts).
CREATE TABLE notification_preferences (
  uuid_compte  uuid NOT NULL REFERENCES accounts (uuid_compte) ON DELETE CASCADE,
  event_type   text NOT NULL,
  channel      text NOT NULL CHECK (channel IN ('email', 'sms', 'none')),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uuid_compte, event_type)
);

-- The daily invoice digest: one row per account, company and day once queued, so a second run
-- (another instance, a restart) queues nothing twice.
CREATE TABLE notification_digests (
  uuid_compte  uuid NOT NULL REFERENCES accounts (uuid_compte) ON DELETE CASCADE,
  id_tier      text NOT NULL REFERENCES companies (id_tier) ON DELETE CASCADE,
  day          date NOT NULL,
  invoices     integer NOT NULL,
  queued_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (day, uuid_compte, id_tier)
);

-- The banner's answer is kept in memory per account and company (server/routes/notifications.ts),
-- dropped when what it is read from changes, as the other cached tables (0008). Events are few
-- (a handful a day per company): one of them drops every account's answer.
DO $$
DECLARE
  target text[];
BEGIN
  FOREACH target SLICE 1 IN ARRAY ARRAY[
    ['notification_events', ''],
    ['notification_states', 'uuid_compte'],
    ['bank_details', 'id_tier'],
    ['company_invitations', 'id_tier']
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH %s EXECUTE FUNCTION macc_cache_notify(%L)',
      target[1] || '_cache', target[1], CASE WHEN target[2] = '' THEN 'STATEMENT' ELSE 'ROW' END, target[2]);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION macc_cache_notify()',
      target[1] || '_cache_truncate', target[1]);
  END LOOP;
END
$$;

-- Every notification e-mail carries its one-click unsubscribe (RFC 8058): headers of their own,
-- kept with the queued message, and with the outbox's copy so the demo shows them.
ALTER TABLE mail_queue ADD COLUMN headers jsonb;
ALTER TABLE outbox ADD COLUMN headers jsonb;
