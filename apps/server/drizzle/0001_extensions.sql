-- Trigram indexes make the as-you-type client search fast on large practices.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
