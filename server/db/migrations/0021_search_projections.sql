-- Narrow copies of the tables broad text searches count in, and statistics on the status filters (server/search/projection.ts, filterStatsDdl in counts.ts; a unit test checks this file holds their output).
CREATE TABLE "suppliers_search" AS SELECT seq, search_tsv, unit_status, group_id FROM "suppliers" WITH NO DATA;
--> statement-breakpoint
ALTER TABLE "suppliers_search" ADD PRIMARY KEY ("seq");
--> statement-breakpoint
CREATE INDEX "suppliers_search_search_tsv_idx" ON "suppliers_search" USING gin ("search_tsv");
--> statement-breakpoint
CREATE FUNCTION "suppliers_search_project"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO suppliers_search (seq, search_tsv, unit_status, group_id) SELECT seq, search_tsv, unit_status, group_id FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE suppliers_search p SET search_tsv = n.search_tsv, unit_status = n.unit_status, group_id = n.group_id FROM new_rows n WHERE p.seq = n.seq AND (p.search_tsv IS DISTINCT FROM n.search_tsv OR p.unit_status IS DISTINCT FROM n.unit_status OR p.group_id IS DISTINCT FROM n.group_id);
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM suppliers_search WHERE seq IN (SELECT seq FROM old_rows);
  ELSE
    TRUNCATE suppliers_search;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "suppliers_project_insert" AFTER INSERT ON "suppliers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "suppliers_search_project"();
--> statement-breakpoint
CREATE TRIGGER "suppliers_project_update" AFTER UPDATE ON "suppliers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "suppliers_search_project"();
--> statement-breakpoint
CREATE TRIGGER "suppliers_project_delete" AFTER DELETE ON "suppliers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "suppliers_search_project"();
--> statement-breakpoint
CREATE TRIGGER "suppliers_project_truncate" AFTER TRUNCATE ON "suppliers" FOR EACH STATEMENT EXECUTE FUNCTION "suppliers_search_project"();
--> statement-breakpoint
INSERT INTO suppliers_search (seq, search_tsv, unit_status, group_id) SELECT seq, search_tsv, unit_status, group_id FROM "suppliers";
--> statement-breakpoint
CREATE TABLE "enquiries_search" AS SELECT seq, search_tsv, status FROM "enquiries" WITH NO DATA;
--> statement-breakpoint
ALTER TABLE "enquiries_search" ADD PRIMARY KEY ("seq");
--> statement-breakpoint
CREATE INDEX "enquiries_search_search_tsv_idx" ON "enquiries_search" USING gin ("search_tsv");
--> statement-breakpoint
CREATE FUNCTION "enquiries_search_project"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO enquiries_search (seq, search_tsv, status) SELECT seq, search_tsv, status FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE enquiries_search p SET search_tsv = n.search_tsv, status = n.status FROM new_rows n WHERE p.seq = n.seq AND (p.search_tsv IS DISTINCT FROM n.search_tsv OR p.status IS DISTINCT FROM n.status);
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM enquiries_search WHERE seq IN (SELECT seq FROM old_rows);
  ELSE
    TRUNCATE enquiries_search;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "enquiries_project_insert" AFTER INSERT ON "enquiries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "enquiries_search_project"();
--> statement-breakpoint
CREATE TRIGGER "enquiries_project_update" AFTER UPDATE ON "enquiries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "enquiries_search_project"();
--> statement-breakpoint
CREATE TRIGGER "enquiries_project_delete" AFTER DELETE ON "enquiries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "enquiries_search_project"();
--> statement-breakpoint
CREATE TRIGGER "enquiries_project_truncate" AFTER TRUNCATE ON "enquiries" FOR EACH STATEMENT EXECUTE FUNCTION "enquiries_search_project"();
--> statement-breakpoint
INSERT INTO enquiries_search (seq, search_tsv, status) SELECT seq, search_tsv, status FROM "enquiries";
--> statement-breakpoint
CREATE STATISTICS "lease_companies_status_lower_stats" ON (lower(status)) FROM "lease_companies";
--> statement-breakpoint
ANALYZE "lease_companies";
--> statement-breakpoint
CREATE STATISTICS "suppliers_unit_status_lower_stats" ON (lower(unit_status)) FROM "suppliers";
--> statement-breakpoint
ANALYZE "suppliers";
--> statement-breakpoint
CREATE STATISTICS "supplier_groups_status_lower_stats" ON (lower(status)) FROM "supplier_groups";
--> statement-breakpoint
ANALYZE "supplier_groups";
--> statement-breakpoint
CREATE STATISTICS "e_registrations_status_lower_stats" ON (lower(status)) FROM "e_registrations";
--> statement-breakpoint
ANALYZE "e_registrations";
--> statement-breakpoint
CREATE STATISTICS "enquiries_status_lower_stats" ON (lower(status)) FROM "enquiries";
--> statement-breakpoint
ANALYZE "enquiries";
--> statement-breakpoint
CREATE STATISTICS "archived_enquiries_status_lower_stats" ON (lower(status)) FROM "archived_enquiries";
--> statement-breakpoint
ANALYZE "archived_enquiries";
