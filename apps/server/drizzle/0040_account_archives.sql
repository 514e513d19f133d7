CREATE TABLE "account_archives" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"requested_by_name" text NOT NULL,
	"notify_email" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_token" uuid,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "account_archives_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "account_archives" ADD CONSTRAINT "account_archives_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_archives_one_preparing" ON "account_archives" USING btree ("account_id") WHERE "account_archives"."status" = 'preparing';--> statement-breakpoint
CREATE INDEX "account_archives_list" ON "account_archives" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "account_archives_due" ON "account_archives" USING btree ("claimed_until") WHERE "account_archives"."status" = 'preparing';