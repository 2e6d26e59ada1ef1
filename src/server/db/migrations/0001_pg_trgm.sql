-- issue 10: trigram similarity for product search (trusted extension since PostgreSQL 13; PGlite loads it from contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
