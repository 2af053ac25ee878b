-- How many sections have a vector of each model, kept by triggers, so that
-- `ubp status` does not count the rows of section_embeddings (which hold
-- the raw vectors: reading 64,000 of them took 20 ms at 10,000 documents).
-- Only non-empty vectors (dims > 0) count, as vecstore.Count always did.

CREATE TABLE embedding_counts (
    model TEXT PRIMARY KEY,
    n     INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO embedding_counts(model, n)
    SELECT model, count(*) FROM section_embeddings WHERE dims > 0 GROUP BY model;

CREATE TRIGGER embedding_counts_ai AFTER INSERT ON section_embeddings WHEN new.dims > 0 BEGIN
    INSERT INTO embedding_counts(model, n) VALUES (new.model, 1)
        ON CONFLICT(model) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER embedding_counts_ad AFTER DELETE ON section_embeddings WHEN old.dims > 0 BEGIN
    UPDATE embedding_counts SET n = n - 1 WHERE model = old.model;
END;

CREATE TRIGGER embedding_counts_au AFTER UPDATE OF model, dims ON section_embeddings BEGIN
    UPDATE embedding_counts SET n = n - 1 WHERE model = old.model AND old.dims > 0;
    INSERT INTO embedding_counts(model, n) SELECT new.model, 1 WHERE new.dims > 0
        ON CONFLICT(model) DO UPDATE SET n = n + 1;
END;
