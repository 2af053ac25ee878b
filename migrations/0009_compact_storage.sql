-- A smaller index (engine/docbody.go, engine/vecstore).
--
-- documents.body_kind says what documents.body holds: 0, the Markdown body
-- (every row written before this step); 1, a skeleton of it, the text
-- between its sections with a NUL byte where each section's content goes,
-- rebuilt from the sections table when read. The sections hold that text
-- already, so the index no longer stores it twice.
ALTER TABLE documents ADD COLUMN body_kind INTEGER NOT NULL DEFAULT 0;

-- Hub calibration (0005) is no longer computed or read.
DROP TABLE IF EXISTS section_hubness;
DROP TABLE IF EXISTS vector_hubness_state;

-- Every reader of section_embeddings either looks rows up by section_id or
-- reads them all in section_id order; an index on the model id (the same
-- value on almost every row) only cost space.
DROP INDEX IF EXISTS section_embeddings_model;
