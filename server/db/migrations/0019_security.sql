-- Security the customer can see (issue 29, step 3): their signed-in devices (the sessions), their
-- activity log, and the "this wasn't me" links of the security alerts.

-- The device cookie's id of the browser a session was opened from (null: opened without one, or
-- before this migration): the devices list groups nothing on it, the new-device alert reads it.
ALTER TABLE sessions ADD COLUMN device_id text;
-- The devices list: the account's live sessions, last used first.
CREATE INDEX sessions_account_live_idx ON sessions (uuid_compte, last_used_at DESC) WHERE revoked_at IS NULL;

-- The account's activity as the customer reads it (an audit log, not notifications): one row per
-- event, written in the transaction of the change it records. `id_tier`: the company it concerns
-- (null: the account's own), so that the company's owner also reads the team's. `detail` holds what
-- the line shows (never a password, a token or a full IBAN: the last 4 characters at most).
-- Failed logins against the account are one row per hour, `count` attempts.
CREATE TABLE account_activity (
  id          bigint GENERATED ALWAYS AS IDENTITY,
  uuid_compte uuid NOT NULL REFERENCES accounts (uuid_compte) ON DELETE CASCADE,
  id_tier     text REFERENCES companies (id_tier) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('login', 'login-failed', 'company-switch', 'device-signed-out', 'profile', 'email',
                                            'password', 'bank-details', 'invitation', 'member', 'basket-request',
                                            'service-request', 'secured')),
  detail      jsonb NOT NULL DEFAULT '{}',
  -- The list's filter the kind belongs to (ACTIVITY_FILTERS of src/contract/security.ts, written
  -- with the line): a filtered page is one index range too.
  category    text NOT NULL,
  count       integer NOT NULL DEFAULT 1,
  at          timestamptz NOT NULL DEFAULT now(),
  -- Failed logins: the hour they are counted in (one row per account and hour).
  hour        timestamptz,
  -- No index on the id alone: the planner would read it backwards through everyone's lines to
  -- find one account's (slow when that account's are old); its own range is always the way.
  PRIMARY KEY (uuid_compte, id)
);
-- "The account's, newest first" (the primary key) and "the company's, newest first", read backwards
-- as keysets on the id (rows are written in time order): a page costs the same however deep.
CREATE INDEX account_activity_company_idx ON account_activity (id_tier, id) WHERE id_tier IS NOT NULL;
CREATE INDEX account_activity_account_category_idx ON account_activity (uuid_compte, category, id);
CREATE INDEX account_activity_company_category_idx ON account_activity (id_tier, category, id) WHERE id_tier IS NOT NULL;
-- Housekeeping deletes the lines past 12 months.
CREATE INDEX account_activity_at_idx ON account_activity (at);
CREATE UNIQUE INDEX account_activity_failed_hour ON account_activity (uuid_compte, hour) WHERE kind = 'login-failed';

-- A "this wasn't me" link of a security alert: single use, time-limited; its token's hash only.
CREATE TABLE security_alert_links (
  token_hash  text PRIMARY KEY,
  uuid_compte uuid NOT NULL REFERENCES accounts (uuid_compte) ON DELETE CASCADE,
  kind        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX security_alert_links_account_idx ON security_alert_links (uuid_compte);
