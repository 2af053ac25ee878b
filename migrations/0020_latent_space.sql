-- A latent space learned from the sections (engine/internal/latent): latent
-- semantic indexing, the semantic signal of long queries, which needs no
-- model from outside the project.
--
-- latent_model is the one model: its rank (the dimensions of its vectors),
-- the number of sections it was trained on (basis) and how many sections
-- were placed in it since (added); the engine trains it anew when added
-- reaches basis (the sections have doubled), so the cost of a training is
-- spread over as many new sections as it was trained on.
-- latent_terms holds each term's vector (latent.EncodeTerm) and IDF.
-- section_latent holds each section's place in the space (a unit vector,
-- latent.EncodeUnit), clustered by document: a search reads the vectors of
-- the documents it re-scores, each a range of the table. latent_pending lists the sections not yet placed:
-- the triggers add every new or changed section, the engine empties it
-- after each indexing run, once a model exists.
CREATE TABLE latent_model (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    rank  INTEGER NOT NULL,
    basis INTEGER NOT NULL,
    added INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE latent_terms (
    term TEXT PRIMARY KEY,
    idf  REAL NOT NULL,
    vec  BLOB NOT NULL
) WITHOUT ROWID;
CREATE TABLE section_latent (
    doc INTEGER NOT NULL,                       -- sections.document_id
    id  INTEGER NOT NULL,                       -- sections.id
    vec BLOB NOT NULL,
    PRIMARY KEY (doc, id)
) WITHOUT ROWID;
CREATE TABLE latent_pending (
    id INTEGER PRIMARY KEY                      -- sections.id
);
INSERT INTO latent_pending(id) SELECT id FROM sections;

CREATE TRIGGER latent_ai AFTER INSERT ON sections BEGIN
    INSERT OR IGNORE INTO latent_pending(id) VALUES (new.id);
END;
CREATE TRIGGER latent_au AFTER UPDATE OF heading, content ON sections BEGIN
    DELETE FROM section_latent WHERE doc = old.document_id AND id = old.id;
    INSERT OR IGNORE INTO latent_pending(id) VALUES (new.id);
END;
CREATE TRIGGER latent_ad AFTER DELETE ON sections BEGIN
    DELETE FROM section_latent WHERE doc = old.document_id AND id = old.id;
    DELETE FROM latent_pending WHERE id = old.id;
END;
