-- ubp:reindex
-- A Markdown link whose path leaves the docs folder (../README.md from its
-- top level, ../../CONTRIBUTING.md from a folder) is no document link any
-- more (index.Parse): ubp never reads such a file, the link could never
-- resolve, and status counted it as dangling although the file is there.
-- Only re-parsing the files drops them, hence the re-index; nothing in the
-- schema changes.
SELECT 1;
