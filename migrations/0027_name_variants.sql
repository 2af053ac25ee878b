-- A page lookup that misses (a typo, an unknown name) read every
-- document's names twice: once to match the name ignoring case and width,
-- once for the "did you mean" suggestions. Each document now keeps the
-- hashes of the keys page lookup matches it by and of the spelling
-- variants of its file name and title (pageref.DocHashes: each cut at 20
-- letters with every one-letter deletion of it, and its folder names), so
-- that a lookup reads only the documents a name can mean or is one edit
-- away from. Complete with document_keys (meta key document_keys): drop
-- the documents' keys and resolve every link once, which writes both
-- again (as 0015_link_width did), without a re-index.
CREATE TABLE document_name_variants (
    hash        INTEGER NOT NULL,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    PRIMARY KEY (hash, document_id)
) WITHOUT ROWID;
CREATE INDEX document_name_variants_document ON document_name_variants(document_id);
DELETE FROM document_keys;
DELETE FROM meta WHERE key = 'document_keys';
INSERT OR REPLACE INTO meta(key, value) VALUES ('needs_relink', '1');
