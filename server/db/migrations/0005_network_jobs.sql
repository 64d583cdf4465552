CREATE TABLE "file_chunks" (
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "customer_network_terms" (
	"lease_company_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"in_network" boolean DEFAULT true NOT NULL,
	"preferred" boolean DEFAULT false NOT NULL,
	"labour_rate" integer,
	"parts_discount_bp" integer,
	"mot_rate" integer,
	"authorisation_limit" integer,
	"notes" text,
	"import_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid,
	CONSTRAINT "customer_network_terms_lease_company_id_supplier_id_pk" PRIMARY KEY("lease_company_id","supplier_id")
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "chunk_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "complete" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "network_exports" ADD COLUMN "row_count" integer;--> statement-breakpoint
ALTER TABLE "network_imports" ADD COLUMN "row_count" integer;--> statement-breakpoint
ALTER TABLE "network_imports" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "network_imports" ADD COLUMN "imported_by" jsonb;--> statement-breakpoint
ALTER TABLE "network_imports" ADD COLUMN "imported_by_id" uuid;--> statement-breakpoint
ALTER TABLE "network_imports" ADD COLUMN "changed_count" integer;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_network_terms" ADD CONSTRAINT "customer_network_terms_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_network_terms" ADD CONSTRAINT "customer_network_terms_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_network_terms" ADD CONSTRAINT "customer_network_terms_import_id_network_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."network_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_network_terms_supplier_idx" ON "customer_network_terms" USING btree ("supplier_id");