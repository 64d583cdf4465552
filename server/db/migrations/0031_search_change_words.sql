-- A save tells the words of the rows it changed (changeWordsDdl in server/search/productCollections.ts; a unit test checks this file holds its output).
DROP TRIGGER "lease_companies_search_changed" ON "lease_companies";
--> statement-breakpoint
CREATE FUNCTION "lease_companies_search_changed_words"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  words text;
  kind text;
BEGIN
  SELECT count(*) INTO changed FROM (SELECT 1 FROM new_rows LIMIT 33) x;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed <= 32 THEN
    SELECT string_agg(DISTINCT w, ' ') INTO words
      FROM (SELECT search_tsv FROM old_rows UNION ALL SELECT search_tsv FROM new_rows) r, unnest(tsvector_to_array(r.search_tsv)) w;
    SELECT CASE WHEN EXISTS (SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.seq = o.seq WHERE o.seq IS NULL OR n.seq IS NULL OR o.search_tsv IS DISTINCT FROM n.search_tsv OR o.status IS DISTINCT FROM n.status) THEN '*' ELSE '=' END INTO kind;
  END IF;
  IF changed > 32 OR octet_length(coalesce(words, '')) > 7000 THEN
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME || ' ' || kind || ' ' || coalesce(words, ''));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lease_companies_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "lease_companies" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "lease_companies_search_changed_words" AFTER UPDATE ON "lease_companies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lease_companies_search_changed_words"();
--> statement-breakpoint
DROP TRIGGER "suppliers_search_changed" ON "suppliers";
--> statement-breakpoint
CREATE FUNCTION "suppliers_search_changed_words"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  words text;
  kind text;
BEGIN
  SELECT count(*) INTO changed FROM (SELECT 1 FROM new_rows LIMIT 33) x;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed <= 32 THEN
    SELECT string_agg(DISTINCT w, ' ') INTO words
      FROM (SELECT search_tsv FROM old_rows UNION ALL SELECT search_tsv FROM new_rows) r, unnest(tsvector_to_array(r.search_tsv)) w;
    SELECT CASE WHEN EXISTS (SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.seq = o.seq WHERE o.seq IS NULL OR n.seq IS NULL OR o.search_tsv IS DISTINCT FROM n.search_tsv OR o.unit_status IS DISTINCT FROM n.unit_status OR o.group_id IS DISTINCT FROM n.group_id) THEN '*' ELSE '=' END INTO kind;
  END IF;
  IF changed > 32 OR octet_length(coalesce(words, '')) > 7000 THEN
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME || ' ' || kind || ' ' || coalesce(words, ''));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "suppliers_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "suppliers" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "suppliers_search_changed_words" AFTER UPDATE ON "suppliers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "suppliers_search_changed_words"();
--> statement-breakpoint
DROP TRIGGER "supplier_groups_search_changed" ON "supplier_groups";
--> statement-breakpoint
CREATE FUNCTION "supplier_groups_search_changed_words"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  words text;
  kind text;
BEGIN
  SELECT count(*) INTO changed FROM (SELECT 1 FROM new_rows LIMIT 33) x;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed <= 32 THEN
    SELECT string_agg(DISTINCT w, ' ') INTO words
      FROM (SELECT search_tsv FROM old_rows UNION ALL SELECT search_tsv FROM new_rows) r, unnest(tsvector_to_array(r.search_tsv)) w;
    SELECT CASE WHEN EXISTS (SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.seq = o.seq WHERE o.seq IS NULL OR n.seq IS NULL OR o.search_tsv IS DISTINCT FROM n.search_tsv OR o.status IS DISTINCT FROM n.status OR o.belongs_to_di_network IS DISTINCT FROM n.belongs_to_di_network OR o.blocked IS DISTINCT FROM n.blocked) THEN '*' ELSE '=' END INTO kind;
  END IF;
  IF changed > 32 OR octet_length(coalesce(words, '')) > 7000 THEN
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME || ' ' || kind || ' ' || coalesce(words, ''));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "supplier_groups_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "supplier_groups" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "supplier_groups_search_changed_words" AFTER UPDATE ON "supplier_groups" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "supplier_groups_search_changed_words"();
--> statement-breakpoint
DROP TRIGGER "e_registrations_search_changed" ON "e_registrations";
--> statement-breakpoint
CREATE FUNCTION "e_registrations_search_changed_words"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  words text;
  kind text;
BEGIN
  SELECT count(*) INTO changed FROM (SELECT 1 FROM new_rows LIMIT 33) x;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed <= 32 THEN
    SELECT string_agg(DISTINCT w, ' ') INTO words
      FROM (SELECT search_tsv FROM old_rows UNION ALL SELECT search_tsv FROM new_rows) r, unnest(tsvector_to_array(r.search_tsv)) w;
    SELECT CASE WHEN EXISTS (SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.seq = o.seq WHERE o.seq IS NULL OR n.seq IS NULL OR o.search_tsv IS DISTINCT FROM n.search_tsv OR o.status IS DISTINCT FROM n.status) THEN '*' ELSE '=' END INTO kind;
  END IF;
  IF changed > 32 OR octet_length(coalesce(words, '')) > 7000 THEN
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME || ' ' || kind || ' ' || coalesce(words, ''));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "e_registrations_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "e_registrations" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "e_registrations_search_changed_words" AFTER UPDATE ON "e_registrations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "e_registrations_search_changed_words"();
--> statement-breakpoint
DROP TRIGGER "enquiries_search_changed" ON "enquiries";
--> statement-breakpoint
CREATE FUNCTION "enquiries_search_changed_words"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  words text;
  kind text;
