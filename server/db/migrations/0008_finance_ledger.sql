CREATE TABLE "finance_bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" text NOT NULL,
	"doc_number" text NOT NULL,
	"txn_date" date NOT NULL,
	"currency" text NOT NULL,
	"total" integer NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_suppliers" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"company_name" text,
	"email" text,
	"phone" text,
	"acct_num" text,
	"print_on_check_name" text,
	"bill_addr" jsonb,
	"company_number" text,
	"vat_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finance_bills" ADD CONSTRAINT "finance_bills_vendor_id_finance_suppliers_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."finance_suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "finance_bills_doc_number_key" ON "finance_bills" USING btree ("doc_number");--> statement-breakpoint
CREATE INDEX "finance_suppliers_company_number_idx" ON "finance_suppliers" USING btree ("company_number");--> statement-breakpoint
CREATE INDEX "finance_suppliers_vat_number_idx" ON "finance_suppliers" USING btree ("vat_number");