-- Invoices, product fleet, adviser and contact form.

-- Invoice list sorted by number or amount within a company (the date order uses invoices_company_date_idx).
CREATE INDEX invoices_company_numero_idx ON invoices (id_tier, numero);
CREATE INDEX invoices_company_amount_idx ON invoices (id_tier, amount_cents, numero);

-- Contact-form messages: who wrote to which sub-service, about what.
ALTER TABLE contact_messages ADD COLUMN service text;
ALTER TABLE contact_messages ADD COLUMN sub_service_id integer REFERENCES footer_sub_services (id) ON DELETE SET NULL;
ALTER TABLE contact_messages ADD COLUMN subject text;
ALTER TABLE contact_messages ADD COLUMN recipient text;
ALTER TABLE contact_messages ADD COLUMN reply_to text;
CREATE INDEX contact_messages_account_idx ON contact_messages (uuid_compte, created_at DESC);

-- E-mails to deliver, written in the same transaction as the data they announce (transactional
-- outbox); any instance delivers them and retries the failures with a growing delay.
CREATE TABLE mail_queue (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient        text NOT NULL,
  reply_to         text,
  subject          text NOT NULL,
  body             text NOT NULL,
  html             text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  attempts         integer NOT NULL DEFAULT 0,
  sent_at          timestamptz,
  last_error       text
);
CREATE INDEX mail_queue_pending_idx ON mail_queue (next_attempt_at) WHERE sent_at IS NULL;
