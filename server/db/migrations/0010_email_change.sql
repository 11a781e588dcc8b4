-- A login e-mail change waits for the new address's confirmation (issue 26 item 8). Each request
-- has two single-use links, of which only the SHA-256 is kept: the one sent to the new address
-- applies the change, the one sent to the old address cancels it. When the new address already
-- belongs to an account its owner is told instead and its link is never sent, so the change stays
-- pending until it is cancelled or expires: the requester sees the same thing either way.
CREATE TABLE email_changes (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uuid_compte   uuid NOT NULL REFERENCES accounts (uuid_compte) ON DELETE CASCADE,
  new_email     text NOT NULL,
  confirm_hash  text NOT NULL UNIQUE,
  cancel_hash   text NOT NULL UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  ended_at      timestamptz,
  ended_reason  text CHECK (ended_reason IN ('applied', 'cancelled', 'superseded', 'taken')),
  CHECK ((ended_at IS NULL) = (ended_reason IS NULL))
);
-- One pending change per account: a new request ends the previous one first.
CREATE UNIQUE INDEX email_changes_pending_idx ON email_changes (uuid_compte) WHERE ended_at IS NULL;

-- The profile answer (kept in memory) shows the pending change: drop it when the change does.
CREATE TRIGGER email_changes_cache AFTER INSERT OR UPDATE OR DELETE ON email_changes
  FOR EACH ROW EXECUTE FUNCTION macc_cache_notify('uuid_compte');
CREATE TRIGGER email_changes_cache_truncate AFTER TRUNCATE ON email_changes
  FOR EACH STATEMENT EXECUTE FUNCTION macc_cache_notify();
