DROP INDEX "clients_location_first_name";--> statement-breakpoint
DROP INDEX "patients_location_name";--> statement-breakpoint
CREATE INDEX "clients_account_location_first_name" ON "clients" USING btree ("account_id","location_id",lower("first_name"),lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "patients_account_location_name" ON "patients" USING btree ("account_id","location_id",lower("name"),"id");