-- A search projection for archived enquiries, with its prefix counts (projectionDdl in server/search/projection.ts, prefixCountsMigration in server/search/prefixCounts.ts; a unit test checks this file holds their output).
CREATE TABLE "archived_enquiries_search" AS SELECT seq, search_tsv, status FROM "archived_enquiries" WITH NO DATA;
--> statement-breakpoint
ALTER TABLE "archived_enquiries_search" ADD PRIMARY KEY ("seq");
--> statement-breakpoint
CREATE INDEX "archived_enquiries_search_search_tsv_idx" ON "archived_enquiries_search" USING gin ("search_tsv");
--> statement-breakpoint
CREATE FUNCTION "archived_enquiries_search_project"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO archived_enquiries_search (seq, search_tsv, status) SELECT seq, search_tsv, status FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE archived_enquiries_search p SET search_tsv = n.search_tsv, status = n.status FROM new_rows n WHERE p.seq = n.seq AND (p.search_tsv IS DISTINCT FROM n.search_tsv OR p.status IS DISTINCT FROM n.status);
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM archived_enquiries_search WHERE seq IN (SELECT seq FROM old_rows);
  ELSE
    TRUNCATE archived_enquiries_search;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_project_insert" AFTER INSERT ON "archived_enquiries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "archived_enquiries_search_project"();
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_project_update" AFTER UPDATE ON "archived_enquiries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "archived_enquiries_search_project"();
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_project_delete" AFTER DELETE ON "archived_enquiries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "archived_enquiries_search_project"();
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_project_truncate" AFTER TRUNCATE ON "archived_enquiries" FOR EACH STATEMENT EXECUTE FUNCTION "archived_enquiries_search_project"();
--> statement-breakpoint
INSERT INTO archived_enquiries_search (seq, search_tsv, status) SELECT seq, search_tsv, status FROM "archived_enquiries";
--> statement-breakpoint
ANALYZE "archived_enquiries_search";
--> statement-breakpoint
CREATE FUNCTION "archived_enquiries_search_prefixes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM search_broad_prefixes WHERE source = 'archived_enquiries') THEN
    IF TG_OP = 'TRUNCATE' THEN DELETE FROM search_prefix_counts WHERE source = 'archived_enquiries'; END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_prefix_counts AS c (source, prefix, sig, k1, k2, k3, n) SELECT 'archived_enquiries', prefix, sig, k1, k2, k3, sum(n) FROM (SELECT s.prefix, s.sig, (r.status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows r, LATERAL (
      SELECT b.prefix, string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) AS sig
      FROM unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o), generate_series(1, char_length(u.lexeme)) i, search_broad_prefixes b
      WHERE b.source = 'archived_enquiries' AND b.prefix = left(u.lexeme, i) GROUP BY b.prefix) s) x GROUP BY prefix, sig, k1, k2, k3 HAVING sum(n) <> 0 ORDER BY prefix, sig, k1, k2, k3 ON CONFLICT (source, prefix, sig, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_prefix_counts AS c (source, prefix, sig, k1, k2, k3, n) SELECT 'archived_enquiries', prefix, sig, k1, k2, k3, sum(n) FROM (SELECT s.prefix, s.sig, (r.status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows r, LATERAL (
      SELECT b.prefix, string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) AS sig
      FROM unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o), generate_series(1, char_length(u.lexeme)) i, search_broad_prefixes b
      WHERE b.source = 'archived_enquiries' AND b.prefix = left(u.lexeme, i) GROUP BY b.prefix) s UNION ALL SELECT s.prefix, s.sig, (r.status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows r, LATERAL (
      SELECT b.prefix, string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) AS sig
      FROM unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o), generate_series(1, char_length(u.lexeme)) i, search_broad_prefixes b
      WHERE b.source = 'archived_enquiries' AND b.prefix = left(u.lexeme, i) GROUP BY b.prefix) s) x GROUP BY prefix, sig, k1, k2, k3 HAVING sum(n) <> 0 ORDER BY prefix, sig, k1, k2, k3 ON CONFLICT (source, prefix, sig, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_prefix_counts AS c (source, prefix, sig, k1, k2, k3, n) SELECT 'archived_enquiries', prefix, sig, k1, k2, k3, sum(n) FROM (SELECT s.prefix, s.sig, (r.status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows r, LATERAL (
      SELECT b.prefix, string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) AS sig
      FROM unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o), generate_series(1, char_length(u.lexeme)) i, search_broad_prefixes b
      WHERE b.source = 'archived_enquiries' AND b.prefix = left(u.lexeme, i) GROUP BY b.prefix) s) x GROUP BY prefix, sig, k1, k2, k3 HAVING sum(n) <> 0 ORDER BY prefix, sig, k1, k2, k3 ON CONFLICT (source, prefix, sig, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    DELETE FROM search_prefix_counts WHERE source = 'archived_enquiries';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_search_prefixes_insert" AFTER INSERT ON "archived_enquiries_search" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "archived_enquiries_search_prefixes"();
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_search_prefixes_update" AFTER UPDATE ON "archived_enquiries_search" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "archived_enquiries_search_prefixes"();
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_search_prefixes_delete" AFTER DELETE ON "archived_enquiries_search" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "archived_enquiries_search_prefixes"();
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_search_prefixes_truncate" AFTER TRUNCATE ON "archived_enquiries_search" FOR EACH STATEMENT EXECUTE FUNCTION "archived_enquiries_search_prefixes"();
--> statement-breakpoint
CREATE FUNCTION "archived_enquiries_search_prefixes_refresh"(min_docs integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  pct float8;
  sampled bigint;
BEGIN
  LOCK TABLE "archived_enquiries_search" IN SHARE ROW EXCLUSIVE MODE;
  SELECT count(*) INTO total FROM "archived_enquiries_search";
  pct := least(100, 100.0 * 50000 / greatest(total, 1));
  EXECUTE format('SELECT count(*) FROM "archived_enquiries_search" TABLESAMPLE SYSTEM (%s) REPEATABLE (1)', pct) INTO sampled;
  CREATE TEMP TABLE search_prefixes_wanted ON COMMIT DROP AS
    SELECT left(s.word, i) AS prefix FROM ts_stat(format('SELECT search_tsv FROM "archived_enquiries_search" TABLESAMPLE SYSTEM (%s) REPEATABLE (1)', pct)) s, generate_series(1, char_length(s.word)) i
    GROUP BY 1 HAVING sum(s.ndoc) * total >= min_docs::float8 * greatest(sampled, 1);
  DELETE FROM search_prefix_counts c WHERE c.source = 'archived_enquiries' AND NOT EXISTS (SELECT 1 FROM search_prefixes_wanted w WHERE w.prefix = c.prefix);
  DELETE FROM search_broad_prefixes b WHERE b.source = 'archived_enquiries' AND NOT EXISTS (SELECT 1 FROM search_prefixes_wanted w WHERE w.prefix = b.prefix);
  DELETE FROM search_prefixes_wanted w WHERE EXISTS (SELECT 1 FROM search_broad_prefixes b WHERE b.source = 'archived_enquiries' AND b.prefix = w.prefix);
  INSERT INTO search_broad_prefixes (source, prefix) SELECT 'archived_enquiries', prefix FROM search_prefixes_wanted;
  INSERT INTO search_prefix_counts (source, prefix, sig, k1, k2, k3, n)
    SELECT 'archived_enquiries', w.prefix, x.sig, x.k1, x.k2, x.k3, count(*) FROM search_prefixes_wanted w, LATERAL (
      SELECT (SELECT string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) FROM unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o) WHERE starts_with(u.lexeme, w.prefix)) AS sig, (r.status)::text AS k1, NULL::text AS k2, NULL::text AS k3 FROM "archived_enquiries_search" r WHERE r.search_tsv @@ ('''' || replace(replace(w.prefix, E'\\', E'\\\\'), '''', '''''') || ''':*')::tsquery) x
    GROUP BY w.prefix, x.sig, x.k1, x.k2, x.k3;
  DROP TABLE search_prefixes_wanted;
  RETURN (SELECT count(*) FROM search_broad_prefixes WHERE source = 'archived_enquiries');
END $$;
--> statement-breakpoint
SELECT "archived_enquiries_search_prefixes_refresh"(5000);
