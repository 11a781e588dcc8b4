-- The RIB documents of versions no longer current ('replaced' or 'withdrawn') are purged after a
-- retention period (RIB_RETENTION_DAYS, housekeeping), the rows kept: history and audit still show
-- each version, its IBAN, holder, document name and type, and when its document was purged.
-- superseded_at: when the version stopped being current (the retention counts from it); the
-- versions superseded before this migration count from now, so none is purged before its time.
ALTER TABLE bank_details ADD COLUMN superseded_at timestamptz;
ALTER TABLE bank_details ADD COLUMN rib_purged_at timestamptz;
UPDATE bank_details SET superseded_at = now() WHERE status IN ('replaced', 'withdrawn');
ALTER TABLE bank_details ADD CHECK ((superseded_at IS NULL) = (status IN ('in-force', 'pending')));
-- A version has a document type exactly when it has its bytes or had them before the purge.
ALTER TABLE bank_details DROP CONSTRAINT bank_details_check;
ALTER TABLE bank_details ADD CHECK ((rib_type IS NULL) = (rib_bytes IS NULL AND rib_purged_at IS NULL));
ALTER TABLE bank_details ADD CHECK (rib_purged_at IS NULL OR (rib_bytes IS NULL AND superseded_at IS NOT NULL));
-- What the purge looks for: the superseded versions that still hold their bytes.
CREATE INDEX bank_details_purge_idx ON bank_details (superseded_at) WHERE rib_bytes IS NOT NULL AND superseded_at IS NOT NULL;
