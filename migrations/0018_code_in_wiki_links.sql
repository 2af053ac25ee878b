-- ubp:reindex
-- A wiki-link may hold inline code ([[`config.json`]], [[The `id` column]]):
-- the code counts as its text, as it renders, so the link targets
-- config.json or "The id column". Earlier parses dropped such links
-- without a word (neither resolved nor dangling), hence the re-index. A
-- title or alias holding inline code is also found by its text without
-- the backticks (graph.DocKeys): drop the documents' keys and resolve every
-- link once, which writes them again (as 0015_link_width did). The same
-- re-index heads the opening text of a page without an H1 by its title
-- (index.Parse), so a title only in the frontmatter is found by its words.
DELETE FROM document_keys;
DELETE FROM meta WHERE key = 'document_keys';
INSERT OR REPLACE INTO meta(key, value) VALUES ('needs_relink', '1');
