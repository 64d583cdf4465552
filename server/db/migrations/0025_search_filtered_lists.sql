-- Each list order under each code dimension of the counts (filteredListIndexDdl in server/search/productCollections.ts; a unit test checks this file holds its output).
CREATE INDEX "lease_companies_list_status_name_asc_idx" ON "lease_companies" (lower(status), (lower(nullif(name, '')) COLLATE "C") ASC NULLS LAST, seq DESC) INCLUDE (status, name);
--> statement-breakpoint
CREATE INDEX "suppliers_list_unit_status_modifiedat_desc_idx" ON "suppliers" (lower(unit_status), ((extract(epoch from (modified_at AT TIME ZONE 'UTC')))::int8) DESC NULLS LAST, seq DESC) INCLUDE (unit_status, modified_at);
--> statement-breakpoint
CREATE INDEX "supplier_groups_list_status_modifiedat_desc_idx" ON "supplier_groups" (lower(status), ((extract(epoch from (modified_at AT TIME ZONE 'UTC')))::int8) DESC NULLS LAST, seq DESC) INCLUDE (status, modified_at);
--> statement-breakpoint
CREATE INDEX "e_registrations_list_status_modifiedat_desc_idx" ON "e_registrations" (lower(status), ((extract(epoch from (modified_at AT TIME ZONE 'UTC')))::int8) DESC NULLS LAST, seq DESC) INCLUDE (status, modified_at);
--> statement-breakpoint
CREATE INDEX "enquiries_list_status_idx" ON "enquiries" (lower(status), seq DESC) INCLUDE (status);
--> statement-breakpoint
CREATE INDEX "archived_enquiries_list_status_idx" ON "archived_enquiries" (lower(status), seq DESC) INCLUDE (status);
