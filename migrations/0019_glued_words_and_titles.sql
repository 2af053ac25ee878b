-- ubp:reindex
-- A Latin word written right after a kanji with no space (新API, 再帰CTE,
-- 約470MB) is part of the kanji's token in the word index (sections_words),
-- so a three-letter word looked up there ("api") did not find it. The
-- short-term postings (section_units, 0008) now also keep such glued words
-- (query.GluedWords), which the engine writes: drop the units of every
-- section with non-ASCII text and queue it, so the next indexing run
-- writes them again with its glued words (search scans meanwhile, see
-- 0014).
DELETE FROM section_units WHERE rowid IN (SELECT id FROM sections
    WHERE length(heading) < length(CAST(heading AS BLOB)) OR length(content) < length(CAST(content AS BLOB)));
INSERT OR IGNORE INTO section_units_pending(id) SELECT id FROM sections
    WHERE length(heading) < length(CAST(heading AS BLOB)) OR length(content) < length(CAST(content AS BLOB));
--
-- The re-index keeps a section 0 of H1 headings only (index.Parse): a
-- page whose H1 is followed by an H2 (an ADR's "# Use PostgreSQL", then
-- "## Status") had its title as written nowhere in the index; and a
-- wiki-link to an attachment (![[diagram.png]]) is no link any more.
