CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "accounting_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"di_customer_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"customer_type" text NOT NULL,
	"rate_card_type" text NOT NULL,
	"fleet_level" text,
	"currency" text NOT NULL,
	"locale" text DEFAULT 'en_GB' NOT NULL,
	"company_registration_number" text,
	"vat_number" text,
	"billing_ref_id" text,
	"category_id" text,
	"customer_name_for_direct_paybill" text,
	"address_number" text,
	"address1" text,
	"address2" text,
	"address3" text,
	"county" text,
	"post_code" text,
	"main_phone_number" text,
	"info_email" text,
	"contact_name" text,
	"land_line_number" text,
	"mobile_number" text,
	"email" text,
	"whatsapp_number" text,
	"enforce_mfa" boolean,
	"supplier_proximity" integer DEFAULT 10 NOT NULL,
	"max_sub_customer_assignments_allowed" integer DEFAULT 5 NOT NULL,
	"web_link_id" text,
	"account_manager" text,
	"account_number" text,
	"platform_fee_assignee" text,
	"invoice_supplement_file_enabled" boolean DEFAULT false NOT NULL,
	"config" jsonb NOT NULL,
	"platform_fees" jsonb,
	"webhooks" jsonb,
	"retailer_config" jsonb,
	"terminated_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "sub_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lease_company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "lease_group_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lease_company_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"service_group_name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"agreement_id" text,
	"agreement_status" text,
	"direct_paybill" boolean DEFAULT false NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"terminated_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "supplier_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"group_id" text NOT NULL,
	"name" text NOT NULL,
	"company_registration_number" text,
	"vat_registration_number" text,
	"visn_account_number" text,
	"enforce_mfa" boolean,
	"blocked" boolean DEFAULT false NOT NULL,
	"supplier_creation_type" text,
	"locale" text DEFAULT 'en_GB' NOT NULL,
	"belongs_to_di_network" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"address_number" text,
	"address1" text,
	"address2" text,
	"address3" text,
	"county" text,
	"post_code" text,
	"billing_address" jsonb,
	"paying_address" jsonb,
	"contact" jsonb,
	"billing_contact" jsonb,
	"paying_contact" jsonb,
	"is_billing_address_same_as_address" boolean DEFAULT true NOT NULL,
	"is_paying_address_same_as_billing_address" boolean DEFAULT true NOT NULL,
	"is_billing_contact_same_as_contact" boolean DEFAULT true NOT NULL,
	"is_paying_contact_same_as_billing_contact" boolean DEFAULT true NOT NULL,
	"use_head_office_name_and_address" boolean DEFAULT false NOT NULL,
	"use_direct_paybill_name" boolean DEFAULT false NOT NULL,
	"platform_fees" jsonb,
	"agreed_credit_limit" integer,
	"credit_limit_updated_at" timestamp with time zone,
	"credit_limit_updated_by" text,
	"config" jsonb DEFAULT '{"enableChatSupport":false,"skipVehicleReturnConfirmation":false}'::jsonb NOT NULL,
	"export_config" jsonb DEFAULT '{"authorisedTransactionExport":false}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "supplier_escalations" (
	"supplier_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"email" text,
	"notes" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "supplier_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"type" text NOT NULL,
	"is_resolved" boolean DEFAULT false NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "supplier_network_terms" (
	"supplier_id" uuid PRIMARY KEY NOT NULL,
	"nominated_dealer_name" text NOT NULL,
	"fnp_enabled" boolean DEFAULT false NOT NULL,
	"fnp_band" text DEFAULT 'NONE' NOT NULL,
	"rebate_bp" integer DEFAULT 0 NOT NULL,
	"rebate_amount" integer,
	"franchises" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mot_rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fluid_rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tyre_ancillary_rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wheel_alignment_rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"agreed_credit_limit" integer,
	"credit_limit_updated_at" timestamp with time zone,
	"credit_limit_updated_by" text,
	"last_physical_audit" date,
	"last_desktop_audit" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"group_id" uuid NOT NULL,
	"supplier_id" text NOT NULL,
	"name" text NOT NULL,
	"company_registration_number" text,
	"vat_registration_number" text,
	"locale" text DEFAULT 'en_GB' NOT NULL,
	"address_number" text,
	"address1" text,
	"address2" text,
	"address3" text,
	"county" text,
	"post_code" text,
	"lat" double precision,
	"lng" double precision,
	"primary_phone_number" text,
	"booking_phone_number" text,
	"fax_number" text,
	"email" text,
	"serving_radius" integer DEFAULT 10 NOT NULL,
	"mobile_radius" integer DEFAULT 0 NOT NULL,
	"unit_status" text DEFAULT 'live' NOT NULL,
	"supplier_type" text,
	"manufacturers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vehicle_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vehicle_services" jsonb,
	"opening_hours" jsonb,
	"restrictions" jsonb,
	"facilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supplementary_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"use_head_office_name_and_address" boolean DEFAULT false NOT NULL,
	"override_enabled" boolean DEFAULT false NOT NULL,
	"mandatory_tyre_readings" boolean DEFAULT true NOT NULL,
	"account_system_reference" text,
	"finance_supplier_id" text,
	"billing_ref_id" text,
	"terminated_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "e_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"email" text NOT NULL,
	"company_name" text NOT NULL,
	"reg_number" text,
	"vat_number" text,
	"address_number" text,
	"address1" text,
	"address2" text,
	"address3" text,
	"county" text,
	"post_code" text,
	"lat" double precision,
	"lng" double precision,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"company" jsonb NOT NULL,
	"billing_details" jsonb,
	"reason_for_rejection" text,
	"rejected_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approved_supplier_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "api_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"api_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"view_type" text NOT NULL,
	"lease_company_id" uuid,
	"group_id" uuid,
	"allowed_endpoints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "integration_lookups" (
	"type" text NOT NULL,
	"type_label" text NOT NULL,
	"type_description" text,
	"source" text NOT NULL,
	"source_label" text NOT NULL,
	CONSTRAINT "integration_lookups_type_source_pk" PRIMARY KEY("type","source")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"upload_type" text NOT NULL,
	"lease_company_id" uuid,
	"group_id" uuid,
	"supplier_id" uuid,
	"file_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"filename" text NOT NULL,
	"saved_filename" text NOT NULL,
	"label" text NOT NULL,
	"uploaded_by" jsonb NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"can_delete" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "billing_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"company" text NOT NULL,
	"email" text,
	"currency" text NOT NULL,
	"lease_company_id" uuid,
	"group_id" uuid,
	"supplier_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "billing_subscription_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" text NOT NULL,
	"item_price_id" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"billing_customer_id" text NOT NULL,
	"status" text NOT NULL,
	"item_price_id" text NOT NULL,
	"in_product" boolean DEFAULT true NOT NULL,
	"in_provider" boolean DEFAULT true NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"current_term_end" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"kind" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'INVITE_SENT' NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_invite" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"registration_complete" boolean DEFAULT false NOT NULL,
	"suspend_at" timestamp with time zone,
	"reactivated_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"invite_expires_at" timestamp with time zone,
	"invited_by_id" uuid,
	"lease_company_id" uuid,
	"group_id" uuid,
	"supplier_id" uuid,
	"supplier_creation_type" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "network_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"export_type" text NOT NULL,
	"lease_company_id" uuid,
	"group_id" uuid,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"email_export_file" boolean DEFAULT true NOT NULL,
	"supplier_type" text DEFAULT 'All' NOT NULL,
	"mot_class" text,
	"process_indicator" text DEFAULT 'LOADING' NOT NULL,
	"file_id" uuid,
	"requested_by" jsonb NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "network_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lease_company_id" uuid,
	"is_di_network_import" boolean DEFAULT false NOT NULL,
	"file_name" text NOT NULL,
	"archive_file_id" uuid NOT NULL,
	"log_file_id" uuid,
	"uploaded_by" jsonb NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"validation_status" boolean,
	"import_status" boolean,
	"is_processing" boolean DEFAULT true NOT NULL,
	"process_indicator" text DEFAULT 'LOADING' NOT NULL,
	"error" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lease_company_id" uuid NOT NULL,
	"sub_customer_id" uuid,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"employee_id" text,
	"start_date" date,
	"end_date" date,
	"mandate_sign_date" date,
	"manual_mandate" boolean DEFAULT false NOT NULL,
	"enable_license_check" boolean DEFAULT false NOT NULL,
	"disqualification" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"lease_company_id" uuid NOT NULL,
	"sub_customer_id" uuid,
	"stock_id" text NOT NULL,
	"vrm" text NOT NULL,
	"vin" text,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"vehicle_type" text DEFAULT 'CAR' NOT NULL,
	"fuel_type" text,
	"managed" boolean DEFAULT true NOT NULL,
	"contract_status" text DEFAULT 'active' NOT NULL,
	"contract_product" text,
	"driver_id" uuid,
	"registered_on" date,
	"contract_end_date" date,
	"mileage" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "archived_enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"enquiry_number" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"source" text NOT NULL,
	"service_type" text NOT NULL,
	"lease_company_id" uuid NOT NULL,
	"sub_customer_id" uuid,
	"group_id" uuid,
	"supplier_id" uuid,
	"vehicle_id" uuid,
	"driver_id" uuid,
	"vrm" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"managed" boolean DEFAULT true NOT NULL,
	"contract_status" text DEFAULT 'active' NOT NULL,
	"region1" text,
	"rate_card_type" text NOT NULL,
	"paybill" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"description" text,
	"quoted_amount" integer,
	"booked_for" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"invoiced_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archive_reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"enquiry_number" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"source" text NOT NULL,
	"service_type" text NOT NULL,
	"lease_company_id" uuid NOT NULL,
	"sub_customer_id" uuid,
	"group_id" uuid,
	"supplier_id" uuid,
	"vehicle_id" uuid,
	"driver_id" uuid,
	"vrm" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"managed" boolean DEFAULT true NOT NULL,
	"contract_status" text DEFAULT 'active' NOT NULL,
	"region1" text,
	"rate_card_type" text NOT NULL,
	"paybill" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"description" text,
	"quoted_amount" integer,
	"booked_for" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"invoiced_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "enquiry_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"message" text NOT NULL,
	"my_message" boolean DEFAULT false NOT NULL,
	"message_to" text NOT NULL,
	"message_from" text NOT NULL,
	"user" jsonb,
	"enquiry_status" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_number" text NOT NULL,
	"type" text NOT NULL,
	"credit_of_invoice_id" uuid,
	"enquiry_id" uuid NOT NULL,
	"enquiry_number" text NOT NULL,
	"lease_company_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"vrm" text NOT NULL,
	"tax_point_date" date NOT NULL,
	"currency" text NOT NULL,
	"job_type" text NOT NULL,
	"line_tax_code" text NOT NULL,
	"total_nett" integer NOT NULL,
	"total_vat" integer NOT NULL,
	"total_gross" integer NOT NULL,
	"credit_value" integer,
	"paybill" boolean DEFAULT false NOT NULL,
	"finance_supplier_id" text,
	"lease_quickbooks_category_id" text,
	"saved_to_quickbooks" boolean DEFAULT false NOT NULL,
	"saved_by" jsonb,
	"saved_to_quickbooks_on" timestamp with time zone,
	"generated_by" jsonb,
	"pdf_file_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "paybill_settings" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"address_number" text,
	"address1" text,
	"address2" text,
	"address3" text,
	"county" text,
	"post_code" text,
	"company_name" text NOT NULL,
	"footer_blurb" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "savi_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"is_success" boolean NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_name" text NOT NULL,
	"file_id" uuid,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "process_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"message" text,
	"is_success" boolean DEFAULT false NOT NULL,
	"is_warning" boolean DEFAULT false NOT NULL,
	"is_pending" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'COMPLETED' NOT NULL,
	"executed_at" timestamp with time zone NOT NULL,
	"exported_at" timestamp with time zone,
	"lease_company_id" uuid,
	"file_name" text,
	"stats" jsonb,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "file_validation_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"validation_type" text NOT NULL,
	"file_name" text NOT NULL,
	"file_id" uuid,
	"log_file_id" uuid,
	"uploaded_by" jsonb NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_processing" boolean DEFAULT true NOT NULL,
	"process_indicator" text DEFAULT 'LOADING' NOT NULL,
	"validation_status" boolean,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "job_code_mappings" (
	"job_code" text PRIMARY KEY NOT NULL,
	"external_code" text NOT NULL,
	"description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "mail_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"delivery_status_code" integer,
	"delivery_status_message" text,
	"delivery_status_description" text,
	"subject" text,
	"template_name" text,
	"recipient" text NOT NULL,
	"message_id" text,
	"document_path" text
);
--> statement-breakpoint
ALTER TABLE "lease_companies" ADD CONSTRAINT "lease_companies_category_id_accounting_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."accounting_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_customers" ADD CONSTRAINT "sub_customers_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_group_links" ADD CONSTRAINT "lease_group_links_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_group_links" ADD CONSTRAINT "lease_group_links_group_id_supplier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."supplier_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_escalations" ADD CONSTRAINT "supplier_escalations_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_exceptions" ADD CONSTRAINT "supplier_exceptions_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_network_terms" ADD CONSTRAINT "supplier_network_terms_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_group_id_supplier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."supplier_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_registrations" ADD CONSTRAINT "e_registrations_approved_supplier_id_suppliers_id_fk" FOREIGN KEY ("approved_supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_configs" ADD CONSTRAINT "api_configs_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_configs" ADD CONSTRAINT "api_configs_group_id_supplier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."supplier_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_group_id_supplier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."supplier_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_group_id_supplier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."supplier_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscription_items" ADD CONSTRAINT "billing_subscription_items_subscription_id_billing_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_billing_customer_id_billing_customers_id_fk" FOREIGN KEY ("billing_customer_id") REFERENCES "public"."billing_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_group_id_supplier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."supplier_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_exports" ADD CONSTRAINT "network_exports_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_exports" ADD CONSTRAINT "network_exports_group_id_supplier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."supplier_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_exports" ADD CONSTRAINT "network_exports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_imports" ADD CONSTRAINT "network_imports_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_imports" ADD CONSTRAINT "network_imports_archive_file_id_files_id_fk" FOREIGN KEY ("archive_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_imports" ADD CONSTRAINT "network_imports_log_file_id_files_id_fk" FOREIGN KEY ("log_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_sub_customer_id_sub_customers_id_fk" FOREIGN KEY ("sub_customer_id") REFERENCES "public"."sub_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_sub_customer_id_sub_customers_id_fk" FOREIGN KEY ("sub_customer_id") REFERENCES "public"."sub_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_enquiries" ADD CONSTRAINT "archived_enquiries_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_enquiries" ADD CONSTRAINT "archived_enquiries_sub_customer_id_sub_customers_id_fk" FOREIGN KEY ("sub_customer_id") REFERENCES "public"."sub_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_enquiries" ADD CONSTRAINT "archived_enquiries_group_id_supplier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."supplier_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_enquiries" ADD CONSTRAINT "archived_enquiries_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_enquiries" ADD CONSTRAINT "archived_enquiries_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_enquiries" ADD CONSTRAINT "archived_enquiries_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_sub_customer_id_sub_customers_id_fk" FOREIGN KEY ("sub_customer_id") REFERENCES "public"."sub_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_group_id_supplier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."supplier_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_of_invoice_id_invoices_id_fk" FOREIGN KEY ("credit_of_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_group_id_supplier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."supplier_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savi_exports" ADD CONSTRAINT "savi_exports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_logs" ADD CONSTRAINT "process_logs_lease_company_id_lease_companies_id_fk" FOREIGN KEY ("lease_company_id") REFERENCES "public"."lease_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_validation_reports" ADD CONSTRAINT "file_validation_reports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_validation_reports" ADD CONSTRAINT "file_validation_reports_log_file_id_files_id_fk" FOREIGN KEY ("log_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_companies_seq_key" ON "lease_companies" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_companies_di_customer_id_key" ON "lease_companies" USING btree ("di_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_companies_web_link_id_key" ON "lease_companies" USING btree ("web_link_id");--> statement-breakpoint
CREATE INDEX "lease_companies_status_idx" ON "lease_companies" USING btree ("status");--> statement-breakpoint
CREATE INDEX "lease_companies_name_idx" ON "lease_companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "lease_companies_rate_card_type_idx" ON "lease_companies" USING btree ("rate_card_type");--> statement-breakpoint
CREATE INDEX "lease_companies_category_idx" ON "lease_companies" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "lease_companies_email_idx" ON "lease_companies" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "sub_customers_lease_idx" ON "sub_customers" USING btree ("lease_company_id");--> statement-breakpoint
CREATE INDEX "lease_group_links_lease_idx" ON "lease_group_links" USING btree ("lease_company_id");--> statement-breakpoint
CREATE INDEX "lease_group_links_group_idx" ON "lease_group_links" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_group_links_active_key" ON "lease_group_links" USING btree ("lease_company_id","group_id") WHERE "lease_group_links"."status" = 'ACTIVE';--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_groups_seq_key" ON "supplier_groups" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_groups_group_id_key" ON "supplier_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "supplier_groups_name_idx" ON "supplier_groups" USING btree ("name");--> statement-breakpoint
CREATE INDEX "supplier_groups_di_network_idx" ON "supplier_groups" USING btree ("belongs_to_di_network","blocked");--> statement-breakpoint
CREATE INDEX "supplier_groups_modified_idx" ON "supplier_groups" USING btree ("modified_at");--> statement-breakpoint
CREATE INDEX "supplier_exceptions_supplier_idx" ON "supplier_exceptions" USING btree ("supplier_id","is_resolved");--> statement-breakpoint
CREATE INDEX "supplier_network_terms_fnp_idx" ON "supplier_network_terms" USING btree ("fnp_band");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_seq_key" ON "suppliers" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_supplier_id_key" ON "suppliers" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "suppliers_group_idx" ON "suppliers" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "suppliers_unit_status_idx" ON "suppliers" USING btree ("unit_status");--> statement-breakpoint
CREATE INDEX "suppliers_modified_idx" ON "suppliers" USING btree ("modified_at");--> statement-breakpoint
CREATE INDEX "suppliers_finance_supplier_idx" ON "suppliers" USING btree ("finance_supplier_id");--> statement-breakpoint
CREATE INDEX "suppliers_post_code_idx" ON "suppliers" USING btree ("post_code");--> statement-breakpoint
CREATE UNIQUE INDEX "e_registrations_seq_key" ON "e_registrations" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "e_registrations_status_idx" ON "e_registrations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "e_registrations_modified_idx" ON "e_registrations" USING btree ("modified_at");--> statement-breakpoint
CREATE INDEX "e_registrations_email_idx" ON "e_registrations" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "api_configs_api_id_key" ON "api_configs" USING btree ("api_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_configs_lease_key" ON "api_configs" USING btree ("lease_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_configs_group_key" ON "api_configs" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "integration_lookups_source_idx" ON "integration_lookups" USING btree ("source");--> statement-breakpoint
CREATE INDEX "documents_lease_idx" ON "documents" USING btree ("lease_company_id");--> statement-breakpoint
CREATE INDEX "documents_group_idx" ON "documents" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "documents_supplier_idx" ON "documents" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "billing_customers_lease_idx" ON "billing_customers" USING btree ("lease_company_id");--> statement-breakpoint
CREATE INDEX "billing_customers_group_idx" ON "billing_customers" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "billing_customers_supplier_idx" ON "billing_customers" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "billing_subscription_items_subscription_idx" ON "billing_subscription_items" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_customer_idx" ON "billing_subscriptions" USING btree ("billing_customer_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_status_idx" ON "billing_subscriptions" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "users_seq_key" ON "users" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email")) WHERE "users"."status" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_kind_status_idx" ON "users" USING btree ("kind","status");--> statement-breakpoint
CREATE INDEX "users_lease_idx" ON "users" USING btree ("lease_company_id");--> statement-breakpoint
CREATE INDEX "users_group_idx" ON "users" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "users_supplier_idx" ON "users" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "network_exports_lease_idx" ON "network_exports" USING btree ("lease_company_id","requested_at");--> statement-breakpoint
CREATE INDEX "network_imports_lease_idx" ON "network_imports" USING btree ("lease_company_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "network_imports_di_idx" ON "network_imports" USING btree ("is_di_network_import","uploaded_at");--> statement-breakpoint
CREATE INDEX "drivers_lease_idx" ON "drivers" USING btree ("lease_company_id");--> statement-breakpoint
CREATE INDEX "drivers_email_idx" ON "drivers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_seq_key" ON "vehicles" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_stock_key" ON "vehicles" USING btree ("lease_company_id","stock_id");--> statement-breakpoint
CREATE INDEX "vehicles_vrm_idx" ON "vehicles" USING btree ("vrm");--> statement-breakpoint
CREATE INDEX "vehicles_vin_idx" ON "vehicles" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "vehicles_driver_idx" ON "vehicles" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "vehicles_contract_status_idx" ON "vehicles" USING btree ("contract_status");--> statement-breakpoint
CREATE UNIQUE INDEX "archived_enquiries_seq_key" ON "archived_enquiries" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "archived_enquiries_number_key" ON "archived_enquiries" USING btree ("enquiry_number");--> statement-breakpoint
CREATE INDEX "archived_enquiries_status_idx" ON "archived_enquiries" USING btree ("status");--> statement-breakpoint
CREATE INDEX "archived_enquiries_lease_idx" ON "archived_enquiries" USING btree ("lease_company_id","created_at");--> statement-breakpoint
CREATE INDEX "archived_enquiries_supplier_idx" ON "archived_enquiries" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "archived_enquiries_vrm_idx" ON "archived_enquiries" USING btree ("vrm");--> statement-breakpoint
CREATE INDEX "archived_enquiries_archived_at_idx" ON "archived_enquiries" USING btree ("archived_at");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_seq_key" ON "enquiries" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_number_key" ON "enquiries" USING btree ("enquiry_number");--> statement-breakpoint
CREATE INDEX "enquiries_status_idx" ON "enquiries" USING btree ("status");--> statement-breakpoint
CREATE INDEX "enquiries_lease_idx" ON "enquiries" USING btree ("lease_company_id","created_at");--> statement-breakpoint
CREATE INDEX "enquiries_supplier_idx" ON "enquiries" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "enquiries_group_idx" ON "enquiries" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "enquiries_vehicle_idx" ON "enquiries" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "enquiries_vrm_idx" ON "enquiries" USING btree ("vrm");--> statement-breakpoint
CREATE INDEX "enquiry_messages_enquiry_idx" ON "enquiry_messages" USING btree ("enquiry_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_enquiry_idx" ON "invoices" USING btree ("enquiry_id");--> statement-breakpoint
CREATE INDEX "invoices_lease_date_idx" ON "invoices" USING btree ("lease_company_id","tax_point_date");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("tax_point_date","type");--> statement-breakpoint
CREATE INDEX "invoices_supplier_idx" ON "invoices" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "invoices_group_idx" ON "invoices" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "invoices_credit_of_idx" ON "invoices" USING btree ("credit_of_invoice_id");--> statement-breakpoint
CREATE INDEX "savi_exports_generated_idx" ON "savi_exports" USING btree ("generated_at");--> statement-breakpoint
CREATE INDEX "process_logs_executed_idx" ON "process_logs" USING btree ("executed_at");--> statement-breakpoint
CREATE INDEX "process_logs_lease_idx" ON "process_logs" USING btree ("lease_company_id","executed_at");--> statement-breakpoint
CREATE INDEX "process_logs_type_idx" ON "process_logs" USING btree ("type","executed_at");--> statement-breakpoint
CREATE INDEX "file_validation_reports_uploaded_idx" ON "file_validation_reports" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "mail_events_recipient_idx" ON "mail_events" USING btree (lower("recipient"),"at");