CREATE TABLE "tasks" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"title" text NOT NULL,
	"notes" text,
	"due_at" timestamp with time zone,
	"priority" text DEFAULT 'normal' NOT NULL,
	"assigned_to_id" uuid,
	"assigned_role_id" uuid,
	"client_id" uuid,
	"patient_id" uuid,
	"appointment_id" uuid,
	"invoice_id" uuid,
	"completed_at" timestamp with time zone,
	"completed_by_id" uuid,
	"deleted_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_to_id_fk" FOREIGN KEY ("account_id","assigned_to_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_role_id_fk" FOREIGN KEY ("account_id","assigned_role_id") REFERENCES "public"."roles"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_patient_id_fk" FOREIGN KEY ("account_id","patient_id") REFERENCES "public"."patients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_appointment_id_fk" FOREIGN KEY ("account_id","appointment_id") REFERENCES "public"."appointments"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_invoice_id_fk" FOREIGN KEY ("account_id","invoice_id") REFERENCES "public"."invoices"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_completed_by_id_fk" FOREIGN KEY ("account_id","completed_by_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_id_fk" FOREIGN KEY ("account_id","created_by_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_open_location_due" ON "tasks" USING btree ("account_id","location_id","due_at") WHERE "tasks"."completed_at" is null and "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_open_assignee" ON "tasks" USING btree ("account_id","assigned_to_id","location_id") WHERE "tasks"."completed_at" is null and "tasks"."deleted_at" is null and "tasks"."assigned_to_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_open_role" ON "tasks" USING btree ("account_id","assigned_role_id","location_id") WHERE "tasks"."completed_at" is null and "tasks"."deleted_at" is null and "tasks"."assigned_role_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_completed_location" ON "tasks" USING btree ("account_id","location_id","completed_at") WHERE "tasks"."completed_at" is not null and "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_client" ON "tasks" USING btree ("account_id","client_id") WHERE "tasks"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_patient" ON "tasks" USING btree ("account_id","patient_id") WHERE "tasks"."patient_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_appointment" ON "tasks" USING btree ("account_id","appointment_id") WHERE "tasks"."appointment_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_invoice" ON "tasks" USING btree ("account_id","invoice_id") WHERE "tasks"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_completed_by" ON "tasks" USING btree ("account_id","completed_by_id") WHERE "tasks"."completed_by_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_created_by" ON "tasks" USING btree ("account_id","created_by_id") WHERE "tasks"."created_by_id" is not null;