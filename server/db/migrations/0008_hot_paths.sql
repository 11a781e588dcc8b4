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

-- Each cached table, its key column (none: every change notifies the whole table) and the changes
-- that matter: a session's only when it is revoked, rotated or gone (not each use); a new account
-- or company is in no cache yet. TRUNCATE fires no row trigger: it notifies the whole table.
DO $$
DECLARE
  target text[];
BEGIN
  FOREACH target SLICE 1 IN ARRAY ARRAY[
    ['footer_contacts', 'code_reseau', 'INSERT OR UPDATE OR DELETE'],
    ['footer_sub_services', 'code_reseau', 'INSERT OR UPDATE OR DELETE'],
    ['footer_sub_service_names', '', 'INSERT OR UPDATE OR DELETE'],
    ['basket_items', 'id', 'INSERT OR UPDATE OR DELETE'],
    ['basket_item_texts', 'item_id', 'INSERT OR UPDATE OR DELETE'],
    ['product_documents', 'id', 'INSERT OR UPDATE OR DELETE'],
    ['invoices', 'id_tier', 'INSERT OR UPDATE OR DELETE'],
    ['sessions', 'id', 'UPDATE OF revoked_at, expires_at OR DELETE'],
    ['account_companies', 'uuid_compte', 'INSERT OR UPDATE OR DELETE'],
    ['accounts', 'uuid_compte', 'UPDATE OR DELETE'],
    ['companies', 'id_tier', 'UPDATE OR DELETE'],
    ['company_product_purchases', 'id_tier', 'INSERT OR UPDATE OR DELETE'],
    ['product_names', '', 'INSERT OR UPDATE OR DELETE']
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER %s ON %I FOR EACH %s EXECUTE FUNCTION macc_cache_notify(%L)',
      target[1] || '_cache', target[3], target[1], CASE WHEN target[2] = '' THEN 'STATEMENT' ELSE 'ROW' END, target[2]);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION macc_cache_notify()',
      target[1] || '_cache_truncate', target[1]);
  END LOOP;
END
$$;
