-- A counter that every change to the links table moves forward. Together
-- with search_generation (documents and sections) it tells the engine when
-- its in-memory link graph is out of date, so searches do not re-read every
-- link. Cascaded deletes and SET NULL updates fire these triggers too.

CREATE TABLE link_generation (
    id INTEGER PRIMARY KEY CHECK (id = 1), -- exactly one row
    n  INTEGER NOT NULL
);
INSERT INTO link_generation(id, n) VALUES (1, 0);

CREATE TRIGGER link_generation_ai AFTER INSERT ON links BEGIN
    UPDATE link_generation SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER link_generation_ad AFTER DELETE ON links BEGIN
    UPDATE link_generation SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER link_generation_au AFTER UPDATE ON links BEGIN
    UPDATE link_generation SET n = n + 1 WHERE id = 1;
END;
