-- Counts kept ahead for broad prefixes, and their upkeep on the search projections (PREFIX_COUNTS_BASE_DDL and prefixCountsMigration in server/search/prefixCounts.ts; a unit test checks this file holds their output).
CREATE TABLE "search_broad_prefixes" ("source" text NOT NULL, "prefix" text NOT NULL, PRIMARY KEY ("source", "prefix"));
--> statement-breakpoint
CREATE TABLE "search_prefix_counts" ("source" text NOT NULL, "prefix" text NOT NULL, "sig" text NOT NULL, "k1" text, "k2" text, "k3" text, "n" bigint NOT NULL);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_prefix_counts_key" ON "search_prefix_counts" ("source", "prefix", "sig", "k1", "k2", "k3") NULLS NOT DISTINCT;
--> statement-breakpoint
CREATE FUNCTION "suppliers_search_prefixes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM search_broad_prefixes WHERE source = 'suppliers') THEN
    IF TG_OP = 'TRUNCATE' THEN DELETE FROM search_prefix_counts WHERE source = 'suppliers'; END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_prefix_counts AS c (source, prefix, sig, k1, k2, k3, n) SELECT 'suppliers', prefix, sig, k1, k2, k3, sum(n) FROM (SELECT s.prefix, s.sig, (r.unit_status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows r, LATERAL (
      SELECT b.prefix, string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) AS sig
      FROM unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o), generate_series(1, char_length(u.lexeme)) i, search_broad_prefixes b
      WHERE b.source = 'suppliers' AND b.prefix = left(u.lexeme, i) GROUP BY b.prefix) s) x GROUP BY prefix, sig, k1, k2, k3 HAVING sum(n) <> 0 ORDER BY prefix, sig, k1, k2, k3 ON CONFLICT (source, prefix, sig, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_prefix_counts AS c (source, prefix, sig, k1, k2, k3, n) SELECT 'suppliers', prefix, sig, k1, k2, k3, sum(n) FROM (SELECT s.prefix, s.sig, (r.unit_status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows r, LATERAL (
      SELECT b.prefix, string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) AS sig
      FROM unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o), generate_series(1, char_length(u.lexeme)) i, search_broad_prefixes b
      WHERE b.source = 'suppliers' AND b.prefix = left(u.lexeme, i) GROUP BY b.prefix) s UNION ALL SELECT s.prefix, s.sig, (r.unit_status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows r, LATERAL (
      SELECT b.prefix, string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) AS sig
      FROM unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o), generate_series(1, char_length(u.lexeme)) i, search_broad_prefixes b
      WHERE b.source = 'suppliers' AND b.prefix = left(u.lexeme, i) GROUP BY b.prefix) s) x GROUP BY prefix, sig, k1, k2, k3 HAVING sum(n) <> 0 ORDER BY prefix, sig, k1, k2, k3 ON CONFLICT (source, prefix, sig, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_prefix_counts AS c (source, prefix, sig, k1, k2, k3, n) SELECT 'suppliers', prefix, sig, k1, k2, k3, sum(n) FROM (SELECT s.prefix, s.sig, (r.unit_status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows r, LATERAL (
      SELECT b.prefix, string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) AS sig
      FROM unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o), generate_series(1, char_length(u.lexeme)) i, search_broad_prefixes b
      WHERE b.source = 'suppliers' AND b.prefix = left(u.lexeme, i) GROUP BY b.prefix) s) x GROUP BY prefix, sig, k1, k2, k3 HAVING sum(n) <> 0 ORDER BY prefix, sig, k1, k2, k3 ON CONFLICT (source, prefix, sig, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    DELETE FROM search_prefix_counts WHERE source = 'suppliers';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "suppliers_search_prefixes_insert" AFTER INSERT ON "suppliers_search" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "suppliers_search_prefixes"();
--> statement-breakpoint
CREATE TRIGGER "suppliers_search_prefixes_update" AFTER UPDATE ON "suppliers_search" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "suppliers_search_prefixes"();
--> statement-breakpoint
CREATE TRIGGER "suppliers_search_prefixes_delete" AFTER DELETE ON "suppliers_search" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "suppliers_search_prefixes"();
--> statement-breakpoint
CREATE TRIGGER "suppliers_search_prefixes_truncate" AFTER TRUNCATE ON "suppliers_search" FOR EACH STATEMENT EXECUTE FUNCTION "suppliers_search_prefixes"();
--> statement-breakpoint
CREATE FUNCTION "suppliers_search_prefixes_refresh"(min_docs integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  pct float8;
  sampled bigint;
BEGIN
  LOCK TABLE "suppliers_search" IN SHARE ROW EXCLUSIVE MODE;
  SELECT count(*) INTO total FROM "suppliers_search";
  pct := least(100, 100.0 * 50000 / greatest(total, 1));
  EXECUTE format('SELECT count(*) FROM "suppliers_search" TABLESAMPLE SYSTEM (%s) REPEATABLE (1)', pct) INTO sampled;
  CREATE TEMP TABLE search_prefixes_wanted ON COMMIT DROP AS
    SELECT left(s.word, i) AS prefix FROM ts_stat(format('SELECT search_tsv FROM "suppliers_search" TABLESAMPLE SYSTEM (%s) REPEATABLE (1)', pct)) s, generate_series(1, char_length(s.word)) i
    GROUP BY 1 HAVING sum(s.ndoc) * total >= min_docs::float8 * greatest(sampled, 1);
  DELETE FROM search_prefix_counts c WHERE c.source = 'suppliers' AND NOT EXISTS (SELECT 1 FROM search_prefixes_wanted w WHERE w.prefix = c.prefix);
  DELETE FROM search_broad_prefixes b WHERE b.source = 'suppliers' AND NOT EXISTS (SELECT 1 FROM search_prefixes_wanted w WHERE w.prefix = b.prefix);
  DELETE FROM search_prefixes_wanted w WHERE EXISTS (SELECT 1 FROM search_broad_prefixes b WHERE b.source = 'suppliers' AND b.prefix = w.prefix);
  INSERT INTO search_broad_prefixes (source, prefix) SELECT 'suppliers', prefix FROM search_prefixes_wanted;
  INSERT INTO search_prefix_counts (source, prefix, sig, k1, k2, k3, n)
    SELECT 'suppliers', w.prefix, x.sig, x.k1, x.k2, x.k3, count(*) FROM search_prefixes_wanted w, LATERAL (
      SELECT (SELECT string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) FROM unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o) WHERE starts_with(u.lexeme, w.prefix)) AS sig, (r.unit_status)::text AS k1, NULL::text AS k2, NULL::text AS k3 FROM "suppliers_search" r WHERE r.search_tsv @@ ('''' || replace(replace(w.prefix, E'\\', E'\\\\'), '''', '''''') || ''':*')::tsquery) x
    GROUP BY w.prefix, x.sig, x.k1, x.k2, x.k3;
  DROP TABLE search_prefixes_wanted;
  RETURN (SELECT count(*) FROM search_broad_prefixes WHERE source = 'suppliers');
END $$;
--> statement-breakpoint
CREATE FUNCTION "enquiries_search_prefixes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM search_broad_prefixes WHERE source = 'enquiries') THEN
    IF TG_OP = 'TRUNCATE' THEN DELETE FROM search_prefix_counts WHERE source = 'enquiries'; END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_prefix_counts AS c (source, prefix, sig, k1, k2, k3, n) SELECT 'enquiries', prefix, sig, k1, k2, k3, sum(n) FROM (SELECT s.prefix, s.sig, (r.status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows r, LATERAL (
      SELECT b.prefix, string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) AS sig
      FROM unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o), generate_series(1, char_length(u.lexeme)) i, search_broad_prefixes b
      WHERE b.source = 'enquiries' AND b.prefix = left(u.lexeme, i) GROUP BY b.prefix) s) x GROUP BY prefix, sig, k1, k2, k3 HAVING sum(n) <> 0 ORDER BY prefix, sig, k1, k2, k3 ON CONFLICT (source, prefix, sig, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_prefix_counts AS c (source, prefix, sig, k1, k2, k3, n) SELECT 'enquiries', prefix, sig, k1, k2, k3, sum(n) FROM (SELECT s.prefix, s.sig, (r.status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows r, LATERAL (
      SELECT b.prefix, string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) AS sig
      FROM unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o), generate_series(1, char_length(u.lexeme)) i, search_broad_prefixes b
      WHERE b.source = 'enquiries' AND b.prefix = left(u.lexeme, i) GROUP BY b.prefix) s UNION ALL SELECT s.prefix, s.sig, (r.status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows r, LATERAL (
      SELECT b.prefix, string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) AS sig
      FROM unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o), generate_series(1, char_length(u.lexeme)) i, search_broad_prefixes b
      WHERE b.source = 'enquiries' AND b.prefix = left(u.lexeme, i) GROUP BY b.prefix) s) x GROUP BY prefix, sig, k1, k2, k3 HAVING sum(n) <> 0 ORDER BY prefix, sig, k1, k2, k3 ON CONFLICT (source, prefix, sig, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_prefix_counts AS c (source, prefix, sig, k1, k2, k3, n) SELECT 'enquiries', prefix, sig, k1, k2, k3, sum(n) FROM (SELECT s.prefix, s.sig, (r.status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows r, LATERAL (
      SELECT b.prefix, string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) AS sig
      FROM unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o), generate_series(1, char_length(u.lexeme)) i, search_broad_prefixes b
      WHERE b.source = 'enquiries' AND b.prefix = left(u.lexeme, i) GROUP BY b.prefix) s) x GROUP BY prefix, sig, k1, k2, k3 HAVING sum(n) <> 0 ORDER BY prefix, sig, k1, k2, k3 ON CONFLICT (source, prefix, sig, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    DELETE FROM search_prefix_counts WHERE source = 'enquiries';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "enquiries_search_prefixes_insert" AFTER INSERT ON "enquiries_search" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "enquiries_search_prefixes"();
--> statement-breakpoint
CREATE TRIGGER "enquiries_search_prefixes_update" AFTER UPDATE ON "enquiries_search" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "enquiries_search_prefixes"();
--> statement-breakpoint
CREATE TRIGGER "enquiries_search_prefixes_delete" AFTER DELETE ON "enquiries_search" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "enquiries_search_prefixes"();
--> statement-breakpoint
CREATE TRIGGER "enquiries_search_prefixes_truncate" AFTER TRUNCATE ON "enquiries_search" FOR EACH STATEMENT EXECUTE FUNCTION "enquiries_search_prefixes"();
--> statement-breakpoint
CREATE FUNCTION "enquiries_search_prefixes_refresh"(min_docs integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  pct float8;
  sampled bigint;
BEGIN
  LOCK TABLE "enquiries_search" IN SHARE ROW EXCLUSIVE MODE;
  SELECT count(*) INTO total FROM "enquiries_search";
  pct := least(100, 100.0 * 50000 / greatest(total, 1));
  EXECUTE format('SELECT count(*) FROM "enquiries_search" TABLESAMPLE SYSTEM (%s) REPEATABLE (1)', pct) INTO sampled;
  CREATE TEMP TABLE search_prefixes_wanted ON COMMIT DROP AS
    SELECT left(s.word, i) AS prefix FROM ts_stat(format('SELECT search_tsv FROM "enquiries_search" TABLESAMPLE SYSTEM (%s) REPEATABLE (1)', pct)) s, generate_series(1, char_length(s.word)) i
    GROUP BY 1 HAVING sum(s.ndoc) * total >= min_docs::float8 * greatest(sampled, 1);
  DELETE FROM search_prefix_counts c WHERE c.source = 'enquiries' AND NOT EXISTS (SELECT 1 FROM search_prefixes_wanted w WHERE w.prefix = c.prefix);
  DELETE FROM search_broad_prefixes b WHERE b.source = 'enquiries' AND NOT EXISTS (SELECT 1 FROM search_prefixes_wanted w WHERE w.prefix = b.prefix);
  DELETE FROM search_prefixes_wanted w WHERE EXISTS (SELECT 1 FROM search_broad_prefixes b WHERE b.source = 'enquiries' AND b.prefix = w.prefix);
  INSERT INTO search_broad_prefixes (source, prefix) SELECT 'enquiries', prefix FROM search_prefixes_wanted;
  INSERT INTO search_prefix_counts (source, prefix, sig, k1, k2, k3, n)
    SELECT 'enquiries', w.prefix, x.sig, x.k1, x.k2, x.k3, count(*) FROM search_prefixes_wanted w, LATERAL (
      SELECT (SELECT string_agg(coalesce(array_to_string(u.weights, ''), ''), ',' ORDER BY u.o) FROM unnest(r.search_tsv) WITH ORDINALITY u(lexeme, positions, weights, o) WHERE starts_with(u.lexeme, w.prefix)) AS sig, (r.status)::text AS k1, NULL::text AS k2, NULL::text AS k3 FROM "enquiries_search" r WHERE r.search_tsv @@ ('''' || replace(replace(w.prefix, E'\\', E'\\\\'), '''', '''''') || ''':*')::tsquery) x
    GROUP BY w.prefix, x.sig, x.k1, x.k2, x.k3;
  DROP TABLE search_prefixes_wanted;
  RETURN (SELECT count(*) FROM search_broad_prefixes WHERE source = 'enquiries');
END $$;
--> statement-breakpoint
SELECT "suppliers_search_prefixes_refresh"(5000);
--> statement-breakpoint
SELECT "enquiries_search_prefixes_refresh"(5000);
