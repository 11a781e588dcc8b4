-- Bank details per company (COORDONNEE_BANCAIRE). Every change is a new version: it stays
-- 'pending' (being validated) while the version 'in-force' keeps applying; validating it makes it
-- the one in force and the previous one 'replaced'. A newer change 'withdrawn's an older pending one.
-- At most one version in force and one pending per company.
CREATE TABLE bank_details (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  id_tier        text NOT NULL REFERENCES companies (id_tier) ON DELETE CASCADE,
  status         text NOT NULL CHECK (status IN ('in-force', 'pending', 'replaced', 'withdrawn')),
  iban           text NOT NULL CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  intitule       text NOT NULL CHECK (length(intitule) BETWEEN 1 AND 70),
  -- The RIB document, kept in the database like the product documents (no file store to share
  -- between instances); its type was recognised from its content.
  rib_bytes      bytea,
  rib_type       text CHECK (rib_type IN ('pdf', 'jpeg', 'png')),
  rib_name       text,
  submitted_by   uuid REFERENCES accounts (uuid_compte) ON DELETE SET NULL,
  submitted_at   timestamptz NOT NULL DEFAULT now(),
  validated_at   timestamptz,
  CHECK ((rib_bytes IS NULL) = (rib_type IS NULL)),
  CHECK (status <> 'in-force' OR validated_at IS NOT NULL)
);
CREATE UNIQUE INDEX bank_details_in_force_idx ON bank_details (id_tier) WHERE status = 'in-force';
CREATE UNIQUE INDEX bank_details_pending_idx ON bank_details (id_tier) WHERE status = 'pending';
