-- The keys a link can find its target by (graph.LinkKeysOf), so that an
-- indexing run re-resolves only the links a changed document can affect
-- instead of every link. name_key is the folded file name the path,
-- relative and filename rules look up, NULL when any document may match
-- (a target such as ".." or ".md"; NULL also until the keys are filled);
-- text_key is the folded target the alias and title rules look up. The
-- next run resolves every link once, which fills the keys.

ALTER TABLE links ADD COLUMN name_key TEXT;
ALTER TABLE links ADD COLUMN text_key TEXT NOT NULL DEFAULT '';
CREATE INDEX links_name_key ON links(name_key);
CREATE INDEX links_text_key ON links(text_key);
-- Every run reports the number of ambiguous links: counted from this index
-- rather than by reading every link.
CREATE INDEX links_ambiguous ON links(ambiguous) WHERE ambiguous = 1;
INSERT OR REPLACE INTO meta(key, value) VALUES ('needs_relink', '1');

-- The same keys of each document (graph.DocKeys: folded file name, title
-- and aliases), so that re-resolving a few links loads only the documents
-- they can name instead of every document. Complete once meta key
-- document_keys is set (the next full re-resolution fills it).
CREATE TABLE document_keys (
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    key         TEXT NOT NULL,
    PRIMARY KEY (document_id, key)
) WITHOUT ROWID;
CREATE INDEX document_keys_key ON document_keys(key);
