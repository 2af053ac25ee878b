-- ubp:reindex
-- Link resolution ignores width as well as case in the filename, alias
-- and title rules (graph: [[API設計]] finds ＡＰＩ設計.md when nothing is
-- named API設計), so the keys a link and a document are found by are
-- widened too (graph.LinkKeysOf, graph.DocKeys). The keys stored before
-- were folded for case only: drop the documents' keys and resolve every
-- link once, which writes both again (as after 0007_link_keys). That run
-- also applies graph.Resolver.ResolveLink's rule for Markdown links written
-- ./x.md or ../x.md (no match by file name in another folder).
DELETE FROM document_keys;
DELETE FROM meta WHERE key = 'document_keys';
INSERT OR REPLACE INTO meta(key, value) VALUES ('needs_relink', '1');

-- The re-index this migration asks for (first line) writes every
-- document's sections again: a run of tiny sections is now merged only
-- up to index.MaxSectionTokens (a glossary of thousands of one-line
-- entries became one section), so an index kept from before would differ
-- from one built from scratch (docs/index-format.md, "Determinism").
