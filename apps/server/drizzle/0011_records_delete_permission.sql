-- Deleting clinical records for good became a permission of its own (docs/decisions/0058): each
-- account's predefined Administrator role gets it, as new accounts' do; no other role does, so
-- Front Desk, Assistant and Veterinarian archive and cancel instead unless a practice grants it.
UPDATE "roles"
SET "permissions" = array_append("permissions", 'records.delete')
WHERE "predefined" AND "name" = 'Administrator' AND NOT ('records.delete' = ANY ("permissions"));
