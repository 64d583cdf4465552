-- The typo vocabulary (server/search/vocabulary.ts; a unit test checks this file holds vocabularyDdl()).
CREATE TABLE "search_words" ("source" text NOT NULL, "label" char(1) NOT NULL, "word" text NOT NULL, "docs" integer NOT NULL, PRIMARY KEY ("source", "label", "word")) WITH (fillfactor = 80);
--> statement-breakpoint
CREATE INDEX "search_words_length_idx" ON "search_words" ("source", "label", (length("word")));
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE FUNCTION "search_typo_row"(q text, v text, k integer) RETURNS integer[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  n int := length(q);
  m int := least(length(v), n + k);
  qa text[] := string_to_array(q, NULL);
  va text[] := string_to_array(left(v, m), NULL);
  prev2 int[];
  prev int[] := '{0}';
  cur int[];
  best int;
  x int;
BEGIN
  FOR j IN 1..m LOOP prev[j + 1] := j; END LOOP;
  FOR i IN 1..n LOOP
    cur := prev;
    cur[1] := i;
    best := i;
    FOR j IN 1..m LOOP
      x := least(prev[j + 1] + 1, cur[j] + 1, prev[j] + CASE WHEN qa[i] = va[j] THEN 0 ELSE 1 END);
      IF i > 1 AND j > 1 AND qa[i] = va[j - 1] AND qa[i - 1] = va[j] AND prev2[j - 1] + 1 < x THEN
        x := prev2[j - 1] + 1;
      END IF;
      cur[j + 1] := x;
      IF x < best THEN best := x; END IF;
    END LOOP;
    IF best > k THEN RETURN NULL; END IF;
    prev2 := prev;
    prev := cur;
  END LOOP;
  RETURN prev;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "search_words_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone_labels char[];
  gone_words text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (SELECT label, word, sum(n)::int AS n FROM (SELECT w.label, u.lexeme AS word, 1 AS n FROM new_rows r, unnest(r.search_tsv) u, LATERAL (SELECT DISTINCT x AS label FROM unnest(u.weights) x) w WHERE w.label = ANY (TG_ARGV[0]::char[])) x GROUP BY label, word HAVING sum(n) <> 0),
      up AS (INSERT INTO search_words AS v (source, label, word, docs) SELECT TG_TABLE_NAME, label, word, n FROM d ORDER BY label, word
        ON CONFLICT (source, label, word) DO UPDATE SET docs = v.docs + EXCLUDED.docs RETURNING v.label, v.word, v.docs)
    SELECT array_agg(up.label), array_agg(up.word) INTO gone_labels, gone_words FROM up WHERE up.docs <= 0;
    -- A statement does not see its own upserts, hence a second one.
    DELETE FROM search_words v USING unnest(gone_labels, gone_words) g(label, word) WHERE v.source = TG_TABLE_NAME AND v.label = g.label AND v.word = g.word;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only rows whose words changed count; pairing old and new rows by id first keeps a bulk
    -- update of other columns from unnesting every tsvector.
    WITH d AS (SELECT label, word, sum(n)::int AS n FROM (SELECT w.label, u.lexeme AS word, c.n FROM (SELECT n.search_tsv, 1 AS n FROM new_rows n FULL JOIN old_rows o ON o.id = n.id WHERE n.search_tsv IS DISTINCT FROM o.search_tsv AND n.id IS NOT NULL
         UNION ALL SELECT o.search_tsv, -1 FROM new_rows n FULL JOIN old_rows o ON o.id = n.id WHERE n.search_tsv IS DISTINCT FROM o.search_tsv AND o.id IS NOT NULL) c,
         unnest(c.search_tsv) u, LATERAL (SELECT DISTINCT x AS label FROM unnest(u.weights) x) w WHERE w.label = ANY (TG_ARGV[0]::char[])) x GROUP BY label, word HAVING sum(n) <> 0),
      up AS (INSERT INTO search_words AS v (source, label, word, docs) SELECT TG_TABLE_NAME, label, word, n FROM d ORDER BY label, word
        ON CONFLICT (source, label, word) DO UPDATE SET docs = v.docs + EXCLUDED.docs RETURNING v.label, v.word, v.docs)
    SELECT array_agg(up.label), array_agg(up.word) INTO gone_labels, gone_words FROM up WHERE up.docs <= 0;
    -- A statement does not see its own upserts, hence a second one.
    DELETE FROM search_words v USING unnest(gone_labels, gone_words) g(label, word) WHERE v.source = TG_TABLE_NAME AND v.label = g.label AND v.word = g.word;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (SELECT label, word, sum(n)::int AS n FROM (SELECT w.label, u.lexeme AS word, -1 AS n FROM old_rows r, unnest(r.search_tsv) u, LATERAL (SELECT DISTINCT x AS label FROM unnest(u.weights) x) w WHERE w.label = ANY (TG_ARGV[0]::char[])) x GROUP BY label, word HAVING sum(n) <> 0),
      up AS (INSERT INTO search_words AS v (source, label, word, docs) SELECT TG_TABLE_NAME, label, word, n FROM d ORDER BY label, word
        ON CONFLICT (source, label, word) DO UPDATE SET docs = v.docs + EXCLUDED.docs RETURNING v.label, v.word, v.docs)
    SELECT array_agg(up.label), array_agg(up.word) INTO gone_labels, gone_words FROM up WHERE up.docs <= 0;
    -- A statement does not see its own upserts, hence a second one.
    DELETE FROM search_words v USING unnest(gone_labels, gone_words) g(label, word) WHERE v.source = TG_TABLE_NAME AND v.label = g.label AND v.word = g.word;
  ELSE
    DELETE FROM search_words WHERE source = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lease_companies_words_insert" AFTER INSERT ON "lease_companies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B,D}');
