ALTER TABLE "users" ADD COLUMN "master_login" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "archived_enquiries" ADD COLUMN "status_before_completion" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "status_before_completion" text;--> statement-breakpoint
ALTER TABLE "enquiry_messages" ADD COLUMN "queue_data" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pdf_generated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_master_login_idx" ON "users" USING btree ("kind","lastname","firstname","id") WHERE "users"."master_login";