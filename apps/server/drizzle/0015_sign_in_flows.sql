CREATE TABLE "google_sign_in_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"integration_account_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"return_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"account_id" uuid,
	"user_id" uuid,
	"subject_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "google_sign_in_states_expires_at_index" ON "google_sign_in_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_events_bucket_key_created_at_index" ON "rate_events" USING btree ("bucket","key","created_at");--> statement-breakpoint
CREATE INDEX "rate_events_created_at_index" ON "rate_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_tokens_link_hash" ON "sign_in_tokens" USING btree ("token_hash") WHERE "sign_in_tokens"."kind" <> 'otp';--> statement-breakpoint
CREATE INDEX "sign_in_tokens_email" ON "sign_in_tokens" USING btree ("email","kind","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_tokens_expiry" ON "sign_in_tokens" USING btree ("expires_at");