--> statement-breakpoint
CREATE TRIGGER "lease_companies_words_update" AFTER UPDATE ON "lease_companies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B,D}');
--> statement-breakpoint
CREATE TRIGGER "lease_companies_words_delete" AFTER DELETE ON "lease_companies" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B,D}');
--> statement-breakpoint
CREATE TRIGGER "lease_companies_words_truncate" AFTER TRUNCATE ON "lease_companies" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B,D}');
--> statement-breakpoint
INSERT INTO "search_words" (source, label, word, docs) SELECT 'lease_companies', label, word, count(*)::int FROM (SELECT w.label, u.lexeme AS word, 1 AS n FROM "lease_companies" r, unnest(r.search_tsv) u, LATERAL (SELECT DISTINCT x AS label FROM unnest(u.weights) x) w WHERE w.label = ANY ('{A,B,D}'::char[])) x GROUP BY label, word ORDER BY label, word;
--> statement-breakpoint
CREATE TRIGGER "suppliers_words_insert" AFTER INSERT ON "suppliers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B,D}');
--> statement-breakpoint
CREATE TRIGGER "suppliers_words_update" AFTER UPDATE ON "suppliers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B,D}');
--> statement-breakpoint
CREATE TRIGGER "suppliers_words_delete" AFTER DELETE ON "suppliers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B,D}');
--> statement-breakpoint
CREATE TRIGGER "suppliers_words_truncate" AFTER TRUNCATE ON "suppliers" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B,D}');
--> statement-breakpoint
INSERT INTO "search_words" (source, label, word, docs) SELECT 'suppliers', label, word, count(*)::int FROM (SELECT w.label, u.lexeme AS word, 1 AS n FROM "suppliers" r, unnest(r.search_tsv) u, LATERAL (SELECT DISTINCT x AS label FROM unnest(u.weights) x) w WHERE w.label = ANY ('{A,B,D}'::char[])) x GROUP BY label, word ORDER BY label, word;
--> statement-breakpoint
CREATE TRIGGER "supplier_groups_words_insert" AFTER INSERT ON "supplier_groups" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B}');
--> statement-breakpoint
CREATE TRIGGER "supplier_groups_words_update" AFTER UPDATE ON "supplier_groups" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B}');
--> statement-breakpoint
CREATE TRIGGER "supplier_groups_words_delete" AFTER DELETE ON "supplier_groups" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B}');
--> statement-breakpoint
CREATE TRIGGER "supplier_groups_words_truncate" AFTER TRUNCATE ON "supplier_groups" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B}');
--> statement-breakpoint
INSERT INTO "search_words" (source, label, word, docs) SELECT 'supplier_groups', label, word, count(*)::int FROM (SELECT w.label, u.lexeme AS word, 1 AS n FROM "supplier_groups" r, unnest(r.search_tsv) u, LATERAL (SELECT DISTINCT x AS label FROM unnest(u.weights) x) w WHERE w.label = ANY ('{A,B}'::char[])) x GROUP BY label, word ORDER BY label, word;
--> statement-breakpoint
CREATE TRIGGER "e_registrations_words_insert" AFTER INSERT ON "e_registrations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B,D}');
--> statement-breakpoint
CREATE TRIGGER "e_registrations_words_update" AFTER UPDATE ON "e_registrations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B,D}');
--> statement-breakpoint
CREATE TRIGGER "e_registrations_words_delete" AFTER DELETE ON "e_registrations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B,D}');
--> statement-breakpoint
CREATE TRIGGER "e_registrations_words_truncate" AFTER TRUNCATE ON "e_registrations" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B,D}');
--> statement-breakpoint
INSERT INTO "search_words" (source, label, word, docs) SELECT 'e_registrations', label, word, count(*)::int FROM (SELECT w.label, u.lexeme AS word, 1 AS n FROM "e_registrations" r, unnest(r.search_tsv) u, LATERAL (SELECT DISTINCT x AS label FROM unnest(u.weights) x) w WHERE w.label = ANY ('{A,B,D}'::char[])) x GROUP BY label, word ORDER BY label, word;
--> statement-breakpoint
CREATE TRIGGER "enquiries_words_insert" AFTER INSERT ON "enquiries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{B,C}');
--> statement-breakpoint
CREATE TRIGGER "enquiries_words_update" AFTER UPDATE ON "enquiries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{B,C}');
--> statement-breakpoint
CREATE TRIGGER "enquiries_words_delete" AFTER DELETE ON "enquiries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{B,C}');
--> statement-breakpoint
CREATE TRIGGER "enquiries_words_truncate" AFTER TRUNCATE ON "enquiries" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{B,C}');
--> statement-breakpoint
INSERT INTO "search_words" (source, label, word, docs) SELECT 'enquiries', label, word, count(*)::int FROM (SELECT w.label, u.lexeme AS word, 1 AS n FROM "enquiries" r, unnest(r.search_tsv) u, LATERAL (SELECT DISTINCT x AS label FROM unnest(u.weights) x) w WHERE w.label = ANY ('{B,C}'::char[])) x GROUP BY label, word ORDER BY label, word;
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_words_insert" AFTER INSERT ON "archived_enquiries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{B,C}');
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_words_update" AFTER UPDATE ON "archived_enquiries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{B,C}');
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_words_delete" AFTER DELETE ON "archived_enquiries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{B,C}');
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_words_truncate" AFTER TRUNCATE ON "archived_enquiries" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{B,C}');
--> statement-breakpoint
INSERT INTO "search_words" (source, label, word, docs) SELECT 'archived_enquiries', label, word, count(*)::int FROM (SELECT w.label, u.lexeme AS word, 1 AS n FROM "archived_enquiries" r, unnest(r.search_tsv) u, LATERAL (SELECT DISTINCT x AS label FROM unnest(u.weights) x) w WHERE w.label = ANY ('{B,C}'::char[])) x GROUP BY label, word ORDER BY label, word;
--> statement-breakpoint
CREATE TRIGGER "vehicles_words_insert" AFTER INSERT ON "vehicles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,D}');
--> statement-breakpoint
CREATE TRIGGER "vehicles_words_update" AFTER UPDATE ON "vehicles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,D}');
--> statement-breakpoint
CREATE TRIGGER "vehicles_words_delete" AFTER DELETE ON "vehicles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,D}');
--> statement-breakpoint
CREATE TRIGGER "vehicles_words_truncate" AFTER TRUNCATE ON "vehicles" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,D}');
--> statement-breakpoint
INSERT INTO "search_words" (source, label, word, docs) SELECT 'vehicles', label, word, count(*)::int FROM (SELECT w.label, u.lexeme AS word, 1 AS n FROM "vehicles" r, unnest(r.search_tsv) u, LATERAL (SELECT DISTINCT x AS label FROM unnest(u.weights) x) w WHERE w.label = ANY ('{A,D}'::char[])) x GROUP BY label, word ORDER BY label, word;
--> statement-breakpoint
CREATE TRIGGER "users_words_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B}');
--> statement-breakpoint
CREATE TRIGGER "users_words_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B}');
--> statement-breakpoint
CREATE TRIGGER "users_words_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B}');
--> statement-breakpoint
CREATE TRIGGER "users_words_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_sync"('{A,B}');
--> statement-breakpoint
INSERT INTO "search_words" (source, label, word, docs) SELECT 'users', label, word, count(*)::int FROM (SELECT w.label, u.lexeme AS word, 1 AS n FROM "users" r, unnest(r.search_tsv) u, LATERAL (SELECT DISTINCT x AS label FROM unnest(u.weights) x) w WHERE w.label = ANY ('{A,B}'::char[])) x GROUP BY label, word ORDER BY label, word;
