-- Hot paths: indexes that answer every sort and filter of the invoice list with an index scan and
-- a LIMIT, and the change notifications that keep the API instances' in-memory caches true.

-- Invoice list (GET /api/me/invoices): each sort's full order, ties broken by number then id, in
-- one index per sort that a descending order reads backwards. The date index also serves the year
-- filter (a date range); the paid-status one its filter in date order.
DROP INDEX invoices_company_date_idx;
DROP INDEX invoices_company_numero_idx;
DROP INDEX invoices_company_amount_idx;
CREATE INDEX invoices_company_date_idx ON invoices (id_tier, date_facture, numero, id);
CREATE INDEX invoices_company_numero_idx ON invoices (id_tier, numero, id);
CREATE INDEX invoices_company_amount_idx ON invoices (id_tier, amount_cents, numero, id);
CREATE INDEX invoices_company_paid_date_idx ON invoices (id_tier, paid, date_facture, numero, id);

-- Footer block: a network's sub-services in display order.
CREATE INDEX footer_sub_services_network_idx ON footer_sub_services (code_reseau, position);

-- Cache invalidation. Every instance LISTENs on `macc_cache`; a change to a table whose rows it
-- keeps in memory notifies `<table>:<key>` (the key column named as the trigger's argument, for
-- the old and the new row) or `<table>` (no key column, or TRUNCATE). This covers writes through
-- the API and changes made directly in the database alike, on every instance sharing it.
-- Notifications are sent on commit, and the same payload once per transaction.
CREATE FUNCTION macc_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_NARGS = 0 OR TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('macc_cache', TG_TABLE_NAME);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_key := to_jsonb(OLD) ->> TG_ARGV[0];
    PERFORM pg_notify('macc_cache', TG_TABLE_NAME || ':' || old_key);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_key := to_jsonb(NEW) ->> TG_ARGV[0];
    IF old_key IS DISTINCT FROM new_key THEN
      PERFORM pg_notify('macc_cache', TG_TABLE_NAME || ':' || new_key);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER footer_contacts_cache AFTER INSERT OR UPDATE OR DELETE ON footer_contacts
  FOR EACH ROW EXECUTE FUNCTION macc_cache_notify('code_reseau');
CREATE TRIGGER footer_sub_services_cache AFTER INSERT OR UPDATE OR DELETE ON footer_sub_services
  FOR EACH ROW EXECUTE FUNCTION macc_cache_notify('code_reseau');
CREATE TRIGGER footer_sub_service_names_cache AFTER INSERT OR UPDATE OR DELETE ON footer_sub_service_names
  FOR EACH STATEMENT EXECUTE FUNCTION macc_cache_notify();
CREATE TRIGGER basket_items_cache AFTER INSERT OR UPDATE OR DELETE ON basket_items
  FOR EACH ROW EXECUTE FUNCTION macc_cache_notify('id');
CREATE TRIGGER basket_item_texts_cache AFTER INSERT OR UPDATE OR DELETE ON basket_item_texts
  FOR EACH ROW EXECUTE FUNCTION macc_cache_notify('item_id');
CREATE TRIGGER product_documents_cache AFTER INSERT OR UPDATE OR DELETE ON product_documents
  FOR EACH ROW EXECUTE FUNCTION macc_cache_notify('id');
CREATE TRIGGER invoices_cache AFTER INSERT OR UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION macc_cache_notify('id_tier');

CREATE TRIGGER footer_contacts_cache_truncate AFTER TRUNCATE ON footer_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION macc_cache_notify();
CREATE TRIGGER footer_sub_services_cache_truncate AFTER TRUNCATE ON footer_sub_services
  FOR EACH STATEMENT EXECUTE FUNCTION macc_cache_notify();
CREATE TRIGGER footer_sub_service_names_cache_truncate AFTER TRUNCATE ON footer_sub_service_names
  FOR EACH STATEMENT EXECUTE FUNCTION macc_cache_notify();
CREATE TRIGGER basket_items_cache_truncate AFTER TRUNCATE ON basket_items
  FOR EACH STATEMENT EXECUTE FUNCTION macc_cache_notify();
CREATE TRIGGER basket_item_texts_cache_truncate AFTER TRUNCATE ON basket_item_texts
  FOR EACH STATEMENT EXECUTE FUNCTION macc_cache_notify();
CREATE TRIGGER product_documents_cache_truncate AFTER TRUNCATE ON product_documents
  FOR EACH STATEMENT EXECUTE FUNCTION macc_cache_notify();
CREATE TRIGGER invoices_cache_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION macc_cache_notify();
