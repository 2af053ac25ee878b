-- Latin words of one or two characters (go, ai, x, UI in 新UI) join the
-- short-term postings (section_units, 0008), written by the engine
-- (query.ShortWords), so a search for one reads the sections holding it
-- instead of a LIKE over every section's text (the 26 letters at 10,000
-- documents took 13.7 s). Every section now has such postings, ASCII
-- text included, so the triggers queue every new or changed section, not
-- only those with non-ASCII text; the postings are written anew for every
-- section by the next indexing run (search scans meanwhile, see 0008).
DROP TRIGGER IF EXISTS section_units_ai;
DROP TRIGGER IF EXISTS section_units_au;
CREATE TRIGGER section_units_ai AFTER INSERT ON sections BEGIN
    INSERT OR IGNORE INTO section_units_pending(id) VALUES (new.id);
END;
CREATE TRIGGER section_units_au AFTER UPDATE OF heading, content ON sections BEGIN
    DELETE FROM section_units WHERE rowid = old.id;
    INSERT OR IGNORE INTO section_units_pending(id) VALUES (new.id);
END;
INSERT INTO section_units(section_units) VALUES ('delete-all');
INSERT OR IGNORE INTO section_units_pending(id) SELECT id FROM sections;
