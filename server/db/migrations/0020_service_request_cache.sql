-- The product fleet's lines carry the account's open service request for each family
-- (GET /api/me/products): kept in memory per account and company, and dropped when one of the
-- account's requests is created, changes or goes (through the API, the integration endpoint or
-- directly in the database), as the other cached tables (0008).
CREATE TRIGGER service_requests_cache AFTER INSERT OR UPDATE OR DELETE ON service_requests
  FOR EACH ROW EXECUTE FUNCTION macc_cache_notify('uuid_compte');
CREATE TRIGGER service_requests_cache_truncate AFTER TRUNCATE ON service_requests
  FOR EACH STATEMENT EXECUTE FUNCTION macc_cache_notify();
