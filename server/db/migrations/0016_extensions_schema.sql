-- The extensions of 0012 (pg_trgm, btree_gin) in one fixed schema, `extensions`. 0012's first text
-- created them in whatever schema came first on the search_path: another schema of the same
-- database could not migrate (its gin_trgm_ops was not found), and dropping that first schema
-- dropped the extensions with every other schema's search index.
--
-- Only the extensions move. An index keeps its operator class by identity, not by name, so the
-- search index needs no rebuild (hours at 20 million invoices) and reads `extensions.gin_trgm_ops`
-- afterwards. The queries call none of the extensions' functions or operators by name (ILIKE is
-- PostgreSQL's own operator; the index's class makes it a trigram search), so they work whatever
-- the role's search_path; one that some day does names them `extensions.` rather than relying on
-- a search_path each deployment sets its own way.
CREATE SCHEMA IF NOT EXISTS extensions;

-- Moved only when elsewhere: ALTER EXTENSION needs the extension's owner even when it would not
-- move (a managed server's administrator may have created them in `extensions` already).
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
