-- The keys a link can find its target by (graph.LinkKeysOf), so that an
-- indexing run re-resolves only the links a changed document can affect
-- instead of every link. name_key is the folded file name the path,
-- relative and filename rules look up, NULL when any document may match
-- (a target such as ".." or ".md"; NULL also until the keys are filled);
-- text_key is the folded target the alias and title rules look up. The
-- next run resolves every link once, which fills the keys.

ALTER TABLE links ADD COLUMN name_key TEXT;
ALTER TABLE links ADD COLUMN text_key TEXT NOT NULL DEFAULT '';
CREATE INDEX links_name_key ON links(name_key);
CREATE INDEX links_text_key ON links(text_key);
INSERT OR REPLACE INTO meta(key, value) VALUES ('needs_relink', '1');
