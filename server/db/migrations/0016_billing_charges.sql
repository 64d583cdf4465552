CREATE TABLE "billing_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"billing_customer_id" text NOT NULL,
	"lease_company_id" uuid NOT NULL,
	"sub_customer_id" uuid,
	"enquiry_id" uuid NOT NULL,
	"enquiry_number" text NOT NULL,
	"fee_type" text NOT NULL,
	"platform_fee_assignee" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"charged_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_billing_customer_id_billing_customers_id_fk" FOREIGN KEY ("billing_customer_id") REFERENCES "public"."billing_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_sub_customer_id_sub_customers_id_fk" FOREIGN KEY ("sub_customer_id") REFERENCES "public"."sub_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_enquiry_fee_key" ON "billing_charges" USING btree ("enquiry_id","fee_type");--> statement-breakpoint
CREATE INDEX "billing_charges_lease_day_idx" ON "billing_charges" USING btree ("lease_company_id","charged_on");--> statement-breakpoint
CREATE INDEX "billing_charges_customer_idx" ON "billing_charges" USING btree ("billing_customer_id");