-- ubp:reindex
-- A document keeps the line of its file where its body (the Markdown after
-- the frontmatter) starts, as the parser found it. Pages derived it by
-- looking for a section's stored text in the body, which fails when the
-- stored text differs from the file's (CRLF line ends, whose CRs the
-- sections drop), and every line of the page was then off by the
-- frontmatter's length. 0 stands for unknown (the old way is used). The
-- re-index this step asks for (first line) fills it.
ALTER TABLE documents ADD COLUMN body_line INTEGER NOT NULL DEFAULT 0;
