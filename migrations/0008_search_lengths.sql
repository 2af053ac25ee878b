-- What full-text scoring needs besides the matches themselves, kept in the
-- index so that a search reads only the rows of its candidates instead of
-- every section: each section's length (characters of heading and content,
-- as length() counts them: BM25's dl) and document, each document's
-- section count and length, and the corpus totals in one row (BM25's N and
-- avgdl, and the same per document). Narrow tables rather than columns on
-- sections and documents: filling a column would be an UPDATE of those
-- tables, which their full-text and generation triggers follow, and a
-- lookup here reads no text pages. Triggers keep them in step with every
-- insert, update and delete of a section (a deleted document's sections go
-- by cascade); existing indexes are filled here, without a rebuild.

CREATE TABLE section_lengths (
    id          INTEGER PRIMARY KEY,             -- sections.id
    document_id INTEGER NOT NULL,
    len         INTEGER NOT NULL                 -- length(heading) + length(content)
);

CREATE TABLE document_lengths (
    document_id INTEGER PRIMARY KEY,             -- documents with at least one section
    sections    INTEGER NOT NULL,
    len         INTEGER NOT NULL                 -- sum of its sections' len
);

CREATE TABLE corpus_lengths (
    id        INTEGER PRIMARY KEY CHECK (id = 1), -- exactly one row
    sections  INTEGER NOT NULL,
    len       INTEGER NOT NULL,
    documents INTEGER NOT NULL                    -- rows of document_lengths
);

INSERT INTO section_lengths(id, document_id, len)
    SELECT id, document_id, length(heading) + length(content) FROM sections;
INSERT INTO document_lengths(document_id, sections, len)
    SELECT document_id, count(*), sum(len) FROM section_lengths GROUP BY document_id;
INSERT INTO corpus_lengths(id, sections, len, documents)
    SELECT 1, (SELECT count(*) FROM section_lengths), (SELECT coalesce(sum(len), 0) FROM section_lengths),
           (SELECT count(*) FROM document_lengths);

CREATE TRIGGER document_lengths_ai AFTER INSERT ON document_lengths BEGIN
    UPDATE corpus_lengths SET documents = documents + 1 WHERE id = 1;
END;
CREATE TRIGGER document_lengths_ad AFTER DELETE ON document_lengths BEGIN
    UPDATE corpus_lengths SET documents = documents - 1 WHERE id = 1;
END;

CREATE TRIGGER section_lengths_ai AFTER INSERT ON sections BEGIN
    INSERT INTO section_lengths(id, document_id, len)
        VALUES (new.id, new.document_id, length(new.heading) + length(new.content));
    INSERT INTO document_lengths(document_id, sections, len)
        VALUES (new.document_id, 1, length(new.heading) + length(new.content))
        ON CONFLICT(document_id) DO UPDATE SET sections = sections + 1, len = len + excluded.len;
    UPDATE corpus_lengths SET sections = sections + 1, len = len + length(new.heading) + length(new.content) WHERE id = 1;
END;

CREATE TRIGGER section_lengths_ad AFTER DELETE ON sections BEGIN
    UPDATE document_lengths SET sections = sections - 1, len = len - (length(old.heading) + length(old.content))
        WHERE document_id = old.document_id;
    DELETE FROM document_lengths WHERE document_id = old.document_id AND sections <= 0;
    UPDATE corpus_lengths SET sections = sections - 1, len = len - (length(old.heading) + length(old.content)) WHERE id = 1;
    DELETE FROM section_lengths WHERE id = old.id;
END;

CREATE TRIGGER section_lengths_au AFTER UPDATE OF document_id, heading, content ON sections BEGIN
    UPDATE document_lengths SET sections = sections - 1, len = len - (length(old.heading) + length(old.content))
        WHERE document_id = old.document_id;
    DELETE FROM document_lengths WHERE document_id = old.document_id AND sections <= 0;
    INSERT INTO document_lengths(document_id, sections, len)
        VALUES (new.document_id, 1, length(new.heading) + length(new.content))
        ON CONFLICT(document_id) DO UPDATE SET sections = sections + 1, len = len + excluded.len;
    UPDATE corpus_lengths SET len = len - (length(old.heading) + length(old.content)) + (length(new.heading) + length(new.content))
        WHERE id = 1;
    UPDATE section_lengths SET document_id = new.document_id, len = length(new.heading) + length(new.content)
        WHERE id = old.id;
END;

-- Terms of one or two non-ASCII characters (検索, ログ, 古) are too short
-- for the trigram index. section_units indexes every such unit of each
-- section, heading and content apart, as many times as it occurs (a
-- doubled pair such as ーー without overlap): a contentless FTS5 table whose
-- rows are the units separated by spaces (the ascii tokenizer keeps
-- non-ASCII runs whole and folds nothing), written by the engine after
-- each indexing run (SQL cannot cut text into units). section_units_pending
-- lists the sections whose units are not written yet: the triggers add
-- every new or changed section with non-ASCII text (fewer characters than
-- bytes), the engine empties it; while it holds rows, search scans the
-- sections table for such terms instead.
-- section_units_instance reads a unit's occurrences per row and column.

CREATE VIRTUAL TABLE section_units USING fts5(
    heading, content,
    content='', contentless_delete=1,
    tokenize='ascii'
);
CREATE VIRTUAL TABLE section_units_instance USING fts5vocab(section_units, instance);

CREATE TABLE section_units_pending (
    id INTEGER PRIMARY KEY                      -- sections.id
);
INSERT INTO section_units_pending(id) SELECT id FROM sections
    WHERE length(heading) < length(CAST(heading AS BLOB)) OR length(content) < length(CAST(content AS BLOB));

CREATE TRIGGER section_units_ai AFTER INSERT ON sections
WHEN length(new.heading) < length(CAST(new.heading AS BLOB)) OR length(new.content) < length(CAST(new.content AS BLOB)) BEGIN
    INSERT OR IGNORE INTO section_units_pending(id) VALUES (new.id);
END;
CREATE TRIGGER section_units_au AFTER UPDATE OF heading, content ON sections BEGIN
    DELETE FROM section_units WHERE rowid = old.id;
    INSERT OR IGNORE INTO section_units_pending(id)
        SELECT new.id WHERE length(new.heading) < length(CAST(new.heading AS BLOB)) OR length(new.content) < length(CAST(new.content AS BLOB));
END;
CREATE TRIGGER section_units_ad AFTER DELETE ON sections BEGIN
    DELETE FROM section_units WHERE rowid = old.id;
    DELETE FROM section_units_pending WHERE id = old.id;
END;
