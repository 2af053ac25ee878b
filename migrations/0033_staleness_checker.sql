-- The stored staleness snapshot (0006) says which revision of the
-- staleness check computed it (stale.CheckRevision). A snapshot of another
-- revision is not served: after an upgrade whose check answers differently
-- (a ref moved before its document's baseline now names where it went),
-- search results, get-page, status and the MCP tools kept the old
-- binary's answers until HEAD or the index moved, while `ubp stale` gave
-- the new ones. Rows stored before are revision 0, so the next request
-- computes the snapshot again. No re-index.
ALTER TABLE staleness_snapshot ADD COLUMN checker INTEGER NOT NULL DEFAULT 0;
