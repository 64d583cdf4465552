-- Extensions the schema relies on: trigram indexes for search (pg_trgm).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
