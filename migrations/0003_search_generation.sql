-- A counter that every change to the sections or documents tables moves
-- forward, so a reader can tell in one row read whether they changed since
-- it last looked (search keeps derived, in-memory structures keyed by it).

CREATE TABLE search_generation (
    id INTEGER PRIMARY KEY CHECK (id = 1), -- exactly one row
    n  INTEGER NOT NULL
);
INSERT INTO search_generation(id, n) VALUES (1, 0);

CREATE TRIGGER search_generation_sections_ai AFTER INSERT ON sections BEGIN
    UPDATE search_generation SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER search_generation_sections_ad AFTER DELETE ON sections BEGIN
    UPDATE search_generation SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER search_generation_sections_au AFTER UPDATE ON sections BEGIN
    UPDATE search_generation SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER search_generation_documents_ai AFTER INSERT ON documents BEGIN
    UPDATE search_generation SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER search_generation_documents_ad AFTER DELETE ON documents BEGIN
    UPDATE search_generation SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER search_generation_documents_au AFTER UPDATE ON documents BEGIN
    UPDATE search_generation SET n = n + 1 WHERE id = 1;
END;
