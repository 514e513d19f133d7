-- Refunds and deleting billing drafts became a permission of their own (docs/decisions/0132).
-- Until now every signed-in user could do both; the account's predefined Administrator keeps them,
-- as do roles a practice made that manage the account (account.manage: its payment types and
-- subscription), so a practice manager's custom role is not locked out. Front Desk, Assistant and
-- Veterinarian lose them unless a practice grants billing.manage.
UPDATE "roles"
SET "permissions" = array_append("permissions", 'billing.manage')
WHERE (("predefined" AND "name" = 'Administrator') OR 'account.manage' = ANY ("permissions"))
  AND NOT ('billing.manage' = ANY ("permissions"));
