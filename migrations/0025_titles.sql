-- ubp:reindex
-- A frontmatter title or alias written over several lines (title: |, a
-- folded block, a quoted "a\n b") is one line, its white space runs folded
-- to one space (index.Parse): before, the title kept its line breaks in
-- results and in the keys links resolve by. A page whose body opens with
-- an HTML <h1> (as READMEs do), with no Markdown H1 and no frontmatter
-- title, is titled by that heading's text, no longer by its file name.
-- Only re-parsing the files changes the titles, hence the re-index;
-- nothing in the schema changes.
SELECT 1;
