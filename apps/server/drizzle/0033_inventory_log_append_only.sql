-- Security-critical: the inventory log (the controlled-drug ledger among it) is append-only
-- (docs/decisions/0218). No code path, future feature or manual fix in SQL changes or removes an
-- entry: a mistake is corrected by a new entry naming it. The references of an entry restrict, so
-- nothing a delete elsewhere clears ever tries to update one either.
CREATE FUNCTION willow_inventory_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'inventory log entries are never changed';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER inventory_movements_append_only BEFORE UPDATE OR DELETE ON inventory_movements
  FOR EACH ROW EXECUTE FUNCTION willow_inventory_log_append_only();
--> statement-breakpoint
-- The inventory catalogue, write-offs, counts and corrections became a permission (docs/decisions/0219).
-- New accounts' Administrator gets every account permission; existing accounts' predefined
-- Administrator gets it here. Other roles get it when a practice grants it.
UPDATE "roles"
SET "permissions" = array_append("permissions", 'inventory.manage')
WHERE "predefined" AND "name" = 'Administrator'
  AND NOT ('inventory.manage' = ANY ("permissions"));
