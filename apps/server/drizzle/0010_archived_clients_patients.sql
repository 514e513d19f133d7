DROP INDEX "clients_account_location_first_name";--> statement-breakpoint
DROP INDEX "patients_account_location_name";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "clients_account_location_first_name" ON "clients" USING btree ("account_id","location_id",lower("first_name"),lower("last_name"),"id","archived_at");--> statement-breakpoint
CREATE INDEX "patients_account_location_name" ON "patients" USING btree ("account_id","location_id",lower("name"),"id","archived_at");