// Package index turns Markdown files into parsed documents: frontmatter,
// titles, sections and links. It is pure: it reads the files it is given
// and never touches a database. Which files there are is its subpackage
// discover's answer; the glob patterns both follow are pathglob's.
//
// # Frontmatter and title
//
// YAML between a first line "---" and the next "---" or "..." line. Known
// keys: title, doc_type, source_refs (list or single string; "path#Symbol"
// split on the last '#'), tags, aliases (list or single string), reviewed
// (YYYY-MM-DD). Other keys go to Frontmatter.Extra. Wiki-links in string
// values of any key (related: "[[x]]") are links of the frontmatter's
// section; a key naming a link type (depends_on) types them. Invalid YAML yields a
// warning with the file line and a document without frontmatter; an
// unclosed frontmatter makes the whole file the body. A missing doc_type is
// "other"; an unknown one is "other" plus a warning. The title is the
// frontmatter title, else the text of the first top-level H1, else the file
// name without extension.
//
// # Sections
//
// The body is parsed with goldmark (CommonMark + GFM tables). Line numbers
// are always 1-based lines of the file, frontmatter included. An MkDocs
// admonition ("!!! note", with an optional quoted title), collapsible
// block ("??? tip", "???+ tip") or content tab ('=== "macOS"') is a
// container block, as a block quote is: the lines indented four spaces
// under its marker line are its Markdown content (not an indented code
// block), so their links count. Until 2026-11-27 they were code.
//
//  1. Cut: a section starts at every top-level H2 or H3 heading (ATX or
//     setext) and runs to the next one. Headings inside lists, block
//     quotes or admonitions, H1 and H4–H6 are not boundaries. The text
//     before the first H2/H3 is section 0 (Heading "", Level 0).
//     HeadingPath is "H2" for an H2 and "H2 > H3" for an H3 under an H2
//     (just "H3" before any H2).
//     Anchor is the GitHub slug of the heading (see Slug), made unique per
//     document in heading order ("usage", "usage-1", …), counting every
//     heading of the document.
//  2. Title: a section 0 that holds nothing but blank lines and H1
//     headings without links, before other sections, is kept as it is
//     (the H1 is the page's title as written, found by search through it)
//     and nothing is merged into it (step 4). Until 2026-11-27 it was
//     dropped, and a page whose H1 is followed by an H2 (an ADR's
//     "# Use PostgreSQL", then "## Status") was not found by its title's
//     words. A blank body has no sections.
//  3. Split: a section over MaxSectionTokens (256 estimated tokens, see
//     EstimateTokens) is cut into parts at top-level block boundaries:
//     a new part starts before the block that would push the current part
//     over the limit, unless the current part holds only headings. Blocks
//     are atomic: a paragraph, fenced or indented code block, table, list,
//     block quote or admonition is never cut, however large. Parts keep
//     the heading, HeadingPath, Anchor and Level of their section and
//     have their own lines.
//  4. Merge: walking in order, a section or part under MinSectionTokens
//     (32 tokens) is appended to the previous one, which keeps its own
//     heading, while the two stay within MaxSectionTokens; the merged
//     heading line stays in Content. The first section has nothing before
//     it and stays, however small, and so does the section after a
//     title-only section 0 (step 2), and a tiny section after a
//     full one (a run of tiny sections, such as a glossary's entries,
//     becomes sections of up to MaxSectionTokens, not one).
//  5. Orders are renumbered 0..n-1.
//
// A frontmatter that names the page in words no heading of the body holds
// (a title other than the H1, case aside, that no section 0 carries
// either; aliases; tags) comes first, as a section of its own: Content is
// those names alone, each on the line of the file that holds it (several
// on one line joined by ", ", the lines between empty: no key, doc_type,
// source_refs or other key is searched), StartLine and EndLine the first
// and last of those lines, Heading and HeadingPath the title, Level 0,
// Anchor "". The body does not hold it (Document.BodySections). Until
// 2026-11-27 those words found nothing.
//
// Content is the Markdown source of the section's lines, heading line
// included, without leading or trailing blank lines, with '\n' line
// endings; StartLine and EndLine are inclusive.
//
// # Links
//
// Wiki-links are found in text only (never in code spans, fenced or
// indented code, HTML, autolinks, link destinations or image text):
//
//	[[target]]                   Kind wikilink, Type references
//	[[target|depends_on]]        a suffix naming a LinkType sets the Type:
//	                             references, depends_on, implements,
//	                             extends, conflicts_with (exact spelling)
//	[[target|Some text]]         any other suffix is the Alias
//	[[target#Heading]]           TargetHeading "Heading"
//	[[target#Heading|implements]]
//	[[#Heading]]                 same document: Target ""
//	![[target]]                  Kind embed (all forms above)
//
// A wiki-link stays on one line, needs a target or a heading, and honours
// Markdown escapes: "\[[x]]" is no link, and "\|" (needed in tables) is a
// plain '|'. With "[[[x]]]" the innermost brackets form the link. Its text
// is its source as written, whatever inline Markdown makes of it:
// "[[a*b*c]]" targets "a*b*c", "[[Vec<T>]]" "Vec<T>" (emphasis and
// strikethrough delimiters, HTML tags and autolinks inside are text); a
// code span inside counts as its content.
//
// Markdown links [text](dest), [text](<dest with spaces>) and reference
// links [text][ref] are document links (Kind markdown, Type references,
// Alias = link text without markup) when dest is a relative path, or a
// path from the docs root starting with '/', ending in .md or .markdown
// (any case). "#anchor" becomes TargetHeading, "?query" is dropped, path
// and anchor are URL-decoded ("a%20b%28v2%29.md" → "a b(v2).md"). Not
// document links: URLs with a scheme (https:, mailto:, …), "//host" paths,
// same-page "#anchor" links, other file types, images, and relative paths
// that leave the docs folder ("../README.md" from its top level).
//
// Target is kept as written (relative to the document, or to the docs root
// when it starts with '/'); resolution is the graph package's job. Link.Line
// is the file line of the link's first character; SectionOrder is the final
// section holding that line; Context is about ContextRunes characters of the
// paragraph (or table row) around the link, whitespace collapsed. Links are
// listed in document order.
package index
