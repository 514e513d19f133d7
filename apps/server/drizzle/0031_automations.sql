CREATE TABLE "automation_claims" (
	"account_id" uuid NOT NULL,
	"automation_id" uuid NOT NULL,
	"claim_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_claims_account_id_automation_id_claim_key_pk" PRIMARY KEY("account_id","automation_id","claim_key")
);
--> statement-breakpoint
CREATE TABLE "automation_queue_items" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"automation_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"occurrence_key" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"due_at" timestamp with time zone NOT NULL,
	"client_id" uuid,
	"patient_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"appointment_id" uuid,
	"invoice_id" uuid,
	"vaccination_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"vaccination_due_ons" text[] DEFAULT '{}'::text[] NOT NULL,
	"appointment_start_at" timestamp with time zone,
	"to_address" text,
	"subject" text,
	"body" text,
	"title" text,
	"notes" text,
	"assigned_to_id" uuid,
	"assigned_role_id" uuid,
	"edited_at" timestamp with time zone,
	"edited_by_id" uuid,
	"sent_at" timestamp with time zone,
	"sent_by_id" uuid,
	"outbox_message_id" uuid,
	"task_id" uuid,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_queue_items_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "automation_queue_items_occurrence" UNIQUE("account_id","automation_id","occurrence_key")
);
--> statement-breakpoint
CREATE TABLE "automations" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"location_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"trigger" text NOT NULL,
	"status" text,
	"offset" integer DEFAULT 0 NOT NULL,
	"offset_unit" text DEFAULT 'days' NOT NULL,
	"send_time" text,
	"service_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"household" boolean DEFAULT false NOT NULL,
	"for_deceased" boolean DEFAULT false NOT NULL,
	"email_template_id" uuid,
	"sms_template_id" uuid,
	"task_title" text,
	"task_notes" text,
	"task_priority" text,
	"task_due_in_days" integer,
	"assigned_to_id" uuid,
	"assigned_role_id" uuid,
	"deleted_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automations_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "automation_claims" ADD CONSTRAINT "automation_claims_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_claims" ADD CONSTRAINT "automation_claims_automation_id_fk" FOREIGN KEY ("account_id","automation_id") REFERENCES "public"."automations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_queue_items" ADD CONSTRAINT "automation_queue_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_queue_items" ADD CONSTRAINT "automation_queue_items_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_queue_items" ADD CONSTRAINT "automation_queue_items_automation_id_fk" FOREIGN KEY ("account_id","automation_id") REFERENCES "public"."automations"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_queue_items" ADD CONSTRAINT "automation_queue_items_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_queue_items" ADD CONSTRAINT "automation_queue_items_appointment_id_fk" FOREIGN KEY ("account_id","appointment_id") REFERENCES "public"."appointments"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_queue_items" ADD CONSTRAINT "automation_queue_items_invoice_id_fk" FOREIGN KEY ("account_id","invoice_id") REFERENCES "public"."invoices"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_queue_items" ADD CONSTRAINT "automation_queue_items_assigned_to_id_fk" FOREIGN KEY ("account_id","assigned_to_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_queue_items" ADD CONSTRAINT "automation_queue_items_assigned_role_id_fk" FOREIGN KEY ("account_id","assigned_role_id") REFERENCES "public"."roles"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_queue_items" ADD CONSTRAINT "automation_queue_items_edited_by_id_fk" FOREIGN KEY ("account_id","edited_by_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_queue_items" ADD CONSTRAINT "automation_queue_items_sent_by_id_fk" FOREIGN KEY ("account_id","sent_by_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_email_template_id_fk" FOREIGN KEY ("account_id","email_template_id") REFERENCES "public"."email_templates"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_sms_template_id_fk" FOREIGN KEY ("account_id","sms_template_id") REFERENCES "public"."sms_templates"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_assigned_to_id_fk" FOREIGN KEY ("account_id","assigned_to_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_assigned_role_id_fk" FOREIGN KEY ("account_id","assigned_role_id") REFERENCES "public"."roles"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_created_by_id_fk" FOREIGN KEY ("account_id","created_by_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_queue_items_waiting" ON "automation_queue_items" USING btree ("account_id","kind","location_id","due_at") WHERE "automation_queue_items"."status" in ('scheduled', 'pending');--> statement-breakpoint
CREATE INDEX "automation_queue_items_done" ON "automation_queue_items" USING btree ("account_id","kind","location_id","updated_at") WHERE "automation_queue_items"."status" not in ('scheduled', 'pending');--> statement-breakpoint
CREATE INDEX "automation_queue_items_due" ON "automation_queue_items" USING btree ("due_at") WHERE "automation_queue_items"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "automation_queue_items_patients" ON "automation_queue_items" USING gin ("patient_ids");--> statement-breakpoint
CREATE INDEX "automation_queue_items_client" ON "automation_queue_items" USING btree ("account_id","client_id") WHERE "automation_queue_items"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "automation_queue_items_appointment" ON "automation_queue_items" USING btree ("account_id","appointment_id") WHERE "automation_queue_items"."appointment_id" is not null;--> statement-breakpoint
CREATE INDEX "automation_queue_items_invoice" ON "automation_queue_items" USING btree ("account_id","invoice_id") WHERE "automation_queue_items"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "automation_queue_items_automation" ON "automation_queue_items" USING btree ("account_id","automation_id","status");--> statement-breakpoint
CREATE INDEX "automation_queue_items_assigned_to" ON "automation_queue_items" USING btree ("account_id","assigned_to_id") WHERE "automation_queue_items"."assigned_to_id" is not null;--> statement-breakpoint
CREATE INDEX "automation_queue_items_assigned_role" ON "automation_queue_items" USING btree ("account_id","assigned_role_id") WHERE "automation_queue_items"."assigned_role_id" is not null;--> statement-breakpoint
CREATE INDEX "automation_queue_items_edited_by" ON "automation_queue_items" USING btree ("account_id","edited_by_id") WHERE "automation_queue_items"."edited_by_id" is not null;--> statement-breakpoint
CREATE INDEX "automation_queue_items_sent_by" ON "automation_queue_items" USING btree ("account_id","sent_by_id") WHERE "automation_queue_items"."sent_by_id" is not null;--> statement-breakpoint
CREATE INDEX "automations_kind_name" ON "automations" USING btree ("account_id","kind",lower("name")) WHERE "automations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "automations_trigger" ON "automations" USING btree ("trigger","account_id") WHERE "automations"."deleted_at" is null and "automations"."active";--> statement-breakpoint
CREATE INDEX "automations_email_template" ON "automations" USING btree ("account_id","email_template_id") WHERE "automations"."email_template_id" is not null;--> statement-breakpoint
CREATE INDEX "automations_sms_template" ON "automations" USING btree ("account_id","sms_template_id") WHERE "automations"."sms_template_id" is not null;--> statement-breakpoint
CREATE INDEX "automations_assigned_to" ON "automations" USING btree ("account_id","assigned_to_id") WHERE "automations"."assigned_to_id" is not null;--> statement-breakpoint
CREATE INDEX "automations_assigned_role" ON "automations" USING btree ("account_id","assigned_role_id") WHERE "automations"."assigned_role_id" is not null;--> statement-breakpoint
CREATE INDEX "automations_created_by" ON "automations" USING btree ("account_id","created_by_id") WHERE "automations"."created_by_id" is not null;