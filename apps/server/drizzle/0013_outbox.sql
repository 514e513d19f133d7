CREATE TABLE "inbound_messages" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"client_id" uuid,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_messages_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"client_id" uuid,
	"channel" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"provider" text,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_token" uuid,
	"sent_at" timestamp with time zone,
	"delivery_status" text,
	"sent_by_id" uuid,
	"sent_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"provider" text,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_token" uuid,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"client_id" uuid,
	"opted_out" boolean NOT NULL,
	"keyword" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_opt_outs_account_id_location_id_phone_pk" PRIMARY KEY("account_id","location_id","phone")
);
--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_provider_id" ON "inbound_messages" USING btree ("account_id","provider_message_id");--> statement-breakpoint
CREATE INDEX "inbound_messages_location_received" ON "inbound_messages" USING btree ("account_id","location_id","received_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_due" ON "outbox_messages" USING btree ("due_at") WHERE "outbox_messages"."state" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "outbox_messages_location_created" ON "outbox_messages" USING btree ("account_id","location_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_client_created" ON "outbox_messages" USING btree ("account_id","client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_provider_id" ON "outbox_messages" USING btree ("account_id","provider","provider_message_id") WHERE "outbox_messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "product_messages_due" ON "product_messages" USING btree ("due_at") WHERE "product_messages"."state" in ('queued', 'sending');--> statement-breakpoint
-- A queued message wakes the outbox workers of every app server: NOTIFY is delivered when the
-- transaction that queued it commits (never for one rolled back). A statement trigger: a batch of
-- messages is one notice. Workers also poll, for notices missed while a connection was down.
CREATE FUNCTION willow_outbox_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('willow_outbox', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER outbox_messages_notice AFTER INSERT ON outbox_messages
  FOR EACH STATEMENT EXECUTE FUNCTION willow_outbox_notice();
--> statement-breakpoint
CREATE TRIGGER product_messages_notice AFTER INSERT ON product_messages
  FOR EACH STATEMENT EXECUTE FUNCTION willow_outbox_notice();
