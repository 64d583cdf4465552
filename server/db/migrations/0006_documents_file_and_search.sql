CREATE UNIQUE INDEX "documents_file_key" ON "documents" USING btree ("file_id");--> statement-breakpoint
-- The customer index counts documents (documentCount on the cards): a change to documents drops
-- cached answers like a change to lease_companies does (see 0004).
CREATE TRIGGER "documents_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "documents" FOR EACH STATEMENT EXECUTE FUNCTION search_changed();
