-- Profile, password change and reset, e-mail outbox.

-- Single-use password-reset links: only the SHA-256 of the token is kept.
CREATE TABLE password_reset_tokens (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uuid_compte      uuid NOT NULL REFERENCES accounts (uuid_compte) ON DELETE CASCADE,
  token_hash       text NOT NULL UNIQUE,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  consumed_at      timestamptz,
  consumed_reason  text CHECK (consumed_reason IN ('used', 'superseded'))
);
CREATE INDEX password_reset_tokens_account_idx ON password_reset_tokens (uuid_compte) WHERE consumed_at IS NULL;

-- The outbox keeps the HTML part of the e-mails too (`body` holds the text part).
ALTER TABLE outbox ADD COLUMN html text;
CREATE INDEX outbox_created_idx ON outbox (created_at DESC);

-- Civility is "M.", "Mme" or null.
UPDATE accounts SET civilite = 'M.' WHERE civilite IN ('Mr', 'M', 'Monsieur');
UPDATE accounts SET civilite = 'Mme' WHERE civilite IN ('Mrs', 'Ms', 'Madame');
UPDATE accounts SET civilite = NULL WHERE civilite IS NOT NULL AND civilite NOT IN ('M.', 'Mme');
ALTER TABLE accounts ADD CONSTRAINT accounts_civilite_check CHECK (civilite IS NULL OR civilite IN ('M.', 'Mme'));

-- Databases seeded before this migration: complete the demo accounts' personal data.
UPDATE accounts SET telephone = '02 41 88 12 30', adresse = '14 route de Nantes', adresse_complement = 'Lieu-dit La Croix Blanche',
  code_postal = '49130', ville = 'Les Ponts-de-Cé'
  WHERE email = 'multi@demo.macc.test' AND adresse IS NULL;
UPDATE accounts SET telephone = '03 26 55 40 12', adresse = '3 rue du Moulin', adresse_complement = NULL,
  code_postal = '51100', ville = 'Reims'
  WHERE email = 'stale@demo.macc.test' AND adresse IS NULL;
UPDATE accounts SET telephone = '05 49 12 34 50', adresse = 'Les Trois Chênes', adresse_complement = 'Route de Parthenay',
  code_postal = '79200', ville = 'Châtillon-sur-Thouet'
  WHERE email = 'welcome@demo.macc.test' AND adresse IS NULL;
UPDATE accounts SET telephone = '+44 1789 555 010', adresse = 'Greenfield Farm', adresse_complement = 'Banbury Road',
  code_postal = 'CV37 7NQ', ville = 'Stratford-upon-Avon'
  WHERE email = 'uk@demo.macc.test' AND adresse IS NULL;
