-- ubp:reindex
-- A covering index of each document's path, size, time and hash. Every
-- read command first compares the files' sizes and times with the ones
-- stored (engine/freshness.go, pageread.EachFileStat) and every indexing
-- run starts from the stored paths and hashes (docwrite.StoredDocuments):
-- both scanned the documents table, whose rows hold the page bodies (975
-- pages at 10,000 documents), where this index holds the columns read.
CREATE INDEX documents_file_stats ON documents(filepath, file_size, file_mtime, content_hash);

-- The re-index: a Markdown link to a folder written without a slash
-- ([d](.), [d](..), [d](sub)), or to a folder whose page is readme.md or
-- index.markdown, now reaches the folder's page, which is also keyed by
-- the folder's name; and [[a]] in a document defining the reference [a]
-- stays a wiki-link. The keys of a folder's page change, and page lookup
-- finds a miss's candidates through the documents' keys (their second
-- form): drop the documents' keys and resolve every link once, which
-- writes them again (as 0015).
DELETE FROM document_keys;
DELETE FROM meta WHERE key = 'document_keys';
INSERT OR REPLACE INTO meta(key, value) VALUES ('needs_relink', '1');
