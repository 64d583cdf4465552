CREATE TABLE "finance_tax_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "finance_tax_codes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "finance_bills" ADD COLUMN "memo" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "export_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invoices_paybill_day_idx" ON "invoices" USING btree ("tax_point_date","saved_to_quickbooks","type","invoice_number") WHERE paybill;--> statement-breakpoint
CREATE INDEX "invoices_paybill_lease_day_idx" ON "invoices" USING btree ("lease_company_id","tax_point_date","saved_to_quickbooks","type","invoice_number") WHERE paybill;