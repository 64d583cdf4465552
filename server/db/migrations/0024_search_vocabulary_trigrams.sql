-- A trigram index of the typo vocabulary per table, in place of the one over all tables (vocabularyTrigramDdl in server/search/vocabulary.ts; a unit test checks this file holds its output).
CREATE INDEX "search_words_archived_enquiries_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'archived_enquiries';
--> statement-breakpoint
CREATE INDEX "search_words_e_registrations_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'e_registrations';
--> statement-breakpoint
CREATE INDEX "search_words_enquiries_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'enquiries';
--> statement-breakpoint
CREATE INDEX "search_words_lease_companies_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'lease_companies';
--> statement-breakpoint
CREATE INDEX "search_words_supplier_groups_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'supplier_groups';
--> statement-breakpoint
CREATE INDEX "search_words_suppliers_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'suppliers';
--> statement-breakpoint
CREATE INDEX "search_words_users_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'users';
--> statement-breakpoint
CREATE INDEX "search_words_vehicles_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'vehicles';
--> statement-breakpoint
DROP INDEX "search_words_trgm_idx";
