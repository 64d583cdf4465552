ALTER TABLE "files" ADD COLUMN "store" text DEFAULT 'postgres' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "files_expires_at_idx" ON "files" USING btree ("expires_at") WHERE "files"."expires_at" IS NOT NULL;