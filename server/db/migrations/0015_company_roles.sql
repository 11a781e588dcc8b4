-- Roles (issue 29): what an account may do in each of its companies, per link (the permission
-- table is src/contract/permissions.ts). Every link so far was its account's own company: owner.
-- Registration writes `owner` itself; the default only fills the links made before this migration
-- and the ones written without a role (an invitation always names its role).
ALTER TABLE account_companies ADD COLUMN role text NOT NULL DEFAULT 'owner'
  CONSTRAINT account_companies_role_check CHECK (role IN ('owner', 'full', 'accountant', 'workshop', 'read-only'));
-- A role change notifies `account_companies:<uuid_compte>` (the trigger of 0008 fires on UPDATE),
-- which drops the cached role of that account's requests (server/http/roles.ts).
