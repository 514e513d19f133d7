CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"duration" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "veterinarian_services" (
	"account_id" uuid NOT NULL,
	"veterinarian_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "veterinarian_services_veterinarian_id_service_id_pk" PRIMARY KEY("veterinarian_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "veterinarian_slot_availability" (
	"account_id" uuid NOT NULL,
	"veterinarian_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	CONSTRAINT "veterinarian_slot_availability_veterinarian_id_start_at_pk" PRIMARY KEY("veterinarian_id","start_at")
);
--> statement-breakpoint
CREATE TABLE "schedule_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"date" date NOT NULL,
	"provider_id" uuid,
	"text" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"service_ids" uuid[] DEFAULT '{}' NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"series_id" uuid,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "add_on_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "add_ons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" numeric(12, 2) NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_add_ons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"add_on_id" uuid,
	"name" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"changed_by_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"patient_ids" uuid[] DEFAULT '{}' NOT NULL,
	"service_ids" uuid[] DEFAULT '{}' NOT NULL,
	"primary_provider_id" uuid,
	"secondary_provider_id" uuid,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"address" text,
	"notes" text,
	"cancellation_reason" text,
	"overlap_reason" text,
	"source" text DEFAULT 'staff' NOT NULL,
	"requested_times" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_request_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veterinarian_services" ADD CONSTRAINT "veterinarian_services_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veterinarian_services" ADD CONSTRAINT "veterinarian_services_veterinarian_id_users_id_fk" FOREIGN KEY ("veterinarian_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veterinarian_services" ADD CONSTRAINT "veterinarian_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veterinarian_slot_availability" ADD CONSTRAINT "veterinarian_slot_availability_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veterinarian_slot_availability" ADD CONSTRAINT "veterinarian_slot_availability_veterinarian_id_users_id_fk" FOREIGN KEY ("veterinarian_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_notes" ADD CONSTRAINT "schedule_notes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_notes" ADD CONSTRAINT "schedule_notes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_notes" ADD CONSTRAINT "schedule_notes_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_notes" ADD CONSTRAINT "schedule_notes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_on_categories" ADD CONSTRAINT "add_on_categories_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_on_categories" ADD CONSTRAINT "add_on_categories_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_ons" ADD CONSTRAINT "add_ons_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_ons" ADD CONSTRAINT "add_ons_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_ons" ADD CONSTRAINT "add_ons_category_id_add_on_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."add_on_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_add_ons" ADD CONSTRAINT "appointment_add_ons_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_add_ons" ADD CONSTRAINT "appointment_add_ons_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_add_ons" ADD CONSTRAINT "appointment_add_ons_add_on_id_add_ons_id_fk" FOREIGN KEY ("add_on_id") REFERENCES "public"."add_ons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_status_changes" ADD CONSTRAINT "appointment_status_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_status_changes" ADD CONSTRAINT "appointment_status_changes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_status_changes" ADD CONSTRAINT "appointment_status_changes_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_primary_provider_id_users_id_fk" FOREIGN KEY ("primary_provider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_secondary_provider_id_users_id_fk" FOREIGN KEY ("secondary_provider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_request_log" ADD CONSTRAINT "booking_request_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_request_log" ADD CONSTRAINT "booking_request_log_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_account_id_location_id_type_index" ON "services" USING btree ("account_id","location_id","type");--> statement-breakpoint
CREATE INDEX "veterinarian_services_account_id_service_id_index" ON "veterinarian_services" USING btree ("account_id","service_id");--> statement-breakpoint
CREATE INDEX "veterinarian_slot_availability_account_id_start_at_index" ON "veterinarian_slot_availability" USING btree ("account_id","start_at");--> statement-breakpoint
CREATE INDEX "schedule_notes_account_id_location_id_date_index" ON "schedule_notes" USING btree ("account_id","location_id","date");--> statement-breakpoint
CREATE INDEX "schedule_slots_account_id_location_id_start_at_index" ON "schedule_slots" USING btree ("account_id","location_id","start_at");--> statement-breakpoint
CREATE INDEX "schedule_slots_account_id_series_id_start_at_index" ON "schedule_slots" USING btree ("account_id","series_id","start_at");--> statement-breakpoint
CREATE INDEX "add_on_categories_account_id_location_id_name_index" ON "add_on_categories" USING btree ("account_id","location_id","name");--> statement-breakpoint
CREATE INDEX "add_ons_account_id_location_id_name_index" ON "add_ons" USING btree ("account_id","location_id","name");--> statement-breakpoint
CREATE INDEX "add_ons_account_id_category_id_index" ON "add_ons" USING btree ("account_id","category_id");--> statement-breakpoint
CREATE INDEX "appointment_add_ons_account_id_appointment_id_index" ON "appointment_add_ons" USING btree ("account_id","appointment_id");--> statement-breakpoint
CREATE INDEX "appointment_status_changes_account_id_appointment_id_changed_at_index" ON "appointment_status_changes" USING btree ("account_id","appointment_id","changed_at");--> statement-breakpoint
CREATE INDEX "appointments_account_id_location_id_start_at_index" ON "appointments" USING btree ("account_id","location_id","start_at");--> statement-breakpoint
CREATE INDEX "appointments_account_id_primary_provider_id_start_at_index" ON "appointments" USING btree ("account_id","primary_provider_id","start_at");--> statement-breakpoint
CREATE INDEX "appointments_account_id_secondary_provider_id_start_at_index" ON "appointments" USING btree ("account_id","secondary_provider_id","start_at");--> statement-breakpoint
CREATE INDEX "appointments_account_id_status_location_id_index" ON "appointments" USING btree ("account_id","status","location_id");--> statement-breakpoint
CREATE INDEX "appointments_account_id_client_id_start_at_index" ON "appointments" USING btree ("account_id","client_id","start_at");--> statement-breakpoint
CREATE INDEX "appointments_patient_ids_index" ON "appointments" USING gin ("patient_ids");--> statement-breakpoint
CREATE INDEX "booking_request_log_ip_created_at_index" ON "booking_request_log" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "booking_request_log_location_id_created_at_index" ON "booking_request_log" USING btree ("location_id","created_at");