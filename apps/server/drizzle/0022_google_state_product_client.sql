ALTER TABLE "google_sign_in_states" ALTER COLUMN "integration_account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "google_sign_in_states" ALTER COLUMN "integration_id" DROP NOT NULL;