-- The username trigram index is written on conversation updates, and with GIN's pending list on (the default) the
-- planner sees unmerged entries it must scan as a list until autovacuum merges them; a search then reads every
-- username (decision 053). Written straight into the index instead: a few entries per new username.
ALTER INDEX "conversations_username_trgm_idx" SET (fastupdate = off);
