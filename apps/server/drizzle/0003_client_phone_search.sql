-- Each phone's digits are kept without spaces, so a number typed with any punctuation matches.
ALTER TABLE "clients" drop column "search_text";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || coalesce(email, '')) || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') || ' ' || regexp_replace(coalesce(alternate_phone, ''), '[^0-9]', '', 'g')) STORED NOT NULL;--> statement-breakpoint
-- Dropping the column dropped its index.
CREATE INDEX "clients_search_trgm" ON "clients" USING gin ("search_text" gin_trgm_ops);
