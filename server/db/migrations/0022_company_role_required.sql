-- Issue 29: a link between an account and a company always says its role. 0015's default filled the
-- links made before roles existed; every writer now names the role (registration `owner`, an
-- invitation its own, the demo seed and the tests theirs), so a link written without one fails
-- instead of quietly making its account an owner, the widest role of the permission table.
ALTER TABLE account_companies ALTER COLUMN role DROP DEFAULT;
