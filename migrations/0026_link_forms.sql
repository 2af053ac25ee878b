-- ubp:reindex
-- Links that parsing used to lose are read: a wiki-link whose text inline
-- Markdown split ([[a*b*c]], [[__init__]], [[Vec<T>]]) is taken as written;
-- wiki-links in frontmatter values (Obsidian properties: related: "[[x]]",
-- up: ["[[a]]", "[[b]]"]) are links of the frontmatter section, a key
-- naming a link type typing them; a Markdown link to a folder ([d](./),
-- [d](../), [d](/docs/)) reaches the folder's index page (index, README,
-- then _index). Only re-parsing the files finds these links, hence the
-- re-index; nothing in the schema changes.
SELECT 1;
