-- The inbox search matches usernames and message text through one `id in (… union …)` (decisions 034, 035); a
-- trigram index on the username keeps its side an index lookup too.
CREATE INDEX IF NOT EXISTS "conversations_username_trgm_idx" ON "conversations" USING gin ("customer_username" gin_trgm_ops);
