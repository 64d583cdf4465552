-- Counts over the first dimension alone where a later one is an id (countsRollupDdl in server/search/counts.ts; a unit test checks this file holds its output).
CREATE OR REPLACE FUNCTION "suppliers_search_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'suppliers', k1, k2, k3, sum(n) FROM (SELECT (unit_status)::text AS k1, (group_id::text)::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'suppliers^1', k1, k2, k3, sum(n) FROM (SELECT (unit_status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'suppliers', k1, k2, k3, sum(n) FROM (SELECT (unit_status)::text AS k1, (group_id::text)::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows UNION ALL SELECT (unit_status)::text AS k1, (group_id::text)::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'suppliers^1', k1, k2, k3, sum(n) FROM (SELECT (unit_status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows UNION ALL SELECT (unit_status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'suppliers', k1, k2, k3, sum(n) FROM (SELECT (unit_status)::text AS k1, (group_id::text)::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'suppliers^1', k1, k2, k3, sum(n) FROM (SELECT (unit_status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    DELETE FROM search_counts WHERE source = 'suppliers';
    DELETE FROM search_counts WHERE source = 'suppliers^1';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'suppliers^1', k1, k2, k3, sum(n) FROM (SELECT (unit_status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM "suppliers") x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
--> statement-breakpoint
CREATE INDEX "search_counts_suppliers_k2_idx" ON "search_counts" ((k2::uuid)) WHERE source = 'suppliers';
