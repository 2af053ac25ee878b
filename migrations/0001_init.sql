-- Core document graph: documents, sections (with a trigram FTS index kept in
-- sync by triggers), links and source refs.

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE documents (
    id           INTEGER PRIMARY KEY,
    doc_id       TEXT NOT NULL UNIQUE,           -- stable public id, kept across renames
    filepath     TEXT NOT NULL UNIQUE,           -- relative to docs_dir, '/' separators, NFC
    title        TEXT NOT NULL,
    doc_type     TEXT NOT NULL CHECK (doc_type IN ('spec','design','adr','guide','api','meeting','todo','other')),
    body         TEXT NOT NULL,                  -- Markdown after the frontmatter
    frontmatter  TEXT NOT NULL DEFAULT '{}',     -- JSON of index.Frontmatter
    aliases      TEXT NOT NULL DEFAULT '[]',     -- JSON array, lower-cased NFC for lookup
    content_hash TEXT NOT NULL,                  -- SHA-256 of the file bytes
    file_size    INTEGER NOT NULL,
    file_mtime   INTEGER NOT NULL,               -- unix nanoseconds
    indexed_at   TEXT NOT NULL,                  -- RFC 3339, when last (re)parsed
    updated_at   TEXT NOT NULL                   -- RFC 3339, file modification time
);
CREATE INDEX documents_content_hash ON documents(content_hash);
CREATE INDEX documents_doc_type ON documents(doc_type);

CREATE TABLE sections (
    id           INTEGER PRIMARY KEY,
    document_id  INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    ord          INTEGER NOT NULL,
    heading      TEXT NOT NULL,
    heading_path TEXT NOT NULL,
    anchor       TEXT NOT NULL,
    level        INTEGER NOT NULL,
    content      TEXT NOT NULL,
    start_line   INTEGER NOT NULL,
    end_line     INTEGER NOT NULL,
    tokens       INTEGER NOT NULL,
    content_hash TEXT NOT NULL,                  -- SHA-256 of heading + content, for embedding reuse
    UNIQUE (document_id, ord)
);

CREATE VIRTUAL TABLE sections_fts USING fts5(
    heading, content,
    content='sections', content_rowid='id',
    tokenize='trigram'
);
CREATE TRIGGER sections_fts_ai AFTER INSERT ON sections BEGIN
    INSERT INTO sections_fts(rowid, heading, content) VALUES (new.id, new.heading, new.content);
END;
CREATE TRIGGER sections_fts_ad AFTER DELETE ON sections BEGIN
    INSERT INTO sections_fts(sections_fts, rowid, heading, content) VALUES ('delete', old.id, old.heading, old.content);
END;
CREATE TRIGGER sections_fts_au AFTER UPDATE ON sections BEGIN
    INSERT INTO sections_fts(sections_fts, rowid, heading, content) VALUES ('delete', old.id, old.heading, old.content);
    INSERT INTO sections_fts(rowid, heading, content) VALUES (new.id, new.heading, new.content);
END;

CREATE TABLE links (
    id             INTEGER PRIMARY KEY,
    source_id      INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    source_section INTEGER NOT NULL,             -- sections.ord in the source document
    target_id      INTEGER REFERENCES documents(id) ON DELETE SET NULL, -- NULL: dangling
    target_text    TEXT NOT NULL,                -- as written, without heading
    target_heading TEXT NOT NULL DEFAULT '',
    link_type      TEXT NOT NULL CHECK (link_type IN ('references','depends_on','implements','extends','conflicts_with')),
    kind           TEXT NOT NULL CHECK (kind IN ('wikilink','embed','markdown')),
    alias          TEXT NOT NULL DEFAULT '',
    line           INTEGER NOT NULL,
    context        TEXT NOT NULL DEFAULT '',
    ambiguous      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX links_source ON links(source_id);
CREATE INDEX links_target ON links(target_id);
CREATE INDEX links_dangling ON links(target_id) WHERE target_id IS NULL;

CREATE TABLE source_refs (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    path        TEXT NOT NULL,                   -- from the project root, as written
    symbol      TEXT NOT NULL DEFAULT '',        -- Go declaration after '#', '' for none
    line        INTEGER NOT NULL,                -- line of the entry in the document file
    sha256      TEXT,                            -- at last sync; NULL when it did not exist then
    file_size   INTEGER,                         -- at last sync, for cheap re-checks
    file_mtime  INTEGER,                         -- unix nanoseconds at last sync
    synced_at   TEXT NOT NULL                    -- RFC 3339
);
CREATE INDEX source_refs_document ON source_refs(document_id);
