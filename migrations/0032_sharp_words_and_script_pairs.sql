-- Two more kinds of short terms join the short-term postings (section_units,
-- 0008 and 0030), written by the engine: a name of one letter or digit and
-- '#' (c#, f#, é#; query.SharpWords, kept as the letter and a full-width
-- '＃', which folded text never holds) and a pair of an ASCII letter or
-- digit beside a non-Latin letter or digit (表1, 第2; query.ScriptPairs).
-- Searches for them read the sections holding them instead of a LIKE or
-- instr() over every section's text. Only sections with a '#' or non-ASCII
-- text can hold either: their postings are dropped and they are queued, to
-- be written anew by the next indexing run (searches scan them meanwhile,
-- as while any section waits, see 0008). Nothing else needs re-indexing.
DELETE FROM section_units WHERE rowid IN (SELECT id FROM sections
    WHERE instr(heading, '#') > 0 OR instr(content, '#') > 0
       OR length(heading) < length(CAST(heading AS BLOB))
       OR length(content) < length(CAST(content AS BLOB)));
INSERT OR IGNORE INTO section_units_pending(id) SELECT id FROM sections
    WHERE instr(heading, '#') > 0 OR instr(content, '#') > 0
       OR length(heading) < length(CAST(heading AS BLOB))
       OR length(content) < length(CAST(content AS BLOB));
