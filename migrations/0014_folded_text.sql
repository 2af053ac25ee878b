-- Full text matches the sections' text in Unicode compatibility form
-- (NFKC, engine/query/textfold), as queries are folded: ＬＲＵ is found
-- by LRU and ｶﾞｲﾄﾞ by ガイド, and each by itself. The sections keep the text
-- as written (pages and snippets show it); sections_folded is the view of
-- their folded text that the full-text tables index, through ubp_nfkc, a
-- function every connection of ubp registers (engine/internal/store).
-- ASCII text (as many bytes as characters) is its own folded form and
-- skips the call into Go, which costs more than SQLite's own work.
-- Before this step both tables indexed the text as written.
CREATE VIEW sections_folded(id, document_id, heading, content) AS
    SELECT id, document_id,
        CASE WHEN length(heading) = length(CAST(heading AS BLOB)) THEN heading ELSE ubp_nfkc(heading) END,
        CASE WHEN length(content) = length(CAST(content AS BLOB)) THEN content ELSE ubp_nfkc(content) END
    FROM sections;

DROP TRIGGER IF EXISTS sections_fts_ai;
DROP TRIGGER IF EXISTS sections_fts_ad;
DROP TRIGGER IF EXISTS sections_fts_au;
DROP TRIGGER IF EXISTS sections_words_ai;
DROP TRIGGER IF EXISTS sections_words_ad;
DROP TRIGGER IF EXISTS sections_words_au;
DROP TABLE sections_fts;
DROP TABLE sections_words;

-- sections.folds is 1 when folding may change a letter, digit or kana of
-- the section (ＡＢＣ, ｶﾞ, ⽂; not only punctuation such as （ or 　): the
-- writer sets it (textfold.ChangesWords), and the scans for short terms
-- read the other rows as written instead of folding every row. Here,
-- before the full-text triggers exist, every row that folding changes at
-- all gets it.
ALTER TABLE sections ADD COLUMN folds INTEGER NOT NULL DEFAULT 0;
UPDATE sections SET folds = 1
    WHERE length(heading) < length(CAST(heading AS BLOB)) AND ubp_nfkc(heading) <> heading
       OR length(content) < length(CAST(content AS BLOB)) AND ubp_nfkc(content) <> content;

CREATE VIRTUAL TABLE sections_fts USING fts5(
    heading, content,
    content='sections_folded', content_rowid='id',
    tokenize='trigram'
);
CREATE TRIGGER sections_fts_ai AFTER INSERT ON sections BEGIN
    INSERT INTO sections_fts(rowid, heading, content) VALUES (new.id, CASE WHEN length(new.heading) = length(CAST(new.heading AS BLOB)) THEN new.heading ELSE ubp_nfkc(new.heading) END, CASE WHEN length(new.content) = length(CAST(new.content AS BLOB)) THEN new.content ELSE ubp_nfkc(new.content) END);
END;
CREATE TRIGGER sections_fts_ad AFTER DELETE ON sections BEGIN
    INSERT INTO sections_fts(sections_fts, rowid, heading, content) VALUES ('delete', old.id, CASE WHEN length(old.heading) = length(CAST(old.heading AS BLOB)) THEN old.heading ELSE ubp_nfkc(old.heading) END, CASE WHEN length(old.content) = length(CAST(old.content AS BLOB)) THEN old.content ELSE ubp_nfkc(old.content) END);
END;
CREATE TRIGGER sections_fts_au AFTER UPDATE ON sections BEGIN
    INSERT INTO sections_fts(sections_fts, rowid, heading, content) VALUES ('delete', old.id, CASE WHEN length(old.heading) = length(CAST(old.heading AS BLOB)) THEN old.heading ELSE ubp_nfkc(old.heading) END, CASE WHEN length(old.content) = length(CAST(old.content AS BLOB)) THEN old.content ELSE ubp_nfkc(old.content) END);
    INSERT INTO sections_fts(rowid, heading, content) VALUES (new.id, CASE WHEN length(new.heading) = length(CAST(new.heading AS BLOB)) THEN new.heading ELSE ubp_nfkc(new.heading) END, CASE WHEN length(new.content) = length(CAST(new.content AS BLOB)) THEN new.content ELSE ubp_nfkc(new.content) END);
END;

-- The word index's tokenizer must stay the same as query.WordTokenizer
-- (see 0010).
CREATE VIRTUAL TABLE sections_words USING fts5(
    heading, content,
    content='sections_folded', content_rowid='id',
    tokenize="unicode61 remove_diacritics 2 categories 'Ll Lu Lt Nd'"
);
CREATE TRIGGER sections_words_ai AFTER INSERT ON sections BEGIN
    INSERT INTO sections_words(rowid, heading, content) VALUES (new.id, CASE WHEN length(new.heading) = length(CAST(new.heading AS BLOB)) THEN new.heading ELSE ubp_nfkc(new.heading) END, CASE WHEN length(new.content) = length(CAST(new.content AS BLOB)) THEN new.content ELSE ubp_nfkc(new.content) END);
END;
CREATE TRIGGER sections_words_ad AFTER DELETE ON sections BEGIN
    INSERT INTO sections_words(sections_words, rowid, heading, content) VALUES ('delete', old.id, CASE WHEN length(old.heading) = length(CAST(old.heading AS BLOB)) THEN old.heading ELSE ubp_nfkc(old.heading) END, CASE WHEN length(old.content) = length(CAST(old.content AS BLOB)) THEN old.content ELSE ubp_nfkc(old.content) END);
END;
CREATE TRIGGER sections_words_au AFTER UPDATE ON sections BEGIN
    INSERT INTO sections_words(sections_words, rowid, heading, content) VALUES ('delete', old.id, CASE WHEN length(old.heading) = length(CAST(old.heading AS BLOB)) THEN old.heading ELSE ubp_nfkc(old.heading) END, CASE WHEN length(old.content) = length(CAST(old.content AS BLOB)) THEN old.content ELSE ubp_nfkc(old.content) END);
    INSERT INTO sections_words(rowid, heading, content) VALUES (new.id, CASE WHEN length(new.heading) = length(CAST(new.heading AS BLOB)) THEN new.heading ELSE ubp_nfkc(new.heading) END, CASE WHEN length(new.content) = length(CAST(new.content AS BLOB)) THEN new.content ELSE ubp_nfkc(new.content) END);
END;

INSERT INTO sections_fts(sections_fts) VALUES ('rebuild');
INSERT INTO sections_words(sections_words) VALUES ('rebuild');

-- The short units (0008) of the sections whose folded text differs are
-- written again, from the folded text, by the next indexing run (search
-- scans meanwhile, and the read commands start that run: engine.Freshness
-- reports the queue).
DELETE FROM section_units WHERE rowid IN (SELECT id FROM sections WHERE folds = 1);
INSERT OR IGNORE INTO section_units_pending(id) SELECT id FROM sections WHERE folds = 1;

-- A first build that an older ubp left with the full-text index deferred
-- (engine/internal/writer/fts.go) recorded the triggers it dropped: the
-- full-text ones above replace theirs, so the restore creates only the
-- others again (and still rebuilds both tables).
UPDATE meta SET value = json_set(value, '$.triggers', json((
    SELECT json_group_array(t.value) FROM json_each(meta.value, '$.triggers') AS t
    WHERE t.value NOT LIKE '%sections_fts%' AND t.value NOT LIKE '%sections_words%')))
WHERE key = 'fts_deferred';
