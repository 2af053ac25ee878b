-- Each section vector is stored once (engine/internal/store/vecstore,
-- raw.go). Before, section_embeddings kept every raw vector and the vec0
-- table section_vectors the same vector minus the common component: 34 and
-- 37 MB at 10,000 documents. Now, once a vector is in the vec0 table, its
-- section_embeddings row keeps an empty vector and the two numbers that
-- give the raw vector back from the indexed one (embed.Project): along,
-- its coordinate along the common component, and scale, the length of
-- the rest before it was scaled to unit length. Only raw vectors not yet
-- indexed (a first build before its common component is known) stay in
-- staged_vectors (below). The rows written before keep their raw vectors,
-- which read as they are, until the next rewrite of the vector index (a
-- change of the common component, new cells, or `ubp index --full`)
-- drops them; nothing needs re-embedding.
ALTER TABLE section_embeddings ADD COLUMN along REAL;
ALTER TABLE section_embeddings ADD COLUMN scale REAL;

-- Raw vectors waiting for their common component (PutRaw, during a first
-- build) are kept here, not in section_embeddings, so that indexing them
-- empties this table and its pages go to the vec0 table written next: a
-- row of section_embeddings made smaller keeps its page as large. A
-- rewrite of the vec0 table stages the indexed vectors here too, so that
-- it reads and writes them a page at a time (vecstore, rewrite.go).
CREATE TABLE staged_vectors (
    section_id INTEGER PRIMARY KEY REFERENCES sections(id) ON DELETE CASCADE,
    vector     BLOB NOT NULL                     -- dims little-endian float32
);
