CREATE TABLE "quickbooks_oauth_states" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"state_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quickbooks_oauth_states_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "quickbooks_oauth_states" ADD CONSTRAINT "quickbooks_oauth_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_oauth_states" ADD CONSTRAINT "quickbooks_oauth_states_integration_id_fk" FOREIGN KEY ("account_id","integration_id") REFERENCES "public"."integrations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quickbooks_oauth_states_hash_unique" ON "quickbooks_oauth_states" USING btree ("account_id","state_hash");--> statement-breakpoint
CREATE INDEX "quickbooks_oauth_states_expiry" ON "quickbooks_oauth_states" USING btree ("account_id","expires_at");