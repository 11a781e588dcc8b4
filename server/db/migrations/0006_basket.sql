-- Basket: the catalogue the basket's ids designate, the validated requests, and the idempotency
-- keys that make a validation happen once however often it is sent.

-- The placeholder of 0001 was never written to: replaced by the tables below.
DROP TABLE basket_requests;

-- Items a basket can hold (SPEC §3 `panier`: a list of ids). Names and descriptions per language
-- in basket_item_texts; the picture is served by GET /api/basket/items/{id}/image.
CREATE TABLE basket_items (
  id            text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
  code_reseau   text NOT NULL CHECK (code_reseau IN ('FRA','AGR','FIL','EXP','BLG','GBR','ESP','ITA')),
  image         bytea NOT NULL,
  image_type    text NOT NULL CHECK (image_type IN ('image/svg+xml','image/png','image/jpeg','image/webp')),
  withdrawn_at  timestamptz,                   -- set: no longer offered (answered as unknown)
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE basket_item_texts (
  item_id      text NOT NULL REFERENCES basket_items (id) ON DELETE CASCADE,
  langue       text NOT NULL,                  -- language code (fr, en, nl, de, es, it)
  nom          text NOT NULL,
  description  text NOT NULL,
  PRIMARY KEY (item_id, langue)
);

-- Validated baskets: who asked (the account and company when logged in), the customer data of
-- the form (SPEC §3 userPanier), who was told (adviser or the network's sales service).
CREATE SEQUENCE basket_request_number;
CREATE TABLE basket_requests (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reference     text NOT NULL UNIQUE,          -- P-<year>-<number>, quoted to the customer
  uuid_compte   uuid REFERENCES accounts (uuid_compte) ON DELETE SET NULL,
  id_tier       text REFERENCES companies (id_tier) ON DELETE SET NULL,
  nom           text NOT NULL,
  societe       text NOT NULL,
  mobile        text NOT NULL,                 -- as typed (trimmed)
  mobile_e164   text NOT NULL,                 -- where the confirmation SMS went
  immat         text NOT NULL,                 -- normalized registration number
  pays          text NOT NULL,
  langue        text NOT NULL,                 -- locale of the SMS
  theme         text NOT NULL CHECK (theme IN ('MACC','AGRI')),
  code_reseau   text NOT NULL,                 -- network that handles the request
  adviser_id    uuid REFERENCES advisers (id) ON DELETE SET NULL,
  recipient     text NOT NULL,                 -- e-mail address notified
  status        text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent')),
  sms_sent_at   timestamptz,                   -- NULL: the SMS provider failed (logged)
  created_at    timestamptz NOT NULL DEFAULT now()
);
-- A customer's requests for one company, newest first (GET /api/me/basket-requests).
CREATE INDEX basket_requests_account_idx ON basket_requests (uuid_compte, id_tier, created_at DESC);

-- The items as they were when the request was sent (no reference to the catalogue: an item may
-- be withdrawn later, the request keeps its name).
CREATE TABLE basket_request_items (
  request_id  uuid NOT NULL REFERENCES basket_requests (id) ON DELETE CASCADE,
  position    integer NOT NULL,
  item_id     text NOT NULL,
  nom         text NOT NULL,
  PRIMARY KEY (request_id, position)
);

-- Idempotency keys of the writes that must happen once (`scope` names the operation). The row is
-- inserted first in the write's transaction, so a second request with the same key waits for the
-- first to commit and then answers the stored answer (status and body).
CREATE TABLE idempotency_keys (
  scope         text NOT NULL,
  key           text NOT NULL,
  request_hash  text NOT NULL,                 -- SHA-256 of the caller and the normalized body
  status        integer,                       -- NULL only inside the writing transaction
  body          text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
