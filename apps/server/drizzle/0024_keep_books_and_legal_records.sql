ALTER TABLE "prescriptions" DROP CONSTRAINT "prescriptions_location_id_fk";
--> statement-breakpoint
ALTER TABLE "prescriptions" DROP CONSTRAINT "prescriptions_patient_id_fk";
--> statement-breakpoint
ALTER TABLE "prescriptions" DROP CONSTRAINT "prescriptions_client_id_fk";
--> statement-breakpoint
ALTER TABLE "vaccinations" DROP CONSTRAINT "vaccinations_location_id_fk";
--> statement-breakpoint
ALTER TABLE "vaccinations" DROP CONSTRAINT "vaccinations_patient_id_fk";
--> statement-breakpoint
ALTER TABLE "vaccinations" DROP CONSTRAINT "vaccinations_client_id_fk";
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_client_id_fk";
--> statement-breakpoint
ALTER TABLE "form_requests" DROP CONSTRAINT "form_requests_client_id_fk";
--> statement-breakpoint
ALTER TABLE "form_submissions" DROP CONSTRAINT "form_submissions_location_id_fk";
--> statement-breakpoint
ALTER TABLE "form_submissions" DROP CONSTRAINT "form_submissions_client_id_fk";
--> statement-breakpoint
ALTER TABLE "form_submissions" DROP CONSTRAINT "form_submissions_patient_id_fk";
--> statement-breakpoint
ALTER TABLE "form_submissions" DROP CONSTRAINT "form_submissions_document_id_fk";
--> statement-breakpoint
ALTER TABLE "estimate_items" DROP CONSTRAINT "estimate_items_service_id_fk";
--> statement-breakpoint
ALTER TABLE "estimate_items" DROP CONSTRAINT "estimate_items_add_on_id_fk";
--> statement-breakpoint
ALTER TABLE "estimates" DROP CONSTRAINT "estimates_location_id_fk";
--> statement-breakpoint
ALTER TABLE "estimates" DROP CONSTRAINT "estimates_client_id_fk";
--> statement-breakpoint
ALTER TABLE "estimates" DROP CONSTRAINT "estimates_patient_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_items" DROP CONSTRAINT "invoice_items_service_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_items" DROP CONSTRAINT "invoice_items_add_on_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_location_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_client_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_patient_id_fk";
--> statement-breakpoint
ALTER TABLE "card_payment_requests" DROP CONSTRAINT "card_payment_requests_location_id_fk";
--> statement-breakpoint
ALTER TABLE "card_payment_requests" DROP CONSTRAINT "card_payment_requests_client_id_fk";
--> statement-breakpoint
ALTER TABLE "card_payment_requests" DROP CONSTRAINT "card_payment_requests_invoice_id_fk";
--> statement-breakpoint
ALTER TABLE "card_payment_requests" DROP CONSTRAINT "card_payment_requests_estimate_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_invoice_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_estimate_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_location_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_client_id_fk";
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_patient_id_fk" FOREIGN KEY ("account_id","patient_id") REFERENCES "public"."patients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_patient_id_fk" FOREIGN KEY ("account_id","patient_id") REFERENCES "public"."patients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_requests" ADD CONSTRAINT "form_requests_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_patient_id_fk" FOREIGN KEY ("account_id","patient_id") REFERENCES "public"."patients"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_document_id_fk" FOREIGN KEY ("account_id","document_id") REFERENCES "public"."documents"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_service_id_fk" FOREIGN KEY ("account_id","service_id") REFERENCES "public"."services"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_add_on_id_fk" FOREIGN KEY ("account_id","add_on_id") REFERENCES "public"."add_ons"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_patient_id_fk" FOREIGN KEY ("account_id","patient_id") REFERENCES "public"."patients"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_service_id_fk" FOREIGN KEY ("account_id","service_id") REFERENCES "public"."services"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_add_on_id_fk" FOREIGN KEY ("account_id","add_on_id") REFERENCES "public"."add_ons"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_patient_id_fk" FOREIGN KEY ("account_id","patient_id") REFERENCES "public"."patients"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_requests" ADD CONSTRAINT "card_payment_requests_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_requests" ADD CONSTRAINT "card_payment_requests_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_requests" ADD CONSTRAINT "card_payment_requests_invoice_id_fk" FOREIGN KEY ("account_id","invoice_id") REFERENCES "public"."invoices"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_requests" ADD CONSTRAINT "card_payment_requests_estimate_id_fk" FOREIGN KEY ("account_id","estimate_id") REFERENCES "public"."estimates"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_fk" FOREIGN KEY ("account_id","invoice_id") REFERENCES "public"."invoices"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_estimate_id_fk" FOREIGN KEY ("account_id","estimate_id") REFERENCES "public"."estimates"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_location_id_fk" FOREIGN KEY ("account_id","location_id") REFERENCES "public"."locations"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_fk" FOREIGN KEY ("account_id","client_id") REFERENCES "public"."clients"("account_id","id") ON DELETE no action ON UPDATE no action;