-- ubp:reindex
-- A heading that ends with an attribute block naming its id
-- ("## Install the CLI {#install}", as Docusaurus, Hugo, Pandoc and MkDocs'
-- attr_list write it) has that id as its anchor and its text without the
-- braces (index.Parse): before, the section's heading kept "{#install}" and
-- its anchor was install-the-cli-install, so a link to page.md#install
-- named no section. Only re-parsing the files changes the sections, hence
-- the re-index; nothing in the schema changes.
SELECT 1;
