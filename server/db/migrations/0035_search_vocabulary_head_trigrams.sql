-- A trigram index of the first characters of each table's vocabulary words (vocabularyHeadTrigramDdl in server/search/vocabulary.ts; a unit test checks this file holds its output).
CREATE INDEX "search_words_archived_enquiries_head_trgm_idx" ON "search_words" USING gin ((left("word", 16)) gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'archived_enquiries';
--> statement-breakpoint
CREATE INDEX "search_words_e_registrations_head_trgm_idx" ON "search_words" USING gin ((left("word", 16)) gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'e_registrations';
--> statement-breakpoint
CREATE INDEX "search_words_enquiries_head_trgm_idx" ON "search_words" USING gin ((left("word", 16)) gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'enquiries';
--> statement-breakpoint
CREATE INDEX "search_words_lease_companies_head_trgm_idx" ON "search_words" USING gin ((left("word", 16)) gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'lease_companies';
--> statement-breakpoint
CREATE INDEX "search_words_supplier_groups_head_trgm_idx" ON "search_words" USING gin ((left("word", 16)) gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'supplier_groups';
--> statement-breakpoint
CREATE INDEX "search_words_suppliers_head_trgm_idx" ON "search_words" USING gin ((left("word", 16)) gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'suppliers';
--> statement-breakpoint
CREATE INDEX "search_words_users_head_trgm_idx" ON "search_words" USING gin ((left("word", 16)) gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'users';
--> statement-breakpoint
CREATE INDEX "search_words_vehicles_head_trgm_idx" ON "search_words" USING gin ((left("word", 16)) gin_trgm_ops) WITH (fastupdate = off) WHERE "source" = 'vehicles';
