-- The invoice list at the group's size (tens of thousands of invoices per company, millions in
-- all): a search by fragment through a trigram index scoped to the company, a short fragment as a
-- prefix of the number, pages read from the index alone, and counts kept per company, year and
-- status instead of counted on each request.

-- Trusted extensions (PostgreSQL 13+): the database's owner may create them. pg_trgm: the
-- trigrams of ILIKE '%…%'; btree_gin: the company's id in the same GIN index, so that a search
-- reads only the company's entries.
-- In the fixed schema `extensions`, named wherever used (edited after release, see 0016: created
-- in the search_path's first schema, they were not found from another schema of the same
-- database, and dropping that schema dropped them and every other schema's search index).
-- Databases that ran the first text of this file have theirs moved by 0016.
CREATE SCHEMA IF NOT EXISTS extensions;
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA extensions;
CREATE EXTENSION IF NOT EXISTS btree_gin SCHEMA extensions;
-- Already there from another schema of the database migrated with the first text: moved here.
DO $$
DECLARE e text;
BEGIN
  FOREACH e IN ARRAY ARRAY['pg_trgm', 'btree_gin'] LOOP
    IF (SELECT extnamespace <> 'extensions'::regnamespace FROM pg_extension WHERE extname = e) THEN
      EXECUTE format('ALTER EXTENSION %I SET SCHEMA extensions', e);
    END IF;
  END LOOP;
END
$$;

-- Search by a fragment of 3 characters or more, in the number or the reference. (btree_gin's
-- class for the text column is the type's default, found without a name.)
CREATE INDEX invoices_company_search_idx ON invoices USING gin (id_tier, numero extensions.gin_trgm_ops, reference extensions.gin_trgm_ops);
-- Search by 1 or 2 characters (too short for a trigram): numbers starting with them, any case.
CREATE INDEX invoices_company_number_prefix_idx ON invoices (id_tier, lower(numero) text_pattern_ops);

-- A page is found by skipping the rows before it in the sort's index, then reading its rows: the
-- skip reads the index alone (an index-only scan) when the index holds the filters' columns too.
DROP INDEX invoices_company_numero_idx;
DROP INDEX invoices_company_amount_idx;
CREATE INDEX invoices_company_numero_idx ON invoices (id_tier, numero, id) INCLUDE (date_facture, paid);
CREATE INDEX invoices_company_amount_idx ON invoices (id_tier, amount_cents, numero, id) INCLUDE (date_facture, paid);

-- How many invoices a company has per year and status: the list's total for any year and status
-- filter is a sum of at most two rows per year. Rows at zero stay (a year emptied), read as absent.
CREATE TABLE invoice_counts (
  id_tier  text NOT NULL,
  year     integer NOT NULL,
  paid     boolean NOT NULL,
  n        integer NOT NULL,
  PRIMARY KEY (id_tier, year, paid)
);

INSERT INTO invoice_counts (id_tier, year, paid, n)
SELECT id_tier, EXTRACT(YEAR FROM date_facture)::int, paid, count(*) FROM invoices GROUP BY 1, 2, 3;

-- Kept by statement triggers over the statement's changed rows (transition tables): one upsert per
-- statement, so a bulk INSERT … SELECT of millions of invoices stays correct and costs one grouped
-- pass, with no refresh step. Keys in order, so that concurrent statements lock rows in one order.
CREATE FUNCTION invoice_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_counts AS c (id_tier, year, paid, n)
    SELECT id_tier, EXTRACT(YEAR FROM date_facture)::int, paid, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (id_tier, year, paid) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE invoice_counts c SET n = c.n - d.n
    FROM (SELECT id_tier, EXTRACT(YEAR FROM date_facture)::int AS year, paid, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) d
    WHERE c.id_tier = d.id_tier AND c.year = d.year AND c.paid = d.paid;
  ELSE
    INSERT INTO invoice_counts AS c (id_tier, year, paid, n)
    SELECT id_tier, EXTRACT(YEAR FROM date_facture)::int, paid, sum(d)
    FROM (SELECT id_tier, date_facture, paid, 1 AS d FROM new_rows UNION ALL SELECT id_tier, date_facture, paid, -1 FROM old_rows) x
    GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (id_tier, year, paid) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END
$$;

-- One trigger per event: PostgreSQL allows transition tables only on single-event triggers.
CREATE TRIGGER invoice_counts_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_counts_follow();
CREATE TRIGGER invoice_counts_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_counts_follow();
CREATE TRIGGER invoice_counts_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_counts_follow();

CREATE FUNCTION invoice_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE invoice_counts;
  RETURN NULL;
END
$$;
CREATE TRIGGER invoice_counts_truncate AFTER TRUNCATE ON invoices FOR EACH STATEMENT EXECUTE FUNCTION invoice_counts_clear();
