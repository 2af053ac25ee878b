-- The word index (sections_words, for short Latin words that must begin a
-- word) tokenizes the sections' folded text with every Han ideograph
-- blanked out (ubp_words, engine/query/textfold.Words). SQLite's unicode61
-- tokenizer keeps ideographs inside tokens whatever its categories, so
-- 新API was indexed as the one token 新api and a search for API did not find
-- it, though after a kanji the word begins (the matcher counts it so).
-- sections_folded_words is the view it indexes; ASCII text skips the call.
-- Nothing else changes: the table is rebuilt here, with no re-index.
CREATE VIEW sections_folded_words(id, document_id, heading, content) AS
    SELECT id, document_id,
        CASE WHEN length(heading) = length(CAST(heading AS BLOB)) THEN heading ELSE ubp_words(heading) END,
        CASE WHEN length(content) = length(CAST(content AS BLOB)) THEN content ELSE ubp_words(content) END
    FROM sections;

DROP TRIGGER IF EXISTS sections_words_ai;
DROP TRIGGER IF EXISTS sections_words_ad;
DROP TRIGGER IF EXISTS sections_words_au;
DROP TABLE sections_words;

-- The word index's tokenizer must stay the same as query.WordTokenizer
-- (see 0010).
CREATE VIRTUAL TABLE sections_words USING fts5(
    heading, content,
    content='sections_folded_words', content_rowid='id',
    tokenize="unicode61 remove_diacritics 2 categories 'Ll Lu Lt Nd'"
);
CREATE TRIGGER sections_words_ai AFTER INSERT ON sections BEGIN
    INSERT INTO sections_words(rowid, heading, content) VALUES (new.id, CASE WHEN length(new.heading) = length(CAST(new.heading AS BLOB)) THEN new.heading ELSE ubp_words(new.heading) END, CASE WHEN length(new.content) = length(CAST(new.content AS BLOB)) THEN new.content ELSE ubp_words(new.content) END);
END;
CREATE TRIGGER sections_words_ad AFTER DELETE ON sections BEGIN
    INSERT INTO sections_words(sections_words, rowid, heading, content) VALUES ('delete', old.id, CASE WHEN length(old.heading) = length(CAST(old.heading AS BLOB)) THEN old.heading ELSE ubp_words(old.heading) END, CASE WHEN length(old.content) = length(CAST(old.content AS BLOB)) THEN old.content ELSE ubp_words(old.content) END);
END;
CREATE TRIGGER sections_words_au AFTER UPDATE ON sections BEGIN
    INSERT INTO sections_words(sections_words, rowid, heading, content) VALUES ('delete', old.id, CASE WHEN length(old.heading) = length(CAST(old.heading AS BLOB)) THEN old.heading ELSE ubp_words(old.heading) END, CASE WHEN length(old.content) = length(CAST(old.content AS BLOB)) THEN old.content ELSE ubp_words(old.content) END);
    INSERT INTO sections_words(rowid, heading, content) VALUES (new.id, CASE WHEN length(new.heading) = length(CAST(new.heading AS BLOB)) THEN new.heading ELSE ubp_words(new.heading) END, CASE WHEN length(new.content) = length(CAST(new.content AS BLOB)) THEN new.content ELSE ubp_words(new.content) END);
END;

INSERT INTO sections_words(sections_words) VALUES ('rebuild');

-- A first build that an older ubp left with the full-text index deferred
-- (engine/internal/writer/fts.go) recorded the triggers it dropped: the
-- word-index ones above replace theirs, so the restore creates only the
-- others again (and still rebuilds both tables).
UPDATE meta SET value = json_set(value, '$.triggers', json((
    SELECT json_group_array(t.value) FROM json_each(meta.value, '$.triggers') AS t
    WHERE t.value NOT LIKE '%sections_words%')))
WHERE key = 'fts_deferred';
