CREATE TABLE "attempt_log" (
	"id" bigserial NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_log_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "booking_form_uses" (
	"account_id" uuid NOT NULL,
	"token_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_form_uses_account_id_token_id_pk" PRIMARY KEY("account_id","token_id")
);
--> statement-breakpoint
ALTER TABLE "attempt_log" ADD CONSTRAINT "attempt_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_form_uses" ADD CONSTRAINT "booking_form_uses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_log_account_id_kind_subject_id_created_at_index" ON "attempt_log" USING btree ("account_id","kind","subject_id","created_at");--> statement-breakpoint
CREATE INDEX "attempt_log_created_at_index" ON "attempt_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "booking_form_uses_expires_at_index" ON "booking_form_uses" USING btree ("expires_at");