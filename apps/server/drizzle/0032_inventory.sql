CREATE TABLE "inventory_movements" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "inventory_movements_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"lot_id" uuid,
	"type" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"balance" numeric(14, 3) NOT NULL,
	"reason" text,
	"patient_id" uuid,
	"appointment_id" uuid,
	"invoice_id" uuid,
	"invoice_item_id" uuid,
	"transfer_id" uuid,
	"corrects_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_movements_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "item_add_on_draws" (
	"account_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"add_on_id" uuid NOT NULL,
	"quantity" numeric(14, 3) DEFAULT 1 NOT NULL,
	CONSTRAINT "item_add_on_draws_account_id_item_id_add_on_id_pk" PRIMARY KEY("account_id","item_id","add_on_id")
);
--> statement-breakpoint
CREATE TABLE "item_locations" (
	"account_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"reorder_point" numeric(14, 3) DEFAULT 0 NOT NULL,
	"reorder_to" numeric(14, 3) DEFAULT 0 NOT NULL,
	"tax_code_id" uuid,
	CONSTRAINT "item_locations_account_id_item_id_location_id_pk" PRIMARY KEY("account_id","item_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "item_stocks" (
	"account_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"on_hand" numeric(14, 3) DEFAULT 0 NOT NULL,
	CONSTRAINT "item_stocks_account_id_item_id_location_id_pk" PRIMARY KEY("account_id","item_id","location_id"),
	CONSTRAINT "item_stocks_on_hand_not_negative" CHECK ("item_stocks"."on_hand" >= 0)
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"sku" text,
	"barcode" text,
	"purchase_unit" text DEFAULT 'unit' NOT NULL,
	"sell_unit" text DEFAULT 'unit' NOT NULL,
	"units_per_purchase" integer DEFAULT 1 NOT NULL,
	"whole_units" boolean DEFAULT true NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"sell_price" integer DEFAULT 0 NOT NULL,
	"controlled" boolean DEFAULT false NOT NULL,
	"supplier_id" uuid,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"lot_number" text,
	"expires_on" date,
	"received_on" date NOT NULL,
	"on_hand" numeric(14, 3) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lots_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "lots_on_hand_not_negative" CHECK ("lots"."on_hand" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_item_id_fk" FOREIGN KEY ("account_id","item_id") REFERENCES "public"."items"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_lot_id_fk" FOREIGN KEY ("account_id","lot_id") REFERENCES "public"."lots"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_patient_id_fk" FOREIGN KEY ("account_id","patient_id") REFERENCES "public"."patients"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_appointment_id_fk" FOREIGN KEY ("account_id","appointment_id") REFERENCES "public"."appointments"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_invoice_id_fk" FOREIGN KEY ("account_id","invoice_id") REFERENCES "public"."invoices"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_invoice_item_id_fk" FOREIGN KEY ("account_id","invoice_item_id") REFERENCES "public"."invoice_items"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_corrects_id_fk" FOREIGN KEY ("account_id","corrects_id") REFERENCES "public"."inventory_movements"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."users"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_add_on_draws" ADD CONSTRAINT "item_add_on_draws_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_add_on_draws" ADD CONSTRAINT "item_add_on_draws_item_id_fk" FOREIGN KEY ("account_id","item_id") REFERENCES "public"."items"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_add_on_draws" ADD CONSTRAINT "item_add_on_draws_add_on_id_fk" FOREIGN KEY ("account_id","add_on_id") REFERENCES "public"."add_ons"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_locations" ADD CONSTRAINT "item_locations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_locations" ADD CONSTRAINT "item_locations_item_id_fk" FOREIGN KEY ("account_id","item_id") REFERENCES "public"."items"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_locations" ADD CONSTRAINT "item_locations_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_locations" ADD CONSTRAINT "item_locations_tax_code_id_fk" FOREIGN KEY ("account_id","tax_code_id") REFERENCES "public"."tax_codes"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_stocks" ADD CONSTRAINT "item_stocks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_stocks" ADD CONSTRAINT "item_stocks_item_id_fk" FOREIGN KEY ("account_id","item_id") REFERENCES "public"."items"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_stocks" ADD CONSTRAINT "item_stocks_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_supplier_id_fk" FOREIGN KEY ("account_id","supplier_id") REFERENCES "public"."contacts"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_item_id_fk" FOREIGN KEY ("account_id","item_id") REFERENCES "public"."items"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_movements_order" ON "inventory_movements" USING btree ("account_id","seq");--> statement-breakpoint
CREATE INDEX "inventory_movements_item_location" ON "inventory_movements" USING btree ("account_id","item_id","location_id","seq");--> statement-breakpoint
CREATE INDEX "inventory_movements_location" ON "inventory_movements" USING btree ("account_id","location_id","seq");--> statement-breakpoint
CREATE INDEX "inventory_movements_lot" ON "inventory_movements" USING btree ("account_id","lot_id") WHERE "inventory_movements"."lot_id" is not null;--> statement-breakpoint
CREATE INDEX "inventory_movements_patient" ON "inventory_movements" USING btree ("account_id","patient_id") WHERE "inventory_movements"."patient_id" is not null;--> statement-breakpoint
CREATE INDEX "inventory_movements_appointment" ON "inventory_movements" USING btree ("account_id","appointment_id") WHERE "inventory_movements"."appointment_id" is not null;--> statement-breakpoint
CREATE INDEX "inventory_movements_invoice" ON "inventory_movements" USING btree ("account_id","invoice_id") WHERE "inventory_movements"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "inventory_movements_invoice_item" ON "inventory_movements" USING btree ("account_id","invoice_item_id") WHERE "inventory_movements"."invoice_item_id" is not null;--> statement-breakpoint
CREATE INDEX "inventory_movements_corrects" ON "inventory_movements" USING btree ("account_id","corrects_id") WHERE "inventory_movements"."corrects_id" is not null;--> statement-breakpoint
CREATE INDEX "inventory_movements_user" ON "inventory_movements" USING btree ("account_id","user_id") WHERE "inventory_movements"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "item_add_on_draws_add_on" ON "item_add_on_draws" USING btree ("account_id","add_on_id");--> statement-breakpoint
CREATE INDEX "item_locations_location" ON "item_locations" USING btree ("account_id","location_id");--> statement-breakpoint
CREATE INDEX "item_locations_tax_code" ON "item_locations" USING btree ("account_id","tax_code_id") WHERE "item_locations"."tax_code_id" is not null;--> statement-breakpoint
CREATE INDEX "item_stocks_location" ON "item_stocks" USING btree ("account_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "items_barcode_unique" ON "items" USING btree ("account_id",lower("barcode")) WHERE "items"."barcode" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "items_sku_unique" ON "items" USING btree ("account_id",lower("sku")) WHERE "items"."sku" is not null;--> statement-breakpoint
CREATE INDEX "items_account_name" ON "items" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "items_supplier" ON "items" USING btree ("account_id","supplier_id") WHERE "items"."supplier_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "lots_identity_unique" ON "lots" USING btree ("account_id","item_id","location_id",coalesce("lot_number", ''),coalesce("expires_on", 'infinity'::date));--> statement-breakpoint
CREATE INDEX "lots_fefo" ON "lots" USING btree ("account_id","item_id","location_id","expires_on","received_on","created_at");--> statement-breakpoint
CREATE INDEX "lots_location_expiry" ON "lots" USING btree ("account_id","location_id","expires_on") WHERE "lots"."on_hand" > 0;