-- ubp:reindex
-- The content of an MkDocs admonition (!!! note), collapsible block
-- (??? tip) or content tab (=== "macOS"), indented four spaces under its
-- marker line, is now read as Markdown (index.Parse), not as an indented
-- code block: its links count (the uv documentation of the shared corpora
-- had 339 links, now 389) and the block is one of its section's blocks.
-- Only re-parsing the files finds them, hence the re-index; nothing in the
-- schema changes.
SELECT 1;
