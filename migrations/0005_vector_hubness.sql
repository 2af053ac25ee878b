-- Hub calibration of section vectors (engine/vecstore/hubness.go).
--
-- Some sections are "hubs": generic prose (a problem statement, an overview)
-- that is fairly similar to every query, and long documents with many such
-- sections win vector search for questions they do not answer. Each
-- section's bias is how similar it, and its document's best section, are
-- to sections of other documents in general; search subtracts it from the
-- cosine similarity. The biases are derived from the vectors and recomputed
-- after indexing whenever the vectors or the common component change;
-- vector_hubness_state records what they were computed from.

CREATE TABLE section_hubness (
    section_id INTEGER PRIMARY KEY REFERENCES sections(id) ON DELETE CASCADE,
    bias       REAL NOT NULL
);

CREATE TABLE vector_hubness_state (
    id          INTEGER PRIMARY KEY CHECK (id = 1), -- at most one row
    model       TEXT NOT NULL,                      -- embed.Provider.ModelID
    fingerprint TEXT NOT NULL                       -- vecstore.hubFingerprint of the input
);
