CREATE TABLE "import_file_companies" (
	"report_id" uuid NOT NULL,
	"di_customer_id" text NOT NULL,
	"row_count" integer NOT NULL,
	"applied_at" timestamp with time zone,
	"process_log_id" uuid,
	CONSTRAINT "import_file_companies_report_id_di_customer_id_pk" PRIMARY KEY("report_id","di_customer_id")
);
--> statement-breakpoint
ALTER TABLE "import_file_companies" ADD CONSTRAINT "import_file_companies_report_id_file_validation_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."file_validation_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_file_companies" ADD CONSTRAINT "import_file_companies_process_log_id_process_logs_id_fk" FOREIGN KEY ("process_log_id") REFERENCES "public"."process_logs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_file_companies_customer_idx" ON "import_file_companies" USING btree ("di_customer_id");