-- Bot check (single-use proof-of-work solutions) and self-service registration.

-- Accepted bot-check solutions, kept until their challenge expires so that none is used twice.
CREATE TABLE bot_check_solutions (
  solution_hash  text PRIMARY KEY,              -- SHA-256 (hex) of the signature and the number
  expires_at     timestamptz NOT NULL
);
CREATE INDEX bot_check_solutions_expires_idx ON bot_check_solutions (expires_at);

-- Registrations in progress (anonymous; the id is a 256-bit bearer token, only its SHA-256 is kept).
CREATE TABLE registrations (
  id_hash          text PRIMARY KEY,
  pays             text NOT NULL,
  immatriculation  text,                        -- normalized, as searched
  numero_client    text,                        -- as searched (trimmed)
  email            text NOT NULL CHECK (email = lower(email)),
  mobile           text NOT NULL,               -- the personal mobile, as typed (trimmed)
  langue           text NOT NULL DEFAULT 'fr-FR',
  found_tiers      text[] NOT NULL,             -- companies found, in display order
  chosen_tiers     text[],                      -- companies chosen, in the user's order
  contact_means    jsonb,                       -- [{ id, type, to, masked }] of the chosen companies
  chosen_means     text,                        -- id of the contact means the current code went to
  code_hash        text,                        -- HMAC-SHA-256 of the current code; NULL once used
  code_expires_at  timestamptz,
  code_tries       integer NOT NULL DEFAULT 0,  -- wrong tries on the current code
  code_sent_at     timestamptz,
  verified_at      timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL
);
CREATE INDEX registrations_expires_idx ON registrations (expires_at);
