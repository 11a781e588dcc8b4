-- The product fleet's lines carry the account's open service request for each family
-- (GET /api/me/products): kept in memory per account and company, and dropped when one of the
-- account's requests is created, changes or goes (through the API, the integration endpoint or
-- directly in the database), as the other cached tables (0008).
CREATE TRIGGER service_requests_cache AFTER INSERT OR UPDATE OR DELETE ON service_requests
  FOR EACH ROW EXECUTE FUNCTION macc_cache_notify('uuid_compte');
CREATE TRIGGER service_requests_cache_truncate AFTER TRUNCATE ON service_requests
  FOR EACH STATEMENT EXECUTE FUNCTION macc_cache_notify();

-- A request's short video (issue 28, step 4): at most one, uploaded before the request that names
-- it as the photos are, its bytes purged with the same retention (the row kept for the history).
CREATE TABLE service_request_videos (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uuid_compte  uuid NOT NULL REFERENCES accounts (uuid_compte) ON DELETE CASCADE,
  id_tier      text NOT NULL REFERENCES companies (id_tier) ON DELETE CASCADE,
  request_id   uuid UNIQUE REFERENCES service_requests (id) ON DELETE CASCADE,
  type         text NOT NULL CHECK (type IN ('mp4', 'quicktime', 'webm')),
  size         integer NOT NULL,
  bytes        bytea,
  purged_at    timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK ((bytes IS NULL) = (purged_at IS NOT NULL))
);
-- What the purge of uploads never attached looks for.
CREATE INDEX service_request_videos_unattached_idx ON service_request_videos (created_at) WHERE request_id IS NULL;
