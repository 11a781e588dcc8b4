-- Service requests (issue 28): a customer asks the network's after-sales service about a machine
-- of the product fleet, with photos.

-- What each sub-service of a network's footer is, so a request finds the after-sales service by
-- this key rather than by its name. The reference rows of 0009 get theirs; a sub-service added by
-- hand has none until someone gives it one.
ALTER TABLE footer_sub_services ADD COLUMN kind text
  CHECK (kind IN ('customer-service', 'after-sales', 'accounting', 'agronomy', 'logistics', 'credit'));
UPDATE footer_sub_services s SET kind = k.kind
FROM (VALUES
  (1, 'customer-service'), (2, 'after-sales'), (3, 'accounting'),
  (4, 'customer-service'), (5, 'agronomy'), (6, 'after-sales'), (7, 'accounting'),
  (8, 'customer-service'), (9, 'after-sales'),
  (10, 'customer-service'), (11, 'logistics'), (12, 'credit'),
  (13, 'customer-service'), (14, 'after-sales'), (15, 'accounting'),
  (16, 'customer-service'), (17, 'after-sales'), (18, 'accounting'),
  (19, 'customer-service'), (20, 'after-sales'),
  (21, 'customer-service'), (22, 'after-sales'), (23, 'accounting')
) AS k (id, kind)
WHERE s.id = k.id AND s.kind IS NULL;

-- A machine of the fleet is a purchase with a serial number (supplies have none).
ALTER TABLE company_product_purchases ADD COLUMN numero_serie text;

CREATE TABLE service_requests (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reference      text NOT NULL UNIQUE,          -- D-<year>-<6 random characters>, quoted to the customer
  uuid_compte    uuid NOT NULL REFERENCES accounts (uuid_compte) ON DELETE CASCADE,
  id_tier        text NOT NULL REFERENCES companies (id_tier) ON DELETE CASCADE,
  code_reseau    text NOT NULL,                 -- network whose after-sales service handles it
  code_famille   text NOT NULL REFERENCES products (code_famille),
  code_produit   text,
  numero_serie   text,
  date_achat     date,
  kind           text NOT NULL CHECK (kind IN ('breakdown', 'maintenance', 'spare-part', 'question')),
  description    text NOT NULL,
  usage_hours    integer CHECK (usage_hours >= 0),
  urgency        text NOT NULL CHECK (urgency IN ('machine-stopped', 'can-wait')),
  location       text NOT NULL CHECK (location IN ('farm', 'other')),
  address        text NOT NULL,                 -- the company's address then, or the one written
  call_time      text NOT NULL CHECK (call_time IN ('any', 'morning', 'midday', 'afternoon', 'evening')),
  langue         text NOT NULL,                 -- locale of the customer's acknowledgement
  status         text NOT NULL DEFAULT 'received'
                 CHECK (status IN ('received', 'assigned', 'scheduled', 'waiting-for-parts', 'done', 'cancelled')),
  recipients     text[] NOT NULL,               -- the after-sales service, and the adviser when there is one
  sms_sent_at    timestamptz,                   -- NULL: no acknowledgement SMS went out
  created_at     timestamptz NOT NULL DEFAULT now()
);
-- An account's requests for one company, newest first (GET /api/me/service-requests).
CREATE INDEX service_requests_account_idx ON service_requests (uuid_compte, id_tier, created_at DESC);

-- Photos are uploaded before the request that names them (request_id NULL until then); their
-- bytes are purged after the retention (README "Service requests"), the row kept for the history.
CREATE TABLE service_request_photos (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uuid_compte  uuid NOT NULL REFERENCES accounts (uuid_compte) ON DELETE CASCADE,
  id_tier      text NOT NULL REFERENCES companies (id_tier) ON DELETE CASCADE,
  request_id   uuid REFERENCES service_requests (id) ON DELETE CASCADE,
  position     integer,
  type         text NOT NULL CHECK (type IN ('jpeg', 'png', 'webp')),
  size         integer NOT NULL,
  bytes        bytea,
  purged_at    timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK ((bytes IS NULL) = (purged_at IS NOT NULL)),
  CHECK ((request_id IS NULL) = (position IS NULL))
);
CREATE INDEX service_request_photos_request_idx ON service_request_photos (request_id, position);
-- What the purge of uploads never attached looks for.
CREATE INDEX service_request_photos_unattached_idx ON service_request_photos (created_at) WHERE request_id IS NULL;
