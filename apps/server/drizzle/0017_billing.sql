CREATE TABLE "estimate_items" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price" integer NOT NULL,
	"discount_type" text DEFAULT 'none' NOT NULL,
	"discount_value" integer DEFAULT 0 NOT NULL,
	"tax_code_id" uuid,
	"tax_name" text,
	"tax_rate" integer DEFAULT 0 NOT NULL,
	"provider_id" uuid,
	"service_id" uuid,
	"add_on_id" uuid,
	"estimate_id" uuid NOT NULL,
	"high_quantity" numeric(12, 3),
	CONSTRAINT "estimate_items_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"patient_id" uuid,
	"appointment_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"currency" text NOT NULL,
	"discount_type" text DEFAULT 'none' NOT NULL,
	"discount_value" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"valid_until" date,
	"low_total" bigint DEFAULT 0 NOT NULL,
	"high_total" bigint DEFAULT 0 NOT NULL,
	"approval_method" text,
	"approved_at" timestamp with time zone,
	"approved_by_id" uuid,
	"declined_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimates_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price" integer NOT NULL,
	"discount_type" text DEFAULT 'none' NOT NULL,
	"discount_value" integer DEFAULT 0 NOT NULL,
	"tax_code_id" uuid,
	"tax_name" text,
	"tax_rate" integer DEFAULT 0 NOT NULL,
	"provider_id" uuid,
	"service_id" uuid,
	"add_on_id" uuid,
	"invoice_id" uuid NOT NULL,
	"gross" bigint NOT NULL,
	"line_discount" bigint NOT NULL,
	"shared_discount" bigint NOT NULL,
	"line_tax" bigint NOT NULL,
	"line_total" bigint NOT NULL,
	CONSTRAINT "invoice_items_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_numbers" (
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_numbers_account_id_location_id_kind_pk" PRIMARY KEY("account_id","location_id","kind")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"patient_id" uuid,
	"appointment_id" uuid,
	"estimate_id" uuid,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"credited_invoice_id" uuid,
	"number" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency" text NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date,
	"discount_type" text DEFAULT 'none' NOT NULL,
	"discount_value" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"pdf_template_id" uuid,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"finalised_at" timestamp with time zone,
	"finalised_by_id" uuid,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "invoices_credit_note_check" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."credited_invoice_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "tax_codes" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rate" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_codes_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_payment_requests" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"invoice_id" uuid,
	"estimate_id" uuid,
	"purpose" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"stripe_session_id" text,
	"url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"channel" text NOT NULL,
	"payment_id" uuid,
	"expires_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_payment_requests_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"account_id" uuid NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_route_key_pk" PRIMARY KEY("account_id","route","key")
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid,
	"estimate_id" uuid,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "payment_allocations_target" CHECK (("payment_allocations"."invoice_id" is null) <> ("payment_allocations"."estimate_id" is null))
);
--> statement-breakpoint
CREATE TABLE "payment_types" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"method" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_types_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"payment_type_id" uuid,
	"kind" text DEFAULT 'payment' NOT NULL,
	"amount" bigint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reference" text,
	"notes" text,
	"refund_of_payment_id" uuid,
	"stripe_payment_intent_id" text,
	"card_payment_request_id" uuid,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_bands" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"cremation_type" text NOT NULL,
	"min_grams" integer NOT NULL,
	"max_grams" integer NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_bands_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "price_bands_range" CHECK ("price_bands"."min_grams" >= 0 and "price_bands"."min_grams" < "price_bands"."max_grams")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_requests" ADD COLUMN "estimate_id" uuid;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_estimate_id_fk" FOREIGN KEY ("account_id","estimate_id") REFERENCES "public"."estimates"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_tax_code_id_fk" FOREIGN KEY ("account_id","tax_code_id") REFERENCES "public"."tax_codes"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_provider_id_fk" FOREIGN KEY ("account_id","provider_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_service_id_fk" FOREIGN KEY ("account_id","service_id") REFERENCES "public"."services"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_add_on_id_fk" FOREIGN KEY ("account_id","add_on_id") REFERENCES "public"."add_ons"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_patient_id_fk" FOREIGN KEY ("account_id","patient_id") REFERENCES "public"."patients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_appointment_id_fk" FOREIGN KEY ("account_id","appointment_id") REFERENCES "public"."appointments"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_approved_by_id_fk" FOREIGN KEY ("account_id","approved_by_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_created_by_id_fk" FOREIGN KEY ("account_id","created_by_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_fk" FOREIGN KEY ("account_id","invoice_id") REFERENCES "public"."invoices"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_tax_code_id_fk" FOREIGN KEY ("account_id","tax_code_id") REFERENCES "public"."tax_codes"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_provider_id_fk" FOREIGN KEY ("account_id","provider_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_service_id_fk" FOREIGN KEY ("account_id","service_id") REFERENCES "public"."services"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_add_on_id_fk" FOREIGN KEY ("account_id","add_on_id") REFERENCES "public"."add_ons"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_numbers" ADD CONSTRAINT "invoice_numbers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_numbers" ADD CONSTRAINT "invoice_numbers_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_patient_id_fk" FOREIGN KEY ("account_id","patient_id") REFERENCES "public"."patients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_appointment_id_fk" FOREIGN KEY ("account_id","appointment_id") REFERENCES "public"."appointments"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_estimate_id_fk" FOREIGN KEY ("account_id","estimate_id") REFERENCES "public"."estimates"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_fk" FOREIGN KEY ("account_id","credited_invoice_id") REFERENCES "public"."invoices"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pdf_template_id_fk" FOREIGN KEY ("account_id","pdf_template_id") REFERENCES "public"."pdf_templates"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_finalised_by_id_fk" FOREIGN KEY ("account_id","finalised_by_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_id_fk" FOREIGN KEY ("account_id","created_by_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_codes" ADD CONSTRAINT "tax_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_codes" ADD CONSTRAINT "tax_codes_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_requests" ADD CONSTRAINT "card_payment_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_requests" ADD CONSTRAINT "card_payment_requests_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_requests" ADD CONSTRAINT "card_payment_requests_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_requests" ADD CONSTRAINT "card_payment_requests_invoice_id_fk" FOREIGN KEY ("account_id","invoice_id") REFERENCES "public"."invoices"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_requests" ADD CONSTRAINT "card_payment_requests_estimate_id_fk" FOREIGN KEY ("account_id","estimate_id") REFERENCES "public"."estimates"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_requests" ADD CONSTRAINT "card_payment_requests_payment_id_fk" FOREIGN KEY ("account_id","payment_id") REFERENCES "public"."payments"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_fk" FOREIGN KEY ("account_id","payment_id") REFERENCES "public"."payments"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_fk" FOREIGN KEY ("account_id","invoice_id") REFERENCES "public"."invoices"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_estimate_id_fk" FOREIGN KEY ("account_id","estimate_id") REFERENCES "public"."estimates"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_types" ADD CONSTRAINT "payment_types_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_type_id_fk" FOREIGN KEY ("account_id","payment_type_id") REFERENCES "public"."payment_types"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_of_payment_id_fk" FOREIGN KEY ("account_id","refund_of_payment_id") REFERENCES "public"."payments"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_id_fk" FOREIGN KEY ("account_id","created_by_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_bands" ADD CONSTRAINT "price_bands_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_bands" ADD CONSTRAINT "price_bands_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_items_account_id_estimate_id_position_index" ON "estimate_items" USING btree ("account_id","estimate_id","position");--> statement-breakpoint
CREATE INDEX "estimates_account_id_location_id_created_at_index" ON "estimates" USING btree ("account_id","location_id","created_at");--> statement-breakpoint
CREATE INDEX "estimates_account_id_client_id_index" ON "estimates" USING btree ("account_id","client_id");--> statement-breakpoint
CREATE INDEX "estimates_account_id_appointment_id_index" ON "estimates" USING btree ("account_id","appointment_id");--> statement-breakpoint
CREATE INDEX "invoice_items_account_id_invoice_id_position_index" ON "invoice_items" USING btree ("account_id","invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("account_id","location_id","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_estimate_unique" ON "invoices" USING btree ("account_id","estimate_id");--> statement-breakpoint
CREATE INDEX "invoices_account_id_location_id_created_at_index" ON "invoices" USING btree ("account_id","location_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_account_id_client_id_index" ON "invoices" USING btree ("account_id","client_id");--> statement-breakpoint
CREATE INDEX "invoices_account_id_appointment_id_index" ON "invoices" USING btree ("account_id","appointment_id");--> statement-breakpoint
CREATE INDEX "invoices_account_id_credited_invoice_id_index" ON "invoices" USING btree ("account_id","credited_invoice_id");--> statement-breakpoint
CREATE INDEX "tax_codes_account_id_location_id_index" ON "tax_codes" USING btree ("account_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payment_requests_session_unique" ON "card_payment_requests" USING btree ("account_id","stripe_session_id");--> statement-breakpoint
CREATE INDEX "card_payment_requests_account_id_client_id_index" ON "card_payment_requests" USING btree ("account_id","client_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_index" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_allocations_account_id_payment_id_index" ON "payment_allocations" USING btree ("account_id","payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_account_id_invoice_id_index" ON "payment_allocations" USING btree ("account_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_account_id_estimate_id_index" ON "payment_allocations" USING btree ("account_id","estimate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_types_name_unique" ON "payment_types" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_stripe_intent_unique" ON "payments" USING btree ("account_id","kind","stripe_payment_intent_id");--> statement-breakpoint
CREATE INDEX "payments_account_id_location_id_received_at_index" ON "payments" USING btree ("account_id","location_id","received_at");--> statement-breakpoint
CREATE INDEX "payments_account_id_client_id_index" ON "payments" USING btree ("account_id","client_id");--> statement-breakpoint
CREATE INDEX "price_bands_account_id_location_id_cremation_type_min_grams_index" ON "price_bands" USING btree ("account_id","location_id","cremation_type","min_grams");--> statement-breakpoint
ALTER TABLE "form_requests" ADD CONSTRAINT "form_requests_estimate_id_fk" FOREIGN KEY ("account_id","estimate_id") REFERENCES "public"."estimates"("account_id","id") ON DELETE no action ON UPDATE no action;