BEGIN
  SELECT count(*) INTO changed FROM (SELECT 1 FROM new_rows LIMIT 33) x;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed <= 32 THEN
    SELECT string_agg(DISTINCT w, ' ') INTO words
      FROM (SELECT search_tsv FROM old_rows UNION ALL SELECT search_tsv FROM new_rows) r, unnest(tsvector_to_array(r.search_tsv)) w;
    SELECT CASE WHEN EXISTS (SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.seq = o.seq WHERE o.seq IS NULL OR n.seq IS NULL OR o.search_tsv IS DISTINCT FROM n.search_tsv OR o.status IS DISTINCT FROM n.status) THEN '*' ELSE '=' END INTO kind;
  END IF;
  IF changed > 32 OR octet_length(coalesce(words, '')) > 7000 THEN
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME || ' ' || kind || ' ' || coalesce(words, ''));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "enquiries_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "enquiries" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "enquiries_search_changed_words" AFTER UPDATE ON "enquiries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "enquiries_search_changed_words"();
--> statement-breakpoint
DROP TRIGGER "archived_enquiries_search_changed" ON "archived_enquiries";
--> statement-breakpoint
CREATE FUNCTION "archived_enquiries_search_changed_words"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  words text;
  kind text;
BEGIN
  SELECT count(*) INTO changed FROM (SELECT 1 FROM new_rows LIMIT 33) x;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed <= 32 THEN
    SELECT string_agg(DISTINCT w, ' ') INTO words
      FROM (SELECT search_tsv FROM old_rows UNION ALL SELECT search_tsv FROM new_rows) r, unnest(tsvector_to_array(r.search_tsv)) w;
    SELECT CASE WHEN EXISTS (SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.seq = o.seq WHERE o.seq IS NULL OR n.seq IS NULL OR o.search_tsv IS DISTINCT FROM n.search_tsv OR o.status IS DISTINCT FROM n.status) THEN '*' ELSE '=' END INTO kind;
  END IF;
  IF changed > 32 OR octet_length(coalesce(words, '')) > 7000 THEN
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME || ' ' || kind || ' ' || coalesce(words, ''));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "archived_enquiries" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_search_changed_words" AFTER UPDATE ON "archived_enquiries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "archived_enquiries_search_changed_words"();
--> statement-breakpoint
DROP TRIGGER "vehicles_search_changed" ON "vehicles";
--> statement-breakpoint
CREATE FUNCTION "vehicles_search_changed_words"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  words text;
  kind text;
BEGIN
  SELECT count(*) INTO changed FROM (SELECT 1 FROM new_rows LIMIT 33) x;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed <= 32 THEN
    SELECT string_agg(DISTINCT w, ' ') INTO words
      FROM (SELECT search_tsv FROM old_rows UNION ALL SELECT search_tsv FROM new_rows) r, unnest(tsvector_to_array(r.search_tsv)) w;
    SELECT CASE WHEN EXISTS (SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.seq = o.seq WHERE o.seq IS NULL OR n.seq IS NULL OR o.search_tsv IS DISTINCT FROM n.search_tsv) THEN '*' ELSE '=' END INTO kind;
  END IF;
  IF changed > 32 OR octet_length(coalesce(words, '')) > 7000 THEN
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME || ' ' || kind || ' ' || coalesce(words, ''));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "vehicles_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "vehicles" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "vehicles_search_changed_words" AFTER UPDATE ON "vehicles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vehicles_search_changed_words"();
--> statement-breakpoint
DROP TRIGGER "users_search_changed" ON "users";
--> statement-breakpoint
CREATE FUNCTION "users_search_changed_words"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  words text;
  kind text;
BEGIN
  SELECT count(*) INTO changed FROM (SELECT 1 FROM new_rows LIMIT 33) x;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed <= 32 THEN
    SELECT string_agg(DISTINCT w, ' ') INTO words
      FROM (SELECT search_tsv FROM old_rows UNION ALL SELECT search_tsv FROM new_rows) r, unnest(tsvector_to_array(r.search_tsv)) w;
    SELECT CASE WHEN EXISTS (SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.seq = o.seq WHERE o.seq IS NULL OR n.seq IS NULL OR o.search_tsv IS DISTINCT FROM n.search_tsv) THEN '*' ELSE '=' END INTO kind;
  END IF;
  IF changed > 32 OR octet_length(coalesce(words, '')) > 7000 THEN
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME || ' ' || kind || ' ' || coalesce(words, ''));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "users_search_changed_words" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "users_search_changed_words"();
