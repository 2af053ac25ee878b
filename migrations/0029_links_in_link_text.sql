-- ubp:reindex
-- Links that parsing used to lose or misplace are read: a wiki-link in the
-- text of a Markdown link ([see [[inner]]](b.md)) is a link of its own
-- beside the Markdown link (index.Parse); a list item or block quote over
-- 256 KiB of indented code no longer gains a paragraph, and the links
-- written inside its code, from a byte the parse wrote into the file it
-- read. Only re-parsing the files changes the links, hence the re-index;
-- nothing in the schema changes.
SELECT 1;
