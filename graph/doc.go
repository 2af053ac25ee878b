// Package graph resolves link targets to documents and walks the document
// graph. It is pure: it works on values it is given and never touches a
// database or the file system.
//
// # Link resolution
//
// A [Resolver] is built once from every document ([DocRef]) and answers
// [Resolver.Resolve] with lookups in maps, so resolving is cheap. Targets
// arrive URL-decoded (the parser decodes them) and may contain spaces,
// parentheses or Japanese. Targets, paths, titles and aliases are normalised
// to Unicode NFC, so an NFD target (as macOS writes file names) matches an
// NFC path. The rules are tried in order; the first rule that yields at
// least one candidate wins:
//
//  1. "self": an empty target (as in [[#Heading]]) is the linking document
//     itself, when that document is known.
//  2. "path": the exact path from the docs root, with or without a
//     .md/.markdown extension ("designs/db" and "designs/db.md" both match
//     designs/db.md), or with the page's rendered extension .html/.htm
//     ("designs/db.html", as mdBook and Jekyll sources link). A leading "/" or "./" is tolerated; the path is cleaned
//     with path.Clean. Case-sensitive.
//  3. "relative": the path relative to the linking file's folder, cleaned
//     with path.Clean ("../x.md", "./x", "sub/x"), with or without
//     extension. A relative path that escapes the docs root ("../../x.md"
//     from a top-level file) resolves to nothing: no later rule is tried,
//     because such a link points outside the docs on purpose. A target
//     written "./x" or "../x" declares itself relative, so for it this rule
//     is tried before "path" (Markdown semantics); callers that know a link
//     is a Markdown link can prefix a bare "x.md" with "./" to get the same.
//  4. "filename": the file name without extension, ignoring case (NFC, then
//     strings.ToLower). A target with '/' is a path suffix: "designs/database"
//     matches x/designs/database.md and designs/database.md, but not
//     x/old-designs/database.md (the suffix starts at a '/'). Leading "/",
//     "./" and "../" parts are dropped first, so "../designs/database.md"
//     still finds designs/database.md from a folder where it does not
//     resolve relatively.
//  5. "alias": a frontmatter alias, ignoring case (NFC, lower case, outer
//     spaces trimmed).
//  6. "title": a document title, compared like aliases. Aliases are tried
//     before titles because an alias is declared for linking.
//
// [Resolver.ResolveLink] resolves a link by its kind: a Markdown link
// written "./x.md" or "../x.md" names one place, so when nothing is there
// rule "filename" may match only in that folder (another case or width),
// or by a path suffix with a folder; a bare "x.md" is tried relative first
// and then by every rule, as Obsidian's shortest paths need.
//
// Rules "filename", "alias" and "title" also ignore width when nothing
// matches ignoring case alone: the keys are widened to Unicode NFKC (then
// lower case), so [[API設計]] finds ＡＰＩ設計.md and [[ガイド]] a page
// titled ｶﾞｲﾄﾞ, as a Japanese input method leaves letters, digits and kana
// in either width. A document named as the link is written wins over one
// that only matches in another width.
//
// A target ending in '/' ("/guide/", "../setup/") names a folder: it is
// resolved as the folder's index page, "index", else "README", else
// "_index" (VitePress renders guide/index.md at /guide/, GitHub shows
// setup/README.md, Hugo renders a section's _index.md), with any Markdown
// extension and in any letter case (readme.md), never as a document named
// like the folder. The folder is first looked for where its path says
// (rule "path" from the root for "/guide/", else "relative"); a named one
// that is not there is then resolved as guide/index, guide/README and
// guide/_index by the rules below. A folder named by no name of its own
// ("./" the linking file's, "../" its parent, "/" the docs root) is found
// by its path alone: the other rules would take an index page of another
// folder for one it lacks. [Resolver.ResolveLink] reads a Markdown link's
// "." and ".." as "./" and "../", and its route without an extension
// ("sub", "../guide") as a folder there when no document has that path:
// after rules "path" and "relative", before "filename" (a document
// guide.md beats the folder guide/, a folder there beats a guide.md
// elsewhere). A wiki-link names a page, never a folder.
//
// When a rule yields several candidates the resolution is Ambiguous and the
// preferred candidate is chosen: first a document in the linking file's
// folder, then the shallowest path (fewest '/'), then the path in byte
// order. Candidates lists them all, preferred first. An unresolved target
// has ID 0, Resolved false and Rule "".
//
// # Traversal
//
// A [Graph] holds directed, typed edges between document ids (duplicates
// allowed: a document may link to another several times). [Graph.BFS] walks
// edges in both directions, so a path may mix outlinks and backlinks; a type
// filter is applied while walking, so a node reachable only through a
// filtered edge is not reached (it is reached at a deeper depth when an
// allowed path leads there). Each node is reported once, at its smallest
// depth, with a deterministic parent. [Proximity] turns a depth into a score.
package graph
