-- Offset indexes of the typo vocabulary and statistics on its (source, label) (vocabularyOffsetDdl in server/search/vocabulary.ts; a unit test checks this file holds its output).
CREATE INDEX "search_words_offset0_idx" ON "search_words" ("source", "label", "word" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "search_words_offset1_idx" ON "search_words" ("source", "label", (substr("word", 2)) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "search_words_offset2_idx" ON "search_words" ("source", "label", (substr("word", 3)) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "search_words_offset3_idx" ON "search_words" ("source", "label", (substr("word", 4)) text_pattern_ops);
--> statement-breakpoint
CREATE STATISTICS "search_words_source_label" (mcv) ON "source", "label" FROM "search_words";
