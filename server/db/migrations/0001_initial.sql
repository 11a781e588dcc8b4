-- Initial schema of the MACC reference API.
-- Runs unchanged on PostgreSQL and on the embedded PGlite engine.

CREATE TABLE server_secrets (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE accounts (
  uuid_compte          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email                text NOT NULL UNIQUE CHECK (email = lower(email)),
  password_hash        text NOT NULL,
  civilite             text,
  nom                  text,
  prenom               text,
  fonction             text,
  mobile               text,
  telephone            text,
  adresse              text,
  adresse_complement   text,
  code_postal          text,
  ville                text,
  pays                 text,
  langue               text NOT NULL DEFAULT 'fr-FR',
  created_at           timestamptz NOT NULL DEFAULT now(),
  last_login_at        timestamptz,
  previous_login_at    timestamptz,
  password_changed_at  timestamptz
);

CREATE TABLE companies (
  id_tier               text PRIMARY KEY,
  code_reseau           text NOT NULL CHECK (code_reseau IN ('FRA','AGR','FIL','EXP','BLG','GBR','ESP','ITA')),
  forme_juridique       text NOT NULL,
  raison_sociale        text NOT NULL,
  immatriculation       text NOT NULL,
  numero_client         text NOT NULL UNIQUE,
  pays                  text NOT NULL,
  derniere_mise_a_jour  date,
  contact_email         text,
  contact_mobile        text,
  telephone             text,
  adresse               text,
  adresse_complement    text,
  code_postal           text,
  ville                 text,
  created_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX companies_immatriculation_idx ON companies (immatriculation);

CREATE TABLE account_companies (
  uuid_compte  uuid NOT NULL REFERENCES accounts (uuid_compte) ON DELETE CASCADE,
  id_tier      text NOT NULL REFERENCES companies (id_tier) ON DELETE CASCADE,
  position     integer NOT NULL,
  PRIMARY KEY (uuid_compte, id_tier)
);
CREATE INDEX account_companies_tier_idx ON account_companies (id_tier);

-- One row per login session (a refresh-token family).
CREATE TABLE sessions (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uuid_compte   uuid NOT NULL REFERENCES accounts (uuid_compte) ON DELETE CASCADE,
  refresh_hash  text NOT NULL UNIQUE,          -- SHA-256 (hex) of the current refresh token
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  last_used_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz,
  revoked_reason text,
  user_agent    text,
  client_address text
);
CREATE INDEX sessions_account_idx ON sessions (uuid_compte);

-- Refresh tokens already rotated out: presenting one again revokes its session (reuse detection).
CREATE TABLE retired_refresh_tokens (
  token_hash  text PRIMARY KEY,
  session_id  uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  retired_at  timestamptz NOT NULL DEFAULT now()
);

-- Fixed-window counters shared by every API instance (login throttling and others).
CREATE TABLE rate_limits (
  key           text PRIMARY KEY,
  window_start  timestamptz NOT NULL,
  count         integer NOT NULL
);

-- Footer contact block per network (SPEC §7).
CREATE TABLE footer_contacts (
  code_reseau     text PRIMARY KEY,
  langue_principale text NOT NULL,             -- language code (fr, en, nl, de, es, it)
  adresse_titre   text NOT NULL,
  adresse_ligne1  text NOT NULL,
  adresse_ligne2  text NOT NULL DEFAULT '',
  code_postal     text NOT NULL,
  ville           text NOT NULL
);

CREATE TABLE footer_sub_services (
  id            integer PRIMARY KEY,
  code_reseau   text NOT NULL REFERENCES footer_contacts (code_reseau) ON DELETE CASCADE,
  position      integer NOT NULL,
  telephone1    text NOT NULL,
  mail1         text NOT NULL,
  mail2         text NOT NULL
);

CREATE TABLE footer_sub_service_names (
  sub_service_id  integer NOT NULL REFERENCES footer_sub_services (id) ON DELETE CASCADE,
  langue          text NOT NULL,               -- language code
  nom             text NOT NULL,
  PRIMARY KEY (sub_service_id, langue)
);

CREATE TABLE advisers (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  civilite    text,
  prenom      text NOT NULL,
  nom         text NOT NULL,
  fonction    text,
  telephone   text,
  mobile      text,
  email       text NOT NULL,
  photo       bytea,
  photo_type  text
);

CREATE TABLE company_advisers (
  id_tier     text NOT NULL REFERENCES companies (id_tier) ON DELETE CASCADE,
  adviser_id  uuid NOT NULL REFERENCES advisers (id) ON DELETE CASCADE,
  PRIMARY KEY (id_tier, adviser_id)
);

CREATE TABLE invoices (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  id_tier        text NOT NULL REFERENCES companies (id_tier) ON DELETE CASCADE,
  numero         text NOT NULL UNIQUE,
  date_facture   date NOT NULL,
  reference      text,
  amount_cents   bigint NOT NULL,              -- total including VAT
  currency       text NOT NULL DEFAULT 'EUR',
  due_date       date NOT NULL,
  paid           boolean NOT NULL DEFAULT false,
  lines          jsonb NOT NULL DEFAULT '[]'::jsonb  -- [{ label, codeProduit, quantity, unitPriceCents, vatRate }]
);
CREATE INDEX invoices_company_date_idx ON invoices (id_tier, date_facture DESC, numero DESC);

CREATE TABLE products (
  code_famille  text PRIMARY KEY,
  position      integer NOT NULL
);

CREATE TABLE product_names (
  code_famille  text NOT NULL REFERENCES products (code_famille) ON DELETE CASCADE,
  langue        text NOT NULL,                 -- language code
  nom           text NOT NULL,
  PRIMARY KEY (code_famille, langue)
);

CREATE TABLE company_product_purchases (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  id_tier       text NOT NULL REFERENCES companies (id_tier) ON DELETE CASCADE,
  code_famille  text NOT NULL REFERENCES products (code_famille),
  code_produit  text NOT NULL,
  date_achat    date NOT NULL,
  quantite      integer NOT NULL CHECK (quantite > 0)
);
CREATE INDEX company_product_purchases_idx ON company_product_purchases (id_tier, code_famille, date_achat DESC);

CREATE TABLE product_documents (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code_famille      text NOT NULL REFERENCES products (code_famille) ON DELETE CASCADE,
  kind              text NOT NULL CHECK (kind IN ('technical','sav')),
  type              text NOT NULL CHECK (type IN ('pdf','video')),
  position          integer NOT NULL,
  title             text NOT NULL,
  langue            text NOT NULL DEFAULT 'fr',
  duration_seconds  integer,
  url               text,
  file_bytes        bytea,
  CHECK ((type = 'pdf' AND file_bytes IS NOT NULL) OR (type = 'video' AND url IS NOT NULL))
);
CREATE INDEX product_documents_family_idx ON product_documents (code_famille, kind, position);

-- Mails and SMS the demo would send (registration codes, confirmations); readable in development.
CREATE TABLE outbox (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  channel     text NOT NULL CHECK (channel IN ('email','sms')),
  recipient   text NOT NULL,
  subject     text,
  body        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Contact-form messages and basket validation requests.
CREATE TABLE contact_messages (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uuid_compte  uuid REFERENCES accounts (uuid_compte) ON DELETE SET NULL,
  id_tier      text REFERENCES companies (id_tier) ON DELETE SET NULL,
  message      text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE basket_requests (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uuid_compte  uuid REFERENCES accounts (uuid_compte) ON DELETE SET NULL,
  id_tier      text REFERENCES companies (id_tier) ON DELETE SET NULL,
  items        jsonb NOT NULL,
  contact      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at   timestamptz NOT NULL DEFAULT now()
);
