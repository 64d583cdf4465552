-- Search answer cache (server/search/cache.ts): every statement that changes a table behind a
-- search collection, through any path (RPC handlers, jobs, the bulk seed, psql, TRUNCATE), tells
-- every API node on commit, so each drops the answers computed from the old rows. Statement-level:
-- one notification per statement, not per row; PostgreSQL folds repeats within a transaction.
-- The payload is the table name: a collection may read several tables, and one table may back
-- several collections.
CREATE FUNCTION search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fnc_search_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lease_companies_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lease_companies" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "suppliers_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suppliers" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "supplier_groups_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "supplier_groups" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "e_registrations_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "e_registrations" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "enquiries_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enquiries" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "archived_enquiries_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "archived_enquiries" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "vehicles_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vehicles" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
--> statement-breakpoint
CREATE TRIGGER "users_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
