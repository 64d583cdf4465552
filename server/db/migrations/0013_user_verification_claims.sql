ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "claims" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "claims_updated_at" timestamp with time zone;