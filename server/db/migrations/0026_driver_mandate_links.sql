CREATE TABLE "driver_mandate_links" (
	"driver_id" uuid PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "driver_mandate_links" ADD CONSTRAINT "driver_mandate_links_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;