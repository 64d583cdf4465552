-- Exact counts per list filter value, and indexes in the list orders (server/search/counts.ts, listSortIndexDdl in productCollections.ts; a unit test checks this file holds their output).
CREATE TABLE "search_counts" ("source" text NOT NULL, "k1" text, "k2" text, "k3" text, "n" bigint NOT NULL);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_counts_key" ON "search_counts" ("source", "k1", "k2", "k3") NULLS NOT DISTINCT;
--> statement-breakpoint
CREATE FUNCTION "lease_companies_search_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'lease_companies', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'lease_companies', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows UNION ALL SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'lease_companies', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    DELETE FROM search_counts WHERE source = 'lease_companies';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lease_companies_count_insert" AFTER INSERT ON "lease_companies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lease_companies_search_count"();
--> statement-breakpoint
CREATE TRIGGER "lease_companies_count_update" AFTER UPDATE ON "lease_companies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lease_companies_search_count"();
--> statement-breakpoint
CREATE TRIGGER "lease_companies_count_delete" AFTER DELETE ON "lease_companies" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lease_companies_search_count"();
--> statement-breakpoint
CREATE TRIGGER "lease_companies_count_truncate" AFTER TRUNCATE ON "lease_companies" FOR EACH STATEMENT EXECUTE FUNCTION "lease_companies_search_count"();
--> statement-breakpoint
INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'lease_companies', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM "lease_companies") x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
--> statement-breakpoint
CREATE FUNCTION "suppliers_search_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'suppliers', k1, k2, k3, sum(n) FROM (SELECT (unit_status)::text AS k1, (group_id::text)::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'suppliers', k1, k2, k3, sum(n) FROM (SELECT (unit_status)::text AS k1, (group_id::text)::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows UNION ALL SELECT (unit_status)::text AS k1, (group_id::text)::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'suppliers', k1, k2, k3, sum(n) FROM (SELECT (unit_status)::text AS k1, (group_id::text)::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    DELETE FROM search_counts WHERE source = 'suppliers';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "suppliers_count_insert" AFTER INSERT ON "suppliers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "suppliers_search_count"();
--> statement-breakpoint
CREATE TRIGGER "suppliers_count_update" AFTER UPDATE ON "suppliers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "suppliers_search_count"();
--> statement-breakpoint
CREATE TRIGGER "suppliers_count_delete" AFTER DELETE ON "suppliers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "suppliers_search_count"();
--> statement-breakpoint
CREATE TRIGGER "suppliers_count_truncate" AFTER TRUNCATE ON "suppliers" FOR EACH STATEMENT EXECUTE FUNCTION "suppliers_search_count"();
--> statement-breakpoint
INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'suppliers', k1, k2, k3, sum(n) FROM (SELECT (unit_status)::text AS k1, (group_id::text)::text AS k2, NULL::text AS k3, 1 AS n FROM "suppliers") x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
--> statement-breakpoint
CREATE FUNCTION "supplier_groups_search_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'supplier_groups', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, (belongs_to_di_network)::text AS k2, (blocked)::text AS k3, 1 AS n FROM new_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'supplier_groups', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, (belongs_to_di_network)::text AS k2, (blocked)::text AS k3, 1 AS n FROM new_rows UNION ALL SELECT (status)::text AS k1, (belongs_to_di_network)::text AS k2, (blocked)::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'supplier_groups', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, (belongs_to_di_network)::text AS k2, (blocked)::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    DELETE FROM search_counts WHERE source = 'supplier_groups';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "supplier_groups_count_insert" AFTER INSERT ON "supplier_groups" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "supplier_groups_search_count"();
--> statement-breakpoint
CREATE TRIGGER "supplier_groups_count_update" AFTER UPDATE ON "supplier_groups" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "supplier_groups_search_count"();
--> statement-breakpoint
CREATE TRIGGER "supplier_groups_count_delete" AFTER DELETE ON "supplier_groups" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "supplier_groups_search_count"();
--> statement-breakpoint
CREATE TRIGGER "supplier_groups_count_truncate" AFTER TRUNCATE ON "supplier_groups" FOR EACH STATEMENT EXECUTE FUNCTION "supplier_groups_search_count"();
--> statement-breakpoint
INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'supplier_groups', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, (belongs_to_di_network)::text AS k2, (blocked)::text AS k3, 1 AS n FROM "supplier_groups") x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
--> statement-breakpoint
CREATE FUNCTION "e_registrations_search_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'e_registrations', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'e_registrations', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows UNION ALL SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'e_registrations', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    DELETE FROM search_counts WHERE source = 'e_registrations';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "e_registrations_count_insert" AFTER INSERT ON "e_registrations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "e_registrations_search_count"();
--> statement-breakpoint
CREATE TRIGGER "e_registrations_count_update" AFTER UPDATE ON "e_registrations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "e_registrations_search_count"();
--> statement-breakpoint
CREATE TRIGGER "e_registrations_count_delete" AFTER DELETE ON "e_registrations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "e_registrations_search_count"();
--> statement-breakpoint
CREATE TRIGGER "e_registrations_count_truncate" AFTER TRUNCATE ON "e_registrations" FOR EACH STATEMENT EXECUTE FUNCTION "e_registrations_search_count"();
--> statement-breakpoint
INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'e_registrations', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM "e_registrations") x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
--> statement-breakpoint
CREATE FUNCTION "enquiries_search_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'enquiries', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'enquiries', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows UNION ALL SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'enquiries', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    DELETE FROM search_counts WHERE source = 'enquiries';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "enquiries_count_insert" AFTER INSERT ON "enquiries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "enquiries_search_count"();
--> statement-breakpoint
CREATE TRIGGER "enquiries_count_update" AFTER UPDATE ON "enquiries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "enquiries_search_count"();
--> statement-breakpoint
CREATE TRIGGER "enquiries_count_delete" AFTER DELETE ON "enquiries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "enquiries_search_count"();
--> statement-breakpoint
CREATE TRIGGER "enquiries_count_truncate" AFTER TRUNCATE ON "enquiries" FOR EACH STATEMENT EXECUTE FUNCTION "enquiries_search_count"();
--> statement-breakpoint
INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'enquiries', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM "enquiries") x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
--> statement-breakpoint
CREATE FUNCTION "archived_enquiries_search_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'archived_enquiries', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'archived_enquiries', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows UNION ALL SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'archived_enquiries', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    DELETE FROM search_counts WHERE source = 'archived_enquiries';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_count_insert" AFTER INSERT ON "archived_enquiries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "archived_enquiries_search_count"();
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_count_update" AFTER UPDATE ON "archived_enquiries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "archived_enquiries_search_count"();
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_count_delete" AFTER DELETE ON "archived_enquiries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "archived_enquiries_search_count"();
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_count_truncate" AFTER TRUNCATE ON "archived_enquiries" FOR EACH STATEMENT EXECUTE FUNCTION "archived_enquiries_search_count"();
--> statement-breakpoint
INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'archived_enquiries', k1, k2, k3, sum(n) FROM (SELECT (status)::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM "archived_enquiries") x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
--> statement-breakpoint
CREATE FUNCTION "vehicles_search_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'vehicles', k1, k2, k3, sum(n) FROM (SELECT NULL::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'vehicles', k1, k2, k3, sum(n) FROM (SELECT NULL::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows UNION ALL SELECT NULL::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'vehicles', k1, k2, k3, sum(n) FROM (SELECT NULL::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    DELETE FROM search_counts WHERE source = 'vehicles';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "vehicles_count_insert" AFTER INSERT ON "vehicles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vehicles_search_count"();
--> statement-breakpoint
CREATE TRIGGER "vehicles_count_update" AFTER UPDATE ON "vehicles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vehicles_search_count"();
--> statement-breakpoint
CREATE TRIGGER "vehicles_count_delete" AFTER DELETE ON "vehicles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vehicles_search_count"();
--> statement-breakpoint
CREATE TRIGGER "vehicles_count_truncate" AFTER TRUNCATE ON "vehicles" FOR EACH STATEMENT EXECUTE FUNCTION "vehicles_search_count"();
--> statement-breakpoint
INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'vehicles', k1, k2, k3, sum(n) FROM (SELECT NULL::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM "vehicles") x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
--> statement-breakpoint
CREATE FUNCTION "users_search_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'users', k1, k2, k3, sum(n) FROM (SELECT NULL::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'users', k1, k2, k3, sum(n) FROM (SELECT NULL::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM new_rows UNION ALL SELECT NULL::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'users', k1, k2, k3, sum(n) FROM (SELECT NULL::text AS k1, NULL::text AS k2, NULL::text AS k3, -1 AS n FROM old_rows) x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    DELETE FROM search_counts WHERE source = 'users';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_count_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "users_search_count"();
--> statement-breakpoint
CREATE TRIGGER "users_count_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "users_search_count"();
--> statement-breakpoint
CREATE TRIGGER "users_count_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "users_search_count"();
--> statement-breakpoint
CREATE TRIGGER "users_count_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "users_search_count"();
--> statement-breakpoint
INSERT INTO search_counts AS c (source, k1, k2, k3, n) SELECT 'users', k1, k2, k3, sum(n) FROM (SELECT NULL::text AS k1, NULL::text AS k2, NULL::text AS k3, 1 AS n FROM "users") x GROUP BY k1, k2, k3 HAVING sum(n) <> 0 ORDER BY k1, k2, k3 ON CONFLICT (source, k1, k2, k3) DO UPDATE SET n = c.n + EXCLUDED.n;
--> statement-breakpoint
CREATE INDEX "lease_companies_list_name_asc_idx" ON "lease_companies" ((lower(nullif(name, '')) COLLATE "C") ASC NULLS LAST, seq DESC);
--> statement-breakpoint
CREATE INDEX "suppliers_list_modifiedat_desc_idx" ON "suppliers" (((extract(epoch from (modified_at AT TIME ZONE 'UTC')))::int8) DESC NULLS LAST, seq DESC);
--> statement-breakpoint
CREATE INDEX "supplier_groups_list_modifiedat_desc_idx" ON "supplier_groups" (((extract(epoch from (modified_at AT TIME ZONE 'UTC')))::int8) DESC NULLS LAST, seq DESC);
--> statement-breakpoint
CREATE INDEX "e_registrations_list_modifiedat_desc_idx" ON "e_registrations" (((extract(epoch from (modified_at AT TIME ZONE 'UTC')))::int8) DESC NULLS LAST, seq DESC);
