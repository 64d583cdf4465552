CREATE TABLE "mail_webhook_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_webhook_tokens_signed_idx" ON "mail_webhook_tokens" USING btree ("signed_at");