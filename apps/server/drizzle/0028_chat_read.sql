ALTER TABLE "inbound_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "read_by_id" uuid;--> statement-breakpoint
CREATE INDEX "inbound_messages_client_received" ON "inbound_messages" USING btree ("account_id","location_id","client_id","received_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_from_received" ON "inbound_messages" USING btree ("account_id","location_id","from_number","received_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_unread" ON "inbound_messages" USING btree ("account_id","location_id") WHERE "inbound_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_messages_sms_to" ON "outbox_messages" USING btree ("account_id","location_id","to_address","created_at") WHERE "outbox_messages"."channel" = 'sms';