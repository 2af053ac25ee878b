-- ubp:reindex
-- A document keeps the warnings its last parse gave (frontmatter that does
-- not parse, so its title, doc_type and source_refs are ignored; HTML
-- nested too deep; ...): JSON array of {"line", "message"}, '[]' for none.
-- Before, they were only in the report of the run that parsed the file,
-- so a broken frontmatter missed then stayed unnoticed. `ubp status` counts
-- and lists them, get-page shows a page's own. The re-index this migration
-- asks for (first line) parses every document once to fill the column.
ALTER TABLE documents ADD COLUMN warnings TEXT NOT NULL DEFAULT '[]';
CREATE INDEX documents_with_warnings ON documents(filepath) WHERE warnings <> '[]';
