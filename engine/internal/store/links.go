package store

// LinkCounted is the SQL condition, on the links table named l, of a link
// that counts as one: resolved, or not written as a page's rendered name.
// A link to a rendered name ("ch06-00-enums.html", index.Link.Rendered)
// that resolves to no document points at a generated page, not at a
// document; it stays stored only so that it resolves when its source
// appears (migration 0012). Counts, page views and dangling lists use
// this; link resolution reads every link.
const LinkCounted = `(l.target_id IS NOT NULL OR l.rendered = 0)`

// LinkDangling is the SQL condition, on the links table named l, of a
// dangling link: unresolved, and not to a rendered name.
const LinkDangling = `(l.target_id IS NULL AND l.rendered = 0)`
