-- Levenshtein's distance in C (fuzzystrmatch), with which typo correction narrows its candidates before computing the exact distance (server/search/typos.ts).
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
