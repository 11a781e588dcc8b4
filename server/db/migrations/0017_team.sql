-- A company's team (issue 29, step 2): a member can be suspended or given a last day of access by
-- the company's owner, and an owner invites new members by e-mail.
ALTER TABLE account_companies
  ADD COLUMN suspended_at timestamptz,
  -- Last day of access (the database's calendar): the role check refuses once it is over.
  ADD COLUMN ends_on date;

-- An invitation to one company with one role, bound to the address it was sent to: its link (the
-- token's hash is kept, never the token) works once, for 7 days; resending draws a new token.
CREATE TABLE company_invitations (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  id_tier     text NOT NULL REFERENCES companies (id_tier) ON DELETE CASCADE,
  email       text NOT NULL,
  role        text NOT NULL CHECK (role IN ('owner', 'full', 'accountant', 'workshop', 'read-only')),
  ends_on     date,
  token_hash  text NOT NULL UNIQUE,
  invited_by  uuid REFERENCES accounts (uuid_compte) ON DELETE SET NULL,
  -- The language of the invitation's mails and the page its link leads to (the inviter's page's).
  langue      text NOT NULL,
  link_path   text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  accepted_at timestamptz,
  revoked_at  timestamptz
);
-- One open invitation per company and address: inviting again resends it.
CREATE UNIQUE INDEX company_invitations_open ON company_invitations (id_tier, email)
  WHERE accepted_at IS NULL AND revoked_at IS NULL;
