CREATE TABLE "paused_jobs" (
	"queue" text PRIMARY KEY NOT NULL,
	"paused_at" timestamp with time zone NOT NULL,
	"paused_by" jsonb
);
--> statement-breakpoint
ALTER TABLE "process_logs" ADD COLUMN "run_day" date;--> statement-breakpoint
ALTER TABLE "process_logs" ADD COLUMN "checkpoint" jsonb;--> statement-breakpoint
ALTER TABLE "process_logs" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "process_logs_run_key" ON "process_logs" USING btree ("type","lease_company_id","run_day") WHERE run_day IS NOT NULL;