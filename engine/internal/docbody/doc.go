// Package docbody is how a document's Markdown body is stored. The body
// is mostly the text of its sections, which the sections table holds
// already, so documents.body holds, when documents.body_kind is KindSkeleton,
// only what lies between the sections (blank lines, the final newline),
// with one mark where each section's content goes, in section order; the
// body is rebuilt from it and the sections' content. A body that cannot
// be rebuilt exactly that way (CRLF line endings, a NUL byte, a section
// not found in order) is stored whole (KindWhole), as are bodies written
// before migration 0009.
//
// It is pure: the index writer stores what Skeleton returns, the read side
// rebuilds bodies with Rebuild; neither SQL nor any engine package is
// imported here.
package docbody
