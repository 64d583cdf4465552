ALTER TABLE "file_validation_reports" ADD COLUMN "row_count" integer;--> statement-breakpoint
ALTER TABLE "file_validation_reports" ADD COLUMN "error_count" integer;--> statement-breakpoint
ALTER TABLE "file_validation_reports" ADD COLUMN "completed_at" timestamp with time zone;