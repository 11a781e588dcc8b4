-- The fleet's and the banner's kept answers (0020) are dropped when one of the account's requests
-- changes, not when its acknowledgement's SMS is recorded as sent (sms_sent_at, written in the
-- background a moment after the request): that write changes nothing they show, and it emptied
-- them right after they had been read again. Any other column's change still notifies, a column
-- added later included.
DROP TRIGGER service_requests_cache ON service_requests;
CREATE TRIGGER service_requests_cache AFTER INSERT OR DELETE ON service_requests
  FOR EACH ROW EXECUTE FUNCTION macc_cache_notify('uuid_compte');
CREATE TRIGGER service_requests_cache_update AFTER UPDATE ON service_requests
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'sms_sent_at') IS DISTINCT FROM (to_jsonb(NEW) - 'sms_sent_at'))
  EXECUTE FUNCTION macc_cache_notify('uuid_compte');
