-- Section vectors for semantic search (engine/vecstore).
--
-- section_embeddings keeps each section's raw vector (as the provider gave
-- it, unit length, before common-component removal) with the model that
-- made it and a hash of the embedded text, so unchanged sections are never
-- embedded twice. An empty vector means "embedded, but the model found
-- nothing to embed" (Japanese text under the static model).
--
-- The KNN index itself, a sqlite-vec vec0 table named section_vectors
-- (cosine distance, float[dims]), is created at run time by vecstore for
-- the current model, because its dimensions are only known then; it is
-- rebuilt whenever the model or its dimensions change. vector_index
-- describes that table: which model and dimensions it holds and the common
-- component removed from its vectors.

CREATE TABLE section_embeddings (
    section_id INTEGER PRIMARY KEY REFERENCES sections(id) ON DELETE CASCADE,
    model      TEXT NOT NULL,                    -- embed.Provider.ModelID
    dims       INTEGER NOT NULL,                 -- 0 when vector is empty
    text_hash  TEXT NOT NULL,                    -- vecstore.TextHash of the embedded text
    vector     BLOB NOT NULL                     -- dims little-endian float32
);
CREATE INDEX section_embeddings_model ON section_embeddings(model);

CREATE TABLE vector_index (
    id        INTEGER PRIMARY KEY CHECK (id = 1), -- at most one row
    model     TEXT NOT NULL,
    dims      INTEGER NOT NULL CHECK (dims > 0),
    component BLOB                                -- NULL: none removed
);
