CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"alternate_phone" text,
	"address" text,
	"notes" text,
	"primary_veterinarian_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || coalesce(email, '')) || ' ' || regexp_replace(coalesce(phone, '') || ' ' || coalesce(alternate_phone, ''), '[^0-9 ]', '', 'g')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"name" text NOT NULL,
	"species_id" uuid NOT NULL,
	"breed" text,
	"sex" text DEFAULT 'unknown' NOT NULL,
	"neutered" boolean DEFAULT false NOT NULL,
	"date_of_birth" date,
	"weight_kg" numeric(7, 2),
	"microchip" text,
	"colour" text,
	"alerts" text[] DEFAULT '{}' NOT NULL,
	"notes" text,
	"deceased_on" date,
	"deceased_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"drug" text NOT NULL,
	"dose" text NOT NULL,
	"frequency" text NOT NULL,
	"quantity" text NOT NULL,
	"refills" integer DEFAULT 0 NOT NULL,
	"prescriber_id" uuid,
	"prescribed_on" date NOT NULL,
	"expires_on" date,
	"instructions" text
);
--> statement-breakpoint
CREATE TABLE "vaccinations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vaccine" text NOT NULL,
	"given_on" date NOT NULL,
	"next_due_on" date,
	"lot_number" text,
	"serial_number" text,
	"provider_id" uuid,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "contact_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"survivor_id" uuid NOT NULL,
	"merged_ids" uuid[] NOT NULL,
	"survivor_before" jsonb NOT NULL,
	"moved_references" jsonb NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"organisation" text,
	"category" text DEFAULT 'other' NOT NULL,
	"email" text,
	"phone" text,
	"address" text,
	"notes" text,
	"client_id" uuid,
	"merged_into_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"patient_id" uuid,
	"contact_id" uuid,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"description" text,
	"uploaded_by_id" uuid,
	"uploaded_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_primary_veterinarian_id_users_id_fk" FOREIGN KEY ("primary_veterinarian_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_species_id_species_id_fk" FOREIGN KEY ("species_id") REFERENCES "public"."species"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_prescriber_id_users_id_fk" FOREIGN KEY ("prescriber_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_merges" ADD CONSTRAINT "contact_merges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_account_id_index" ON "clients" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "clients_location_first_name" ON "clients" USING btree ("location_id",lower("first_name"),lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "clients_search_trgm" ON "clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "clients_location_email_unique" ON "clients" USING btree ("location_id",lower("email")) WHERE "clients"."email" is not null;--> statement-breakpoint
CREATE INDEX "patients_account_id_index" ON "patients" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "patients_client_id_index" ON "patients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "patients_location_name" ON "patients" USING btree ("location_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "patients_account_name_prefix" ON "patients" USING btree ("account_id",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_account_microchip" ON "patients" USING btree ("account_id","microchip");--> statement-breakpoint
CREATE INDEX "patients_deceased" ON "patients" USING btree ("account_id","deceased_on");--> statement-breakpoint
CREATE INDEX "prescriptions_account_id_index" ON "prescriptions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "prescriptions_patient_id_index" ON "prescriptions" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "prescriptions_client_id_index" ON "prescriptions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "prescriptions_location_id_prescribed_on_index" ON "prescriptions" USING btree ("location_id","prescribed_on");--> statement-breakpoint
CREATE INDEX "vaccinations_account_id_index" ON "vaccinations" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "vaccinations_patient_id_index" ON "vaccinations" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "vaccinations_client_id_index" ON "vaccinations" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "vaccinations_location_id_next_due_on_index" ON "vaccinations" USING btree ("location_id","next_due_on");--> statement-breakpoint
CREATE INDEX "contact_merges_account_id_created_at_index" ON "contact_merges" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "contacts_account_id_index" ON "contacts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "contacts_account_name" ON "contacts" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "contacts_client_id_index" ON "contacts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "documents_account_id_index" ON "documents" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "documents_client_id_created_at_index" ON "documents" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_patient_id_index" ON "documents" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "documents_contact_id_index" ON "documents" USING btree ("contact_id");