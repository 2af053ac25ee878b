-- A word-level full-text index beside the trigram one. English and other
-- Latin-script words are looked up here as word prefixes (their search stem
-- followed by *): a common word is one short doclist instead of the
-- intersection of several trigram doclists, and a stem matches only at the
-- start of a word ("old" is not found inside "threshold"). Japanese and
-- other scripts, phrases and identifiers with joiners keep sections_fts.
--
-- The tokenizer keeps cased letters and decimal digits (categories
-- 'Ll Lu Lt Nd'), so kana and punctuation separate words; it must stay the
-- same as query.WordTokenizer. No porter stemming: the query package's
-- stemmer, whose stems are prefixes of the words, is the one truth for
-- what matches and what the snippet marks.
CREATE VIRTUAL TABLE sections_words USING fts5(
    heading, content,
    content='sections', content_rowid='id',
    tokenize="unicode61 remove_diacritics 2 categories 'Ll Lu Lt Nd'"
);
CREATE TRIGGER sections_words_ai AFTER INSERT ON sections BEGIN
    INSERT INTO sections_words(rowid, heading, content) VALUES (new.id, new.heading, new.content);
END;
CREATE TRIGGER sections_words_ad AFTER DELETE ON sections BEGIN
    INSERT INTO sections_words(sections_words, rowid, heading, content) VALUES ('delete', old.id, old.heading, old.content);
END;
CREATE TRIGGER sections_words_au AFTER UPDATE ON sections BEGIN
    INSERT INTO sections_words(sections_words, rowid, heading, content) VALUES ('delete', old.id, old.heading, old.content);
    INSERT INTO sections_words(rowid, heading, content) VALUES (new.id, new.heading, new.content);
END;
-- Backfill an existing index from its sections.
INSERT INTO sections_words(sections_words) VALUES ('rebuild');
