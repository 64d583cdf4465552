-- A save tells the words of the rows it changed (changeWordsDdl in server/search/productCollections.ts; a unit test checks this file holds its output).
CREATE FUNCTION search_changed_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n int;
  words text;
BEGIN
  SELECT count(*) INTO n FROM (SELECT 1 FROM new_rows LIMIT 33) x;
  IF n = 0 THEN
    RETURN NULL;
  END IF;
  IF n <= 32 THEN
    SELECT string_agg(DISTINCT w, ' ') INTO words
      FROM (SELECT search_tsv FROM old_rows UNION ALL SELECT search_tsv FROM new_rows) r, unnest(tsvector_to_array(r.search_tsv)) w;
  END IF;
  IF n > 32 OR octet_length(coalesce(words, '')) > 7000 THEN
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME || ' ' || coalesce(words, ''));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "lease_companies_search_changed" ON "lease_companies";
--> statement-breakpoint
CREATE TRIGGER "lease_companies_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "lease_companies" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "lease_companies_search_changed_words" AFTER UPDATE ON "lease_companies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changed_words();
--> statement-breakpoint
DROP TRIGGER "suppliers_search_changed" ON "suppliers";
--> statement-breakpoint
CREATE TRIGGER "suppliers_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "suppliers" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "suppliers_search_changed_words" AFTER UPDATE ON "suppliers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changed_words();
--> statement-breakpoint
DROP TRIGGER "supplier_groups_search_changed" ON "supplier_groups";
--> statement-breakpoint
CREATE TRIGGER "supplier_groups_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "supplier_groups" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "supplier_groups_search_changed_words" AFTER UPDATE ON "supplier_groups" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changed_words();
--> statement-breakpoint
DROP TRIGGER "e_registrations_search_changed" ON "e_registrations";
--> statement-breakpoint
CREATE TRIGGER "e_registrations_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "e_registrations" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "e_registrations_search_changed_words" AFTER UPDATE ON "e_registrations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changed_words();
--> statement-breakpoint
DROP TRIGGER "enquiries_search_changed" ON "enquiries";
--> statement-breakpoint
CREATE TRIGGER "enquiries_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "enquiries" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "enquiries_search_changed_words" AFTER UPDATE ON "enquiries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changed_words();
--> statement-breakpoint
DROP TRIGGER "archived_enquiries_search_changed" ON "archived_enquiries";
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "archived_enquiries" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_search_changed_words" AFTER UPDATE ON "archived_enquiries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changed_words();
--> statement-breakpoint
DROP TRIGGER "vehicles_search_changed" ON "vehicles";
--> statement-breakpoint
CREATE TRIGGER "vehicles_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "vehicles" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "vehicles_search_changed_words" AFTER UPDATE ON "vehicles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changed_words();
--> statement-breakpoint
DROP TRIGGER "users_search_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_search_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "users_search_changed_words" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changed_words();
