-- The list orders' columns in the search projections, with those orders' indexes there (projectionSortsDdl in server/search/projection.ts; a unit test checks this file holds its output).
ALTER TABLE "suppliers_search" ADD COLUMN "modified_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "suppliers_search" p SET modified_at = t.modified_at FROM "suppliers" t WHERE t.seq = p.seq;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "suppliers_search_project"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO suppliers_search (seq, search_tsv, unit_status, group_id, modified_at) SELECT seq, search_tsv, unit_status, group_id, modified_at FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE suppliers_search p SET search_tsv = n.search_tsv, unit_status = n.unit_status, group_id = n.group_id, modified_at = n.modified_at FROM new_rows n WHERE p.seq = n.seq AND (p.search_tsv IS DISTINCT FROM n.search_tsv OR p.unit_status IS DISTINCT FROM n.unit_status OR p.group_id IS DISTINCT FROM n.group_id OR p.modified_at IS DISTINCT FROM n.modified_at);
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM suppliers_search WHERE seq IN (SELECT seq FROM old_rows);
  ELSE
    TRUNCATE suppliers_search;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE INDEX "suppliers_search_list_modifiedat_desc_idx" ON "suppliers_search" (((extract(epoch from (modified_at AT TIME ZONE 'UTC')))::int8) DESC NULLS LAST, seq DESC);
--> statement-breakpoint
CREATE INDEX "suppliers_search_list_unit_status_modifiedat_desc_idx" ON "suppliers_search" (lower(unit_status), ((extract(epoch from (modified_at AT TIME ZONE 'UTC')))::int8) DESC NULLS LAST, seq DESC) INCLUDE (unit_status, modified_at);
--> statement-breakpoint
ANALYZE "suppliers_search";
