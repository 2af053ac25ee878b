-- ubp:reindex
-- Markdown links to a page's rendered name or route (index.Link.Rendered):
-- mdBook and Jekyll sources link to ch06-00-enums.html for
-- ch06-00-enums.md, VitePress and Docusaurus to ./getting-started. Such a
-- link resolves like one to the .md file; one that resolves to no document
-- (a generated page such as ../std/vec/struct.Vec.html) is no document
-- link: counts, page views and dangling lists leave it out, and it stays
-- stored only so that it resolves when its source appears. Earlier indexes
-- did not keep these links at all, hence the re-index.
ALTER TABLE links ADD COLUMN rendered INTEGER NOT NULL DEFAULT 0;
