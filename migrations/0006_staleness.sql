-- Staleness of every document as of one HEAD commit and one state of the
-- index, under the configured baseline: computed once per change of HEAD
-- (and, for the documents added, edited or renamed, once per index run),
-- not per request, and read by search results, get-page, status and the
-- MCP tools, so they agree with `ubp stale`.

CREATE TABLE staleness_snapshot (
    id          INTEGER PRIMARY KEY CHECK (id = 1), -- at most one row
    head        TEXT NOT NULL,    -- HEAD commit; "" outside git or before the first commit
    generation  INTEGER NOT NULL, -- search_generation.n when it was computed
    config      TEXT NOT NULL,    -- the configured baseline: auto, index or git
    baseline    TEXT NOT NULL,    -- the baseline used: git or index
    checked_at  TEXT NOT NULL     -- RFC 3339
);

-- One row per document of the snapshot. refs holds, as JSON, the refs that
-- changed (ref, line, reason, commit, author, changed_at, uncommitted); the
-- level is derived again from changed_at when read, so a snapshot ages
-- from possibly_stale to stale without being recomputed. stats holds each
-- ref's size, mtime and file count when it was checked: a request that
-- finds them moved (an uncommitted edit) checks that document again.
CREATE TABLE staleness_documents (
    document_id INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
    version     TEXT NOT NULL,    -- content hash and path it was checked at
    tracked     INTEGER NOT NULL, -- 1 when the document has refs that were checked
    refs        TEXT NOT NULL,
    stats       TEXT NOT NULL
);
