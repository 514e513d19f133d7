ALTER TABLE "estimate_items" ADD COLUMN "item_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "item_id" uuid;--> statement-breakpoint
CREATE INDEX "estimate_items_account_id_item_id_index" ON "estimate_items" USING btree ("account_id","item_id") WHERE "estimate_items"."item_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_items_account_id_item_id_index" ON "invoice_items" USING btree ("account_id","item_id") WHERE "invoice_items"."item_id" is not null;