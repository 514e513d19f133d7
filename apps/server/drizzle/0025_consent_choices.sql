ALTER TABLE "appointments" ADD COLUMN "cremation_type" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "ashes_disposition" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "choices_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "choices_accepted_by_id" uuid;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_choices_accepted_by_id_fk" FOREIGN KEY ("account_id","choices_accepted_by_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;