-- Composite tenant keys (docs/decisions/0042): every tenant table's primary key, unique constraints
-- and references between tenant tables include account_id, so a row can never point at another
-- account's row and every table can be distributed by account. Sign-in's email lookup moves to the
-- global user_emails table. Written by hand around drizzle-kit's output: old keys go before new ones
-- are made, and the data of an existing database is carried over in between.
CREATE TABLE "user_emails" (
	"email" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "location_species" DROP CONSTRAINT "location_species_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "location_species" DROP CONSTRAINT "location_species_species_id_species_id_fk";
--> statement-breakpoint
ALTER TABLE "user_locations" DROP CONSTRAINT "user_locations_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_locations" DROP CONSTRAINT "user_locations_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_id_roles_id_fk";
--> statement-breakpoint
ALTER TABLE "user_system_roles" DROP CONSTRAINT "user_system_roles_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_system_roles" DROP CONSTRAINT "user_system_roles_system_role_id_system_roles_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_primary_veterinarian_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "patients" DROP CONSTRAINT "patients_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "patients" DROP CONSTRAINT "patients_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "patients" DROP CONSTRAINT "patients_species_id_species_id_fk";
--> statement-breakpoint
ALTER TABLE "prescriptions" DROP CONSTRAINT "prescriptions_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "prescriptions" DROP CONSTRAINT "prescriptions_patient_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "prescriptions" DROP CONSTRAINT "prescriptions_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "prescriptions" DROP CONSTRAINT "prescriptions_prescriber_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "vaccinations" DROP CONSTRAINT "vaccinations_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "vaccinations" DROP CONSTRAINT "vaccinations_patient_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "vaccinations" DROP CONSTRAINT "vaccinations_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "vaccinations" DROP CONSTRAINT "vaccinations_provider_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_patient_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "veterinarian_services" DROP CONSTRAINT "veterinarian_services_veterinarian_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "veterinarian_services" DROP CONSTRAINT "veterinarian_services_service_id_services_id_fk";
--> statement-breakpoint
ALTER TABLE "veterinarian_slot_availability" DROP CONSTRAINT "veterinarian_slot_availability_veterinarian_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "schedule_notes" DROP CONSTRAINT "schedule_notes_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "schedule_notes" DROP CONSTRAINT "schedule_notes_provider_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "schedule_notes" DROP CONSTRAINT "schedule_notes_created_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "schedule_slots" DROP CONSTRAINT "schedule_slots_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "schedule_slots" DROP CONSTRAINT "schedule_slots_created_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "add_on_categories" DROP CONSTRAINT "add_on_categories_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "add_ons" DROP CONSTRAINT "add_ons_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "add_ons" DROP CONSTRAINT "add_ons_category_id_add_on_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "appointment_add_ons" DROP CONSTRAINT "appointment_add_ons_appointment_id_appointments_id_fk";
--> statement-breakpoint
ALTER TABLE "appointment_add_ons" DROP CONSTRAINT "appointment_add_ons_add_on_id_add_ons_id_fk";
--> statement-breakpoint
ALTER TABLE "appointment_status_changes" DROP CONSTRAINT "appointment_status_changes_appointment_id_appointments_id_fk";
--> statement-breakpoint
ALTER TABLE "appointment_status_changes" DROP CONSTRAINT "appointment_status_changes_changed_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_primary_provider_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_secondary_provider_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_created_by_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "booking_request_log" DROP CONSTRAINT "booking_request_log_location_id_locations_id_fk";
--> statement-breakpoint
DROP INDEX "location_species_account_id_index";
--> statement-breakpoint
DROP INDEX "locations_account_id_index";
--> statement-breakpoint
DROP INDEX "user_locations_account_id_index";
--> statement-breakpoint
DROP INDEX "user_locations_location_id_index";
--> statement-breakpoint
DROP INDEX "users_account_id_index";
--> statement-breakpoint
DROP INDEX "users_email_unique";
--> statement-breakpoint
DROP INDEX "roles_account_id_index";
--> statement-breakpoint
DROP INDEX "user_roles_account_id_index";
--> statement-breakpoint
DROP INDEX "user_roles_role_id_index";
--> statement-breakpoint
DROP INDEX "sessions_user_id_index";
--> statement-breakpoint
DROP INDEX "sessions_account_id_index";
--> statement-breakpoint
DROP INDEX "clients_account_id_index";
--> statement-breakpoint
DROP INDEX "patients_account_id_index";
--> statement-breakpoint
DROP INDEX "patients_client_id_index";
--> statement-breakpoint
DROP INDEX "prescriptions_account_id_index";
--> statement-breakpoint
DROP INDEX "prescriptions_patient_id_index";
--> statement-breakpoint
DROP INDEX "prescriptions_client_id_index";
--> statement-breakpoint
DROP INDEX "prescriptions_location_id_prescribed_on_index";
--> statement-breakpoint
DROP INDEX "vaccinations_account_id_index";
--> statement-breakpoint
DROP INDEX "vaccinations_patient_id_index";
--> statement-breakpoint
DROP INDEX "vaccinations_client_id_index";
--> statement-breakpoint
DROP INDEX "vaccinations_location_id_next_due_on_index";
--> statement-breakpoint
DROP INDEX "contacts_account_id_index";
--> statement-breakpoint
DROP INDEX "contacts_client_id_index";
--> statement-breakpoint
DROP INDEX "documents_account_id_index";
--> statement-breakpoint
DROP INDEX "documents_client_id_created_at_index";
--> statement-breakpoint
DROP INDEX "documents_patient_id_index";
--> statement-breakpoint
DROP INDEX "documents_contact_id_index";
--> statement-breakpoint
DROP INDEX "booking_request_log_location_id_created_at_index";
--> statement-breakpoint
DROP INDEX "clients_location_email_unique";
--> statement-breakpoint
ALTER TABLE "location_species" DROP CONSTRAINT "location_species_location_id_species_id_pk";
--> statement-breakpoint
ALTER TABLE "user_locations" DROP CONSTRAINT "user_locations_user_id_location_id_pk";
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_user_id_role_id_pk";
--> statement-breakpoint
ALTER TABLE "user_system_roles" DROP CONSTRAINT "user_system_roles_user_id_system_role_id_pk";
--> statement-breakpoint
ALTER TABLE "veterinarian_services" DROP CONSTRAINT "veterinarian_services_veterinarian_id_service_id_pk";
--> statement-breakpoint
ALTER TABLE "veterinarian_slot_availability" DROP CONSTRAINT "veterinarian_slot_availability_veterinarian_id_start_at_pk";
--> statement-breakpoint
ALTER TABLE "locations" DROP CONSTRAINT "locations_pkey";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_pkey";
--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_pkey";
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_pkey";
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_pkey";
--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_pkey";
--> statement-breakpoint
ALTER TABLE "patients" DROP CONSTRAINT "patients_pkey";
--> statement-breakpoint
ALTER TABLE "prescriptions" DROP CONSTRAINT "prescriptions_pkey";
--> statement-breakpoint
ALTER TABLE "vaccinations" DROP CONSTRAINT "vaccinations_pkey";
--> statement-breakpoint
ALTER TABLE "contact_merges" DROP CONSTRAINT "contact_merges_pkey";
--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_pkey";
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_pkey";
--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_pkey";
--> statement-breakpoint
ALTER TABLE "schedule_notes" DROP CONSTRAINT "schedule_notes_pkey";
--> statement-breakpoint
ALTER TABLE "schedule_slots" DROP CONSTRAINT "schedule_slots_pkey";
--> statement-breakpoint
ALTER TABLE "add_on_categories" DROP CONSTRAINT "add_on_categories_pkey";
--> statement-breakpoint
ALTER TABLE "add_ons" DROP CONSTRAINT "add_ons_pkey";
--> statement-breakpoint
ALTER TABLE "appointment_add_ons" DROP CONSTRAINT "appointment_add_ons_pkey";
--> statement-breakpoint
ALTER TABLE "appointment_status_changes" DROP CONSTRAINT "appointment_status_changes_pkey";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_pkey";
--> statement-breakpoint
ALTER TABLE "booking_request_log" DROP CONSTRAINT "booking_request_log_pkey";
--> statement-breakpoint
-- Data carried over, so an existing data folder upgrades in place.
-- System roles are held in the holder's own account.
ALTER TABLE "user_system_roles" ADD COLUMN "account_id" uuid;
--> statement-breakpoint
UPDATE "user_system_roles" SET "account_id" = "users"."account_id" FROM "users" WHERE "users"."id" = "user_system_roles"."user_id";
--> statement-breakpoint
ALTER TABLE "user_system_roles" ALTER COLUMN "account_id" SET NOT NULL;
--> statement-breakpoint
-- A session now lives in its user's own account and says separately where it is working.
ALTER TABLE "sessions" ADD COLUMN "working_account_id" uuid;
--> statement-breakpoint
UPDATE "sessions" SET "working_account_id" = "account_id";
--> statement-breakpoint
UPDATE "sessions" SET "account_id" = "users"."account_id" FROM "users" WHERE "users"."id" = "sessions"."user_id";
--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "working_account_id" SET NOT NULL;
--> statement-breakpoint
-- The global email directory, from the users there are.
INSERT INTO "user_emails" ("email", "account_id", "user_id") SELECT lower("email"), "account_id", "id" FROM "users";
--> statement-breakpoint
ALTER TABLE "location_species" ADD CONSTRAINT "location_species_account_id_location_id_species_id_pk" PRIMARY KEY("account_id","location_id","species_id");
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_account_id_user_id_location_id_pk" PRIMARY KEY("account_id","user_id","location_id");
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_account_id_user_id_role_id_pk" PRIMARY KEY("account_id","user_id","role_id");
--> statement-breakpoint
ALTER TABLE "user_system_roles" ADD CONSTRAINT "user_system_roles_account_id_user_id_system_role_id_pk" PRIMARY KEY("account_id","user_id","system_role_id");
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "contact_merges" ADD CONSTRAINT "contact_merges_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "veterinarian_services" ADD CONSTRAINT "veterinarian_services_account_id_veterinarian_id_service_id_pk" PRIMARY KEY("account_id","veterinarian_id","service_id");
--> statement-breakpoint
ALTER TABLE "veterinarian_slot_availability" ADD CONSTRAINT "veterinarian_slot_availability_pk" PRIMARY KEY("account_id","veterinarian_id","start_at");
--> statement-breakpoint
ALTER TABLE "schedule_notes" ADD CONSTRAINT "schedule_notes_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "add_on_categories" ADD CONSTRAINT "add_on_categories_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "add_ons" ADD CONSTRAINT "add_ons_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "appointment_add_ons" ADD CONSTRAINT "appointment_add_ons_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "appointment_status_changes" ADD CONSTRAINT "appointment_status_changes_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "booking_request_log" ADD CONSTRAINT "booking_request_log_account_id_id_pk" PRIMARY KEY("account_id","id");
--> statement-breakpoint
ALTER TABLE "user_emails" ADD CONSTRAINT "user_emails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "location_species" ADD CONSTRAINT "location_species_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "location_species" ADD CONSTRAINT "location_species_species_id_fk" FOREIGN KEY ("species_id") REFERENCES "public"."species"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."users"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."users"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_fk" FOREIGN KEY ("account_id","role_id") REFERENCES "public"."roles"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_system_roles" ADD CONSTRAINT "user_system_roles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_system_roles" ADD CONSTRAINT "user_system_roles_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."users"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_system_roles" ADD CONSTRAINT "user_system_roles_system_role_id_fk" FOREIGN KEY ("system_role_id") REFERENCES "public"."system_roles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."users"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_working_account_id_fk" FOREIGN KEY ("working_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_primary_veterinarian_id_fk" FOREIGN KEY ("account_id","primary_veterinarian_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_species_id_fk" FOREIGN KEY ("species_id") REFERENCES "public"."species"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_patient_id_fk" FOREIGN KEY ("account_id","patient_id") REFERENCES "public"."patients"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_prescriber_id_fk" FOREIGN KEY ("account_id","prescriber_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_patient_id_fk" FOREIGN KEY ("account_id","patient_id") REFERENCES "public"."patients"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_provider_id_fk" FOREIGN KEY ("account_id","provider_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_patient_id_fk" FOREIGN KEY ("account_id","patient_id") REFERENCES "public"."patients"("account_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_contact_id_fk" FOREIGN KEY ("account_id","contact_id") REFERENCES "public"."contacts"("account_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "veterinarian_services" ADD CONSTRAINT "veterinarian_services_veterinarian_id_fk" FOREIGN KEY ("account_id","veterinarian_id") REFERENCES "public"."users"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "veterinarian_services" ADD CONSTRAINT "veterinarian_services_service_id_fk" FOREIGN KEY ("account_id","service_id") REFERENCES "public"."services"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "veterinarian_slot_availability" ADD CONSTRAINT "veterinarian_slot_availability_veterinarian_id_fk" FOREIGN KEY ("account_id","veterinarian_id") REFERENCES "public"."users"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "schedule_notes" ADD CONSTRAINT "schedule_notes_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "schedule_notes" ADD CONSTRAINT "schedule_notes_provider_id_fk" FOREIGN KEY ("account_id","provider_id") REFERENCES "public"."users"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "schedule_notes" ADD CONSTRAINT "schedule_notes_created_by_id_fk" FOREIGN KEY ("account_id","created_by_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_created_by_id_fk" FOREIGN KEY ("account_id","created_by_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "add_on_categories" ADD CONSTRAINT "add_on_categories_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "add_ons" ADD CONSTRAINT "add_ons_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "add_ons" ADD CONSTRAINT "add_ons_category_id_fk" FOREIGN KEY ("account_id","category_id") REFERENCES "public"."add_on_categories"("account_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointment_add_ons" ADD CONSTRAINT "appointment_add_ons_appointment_id_fk" FOREIGN KEY ("account_id","appointment_id") REFERENCES "public"."appointments"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointment_add_ons" ADD CONSTRAINT "appointment_add_ons_add_on_id_fk" FOREIGN KEY ("account_id","add_on_id") REFERENCES "public"."add_ons"("account_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointment_status_changes" ADD CONSTRAINT "appointment_status_changes_appointment_id_fk" FOREIGN KEY ("account_id","appointment_id") REFERENCES "public"."appointments"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointment_status_changes" ADD CONSTRAINT "appointment_status_changes_changed_by_id_fk" FOREIGN KEY ("account_id","changed_by_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_primary_provider_id_fk" FOREIGN KEY ("account_id","primary_provider_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_secondary_provider_id_fk" FOREIGN KEY ("account_id","secondary_provider_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_created_by_id_fk" FOREIGN KEY ("account_id","created_by_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_request_log" ADD CONSTRAINT "booking_request_log_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "user_emails_account_id_user_id_index" ON "user_emails" USING btree ("account_id","user_id");
--> statement-breakpoint
CREATE INDEX "user_locations_account_id_location_id_index" ON "user_locations" USING btree ("account_id","location_id");
--> statement-breakpoint
CREATE INDEX "user_roles_account_id_role_id_index" ON "user_roles" USING btree ("account_id","role_id");
--> statement-breakpoint
CREATE INDEX "sessions_account_id_user_id_index" ON "sessions" USING btree ("account_id","user_id");
--> statement-breakpoint
CREATE INDEX "sessions_expires_at_index" ON "sessions" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "patients_account_id_client_id_index" ON "patients" USING btree ("account_id","client_id");
--> statement-breakpoint
CREATE INDEX "prescriptions_account_id_patient_id_index" ON "prescriptions" USING btree ("account_id","patient_id");
--> statement-breakpoint
CREATE INDEX "prescriptions_account_id_client_id_index" ON "prescriptions" USING btree ("account_id","client_id");
--> statement-breakpoint
CREATE INDEX "prescriptions_account_id_location_id_prescribed_on_index" ON "prescriptions" USING btree ("account_id","location_id","prescribed_on");
--> statement-breakpoint
CREATE INDEX "vaccinations_account_id_patient_id_index" ON "vaccinations" USING btree ("account_id","patient_id");
--> statement-breakpoint
CREATE INDEX "vaccinations_account_id_client_id_index" ON "vaccinations" USING btree ("account_id","client_id");
--> statement-breakpoint
CREATE INDEX "vaccinations_account_id_location_id_next_due_on_index" ON "vaccinations" USING btree ("account_id","location_id","next_due_on");
--> statement-breakpoint
CREATE INDEX "contacts_account_id_client_id_index" ON "contacts" USING btree ("account_id","client_id");
--> statement-breakpoint
CREATE INDEX "documents_account_id_client_id_created_at_index" ON "documents" USING btree ("account_id","client_id","created_at");
--> statement-breakpoint
CREATE INDEX "documents_account_id_patient_id_index" ON "documents" USING btree ("account_id","patient_id");
--> statement-breakpoint
CREATE INDEX "documents_account_id_contact_id_index" ON "documents" USING btree ("account_id","contact_id");
--> statement-breakpoint
CREATE INDEX "appointment_add_ons_account_id_add_on_id_index" ON "appointment_add_ons" USING btree ("account_id","add_on_id");
--> statement-breakpoint
CREATE INDEX "booking_request_log_account_id_location_id_created_at_index" ON "booking_request_log" USING btree ("account_id","location_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "clients_location_email_unique" ON "clients" USING btree ("account_id","location_id",lower("email")) WHERE "clients"."email" is not null;
