-- ubp:reindex
-- A long section cut in parts is cut before its sub-headings (#### and
-- deeper), not between one and its text (index.splitSection): a part
-- ended with the heading and the next held its text without it. Only
-- re-parsing the files moves the cuts, hence the re-index; nothing in the
-- schema changes.
SELECT 1;
