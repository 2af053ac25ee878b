package store

// A link written as a page's rendered name or route ("ch06-00-enums.html",
// "./getting-started"; index.Link.Rendered) that resolves to no document
// points at a generated page or another file, not at a document: it stays
// stored only so that it resolves when its source appears (migration
// 0012). Counts, page views and dangling lists leave it out; link
// resolution reads every link.

// LinkCounted is the SQL condition, on the links table named l, of a link
// that counts as one: resolved, or not written as a rendered name.
const LinkCounted = `(l.target_id IS NOT NULL OR l.rendered = 0)`

// LinkDangling is the SQL condition, on the links table named l, of a
// dangling link: unresolved, and not to a rendered name.
const LinkDangling = `(l.target_id IS NULL AND l.rendered = 0)`

// CountLinksSQL counts the links that count (LinkCounted) as every link
// less the unresolved rendered ones: count(*) of the whole table walks its
// smallest index and the unresolved ones come from the partial index on
// unresolved links, where a filter on LinkCounted would read every row
// (9 ms against 2 at 36,000 links).
const CountLinksSQL = `(SELECT count(*) FROM links) - (SELECT count(*) FROM links l WHERE l.target_id IS NULL AND l.rendered = 1)`

// CountDanglingSQL counts the dangling links (LinkDangling), read through
// the partial index on unresolved links.
const CountDanglingSQL = `(SELECT count(*) FROM links l WHERE ` + LinkDangling + `)`
