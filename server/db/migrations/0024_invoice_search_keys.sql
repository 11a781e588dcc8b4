-- Search by a fragment through keys of the company's own: each invoice's 3-character pieces of its
-- number and reference (lowercased, as ILIKE compares), each prefixed with its company. 0012's
-- trigram index held the company and the trigrams as separate keys: a search intersected the
-- company's entries with trigrams' entries over every company ("000" is in nearly all 20 million
-- numbers), and a fragment of common digits cost 20 to 130 ms. Here a key's entries are one
-- company's invoices only, so a search reads no more than that company's.
-- The pieces are raw characters (separators included), not pg_trgm's words: a fragment's own pieces
-- (this function with no reference) are all in a matching invoice's, which ILIKE then checks.
-- IF NOT EXISTS: an operator may build the index beforehand (CONCURRENTLY, on a large table).
CREATE OR REPLACE FUNCTION invoice_search_keys(id_tier text, numero text, reference text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN ARRAY(SELECT id_tier || ' ' || substr(s, i, 3)
               FROM unnest(ARRAY[lower(numero), lower(reference)]) s, generate_series(1, length(s) - 2) i);
CREATE INDEX IF NOT EXISTS invoices_search_keys_idx ON invoices USING gin (invoice_search_keys(id_tier, numero, reference));
DROP INDEX IF EXISTS invoices_company_search_idx;
