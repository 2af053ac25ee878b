// Package suggest finds the link suggestions of SuggestLinks: pairs of
// sections of different documents that are similar while their documents
// are not linked in either direction. Similarity is the cosine of the
// sections' vectors, with the corpus' common component removed
// (VectorPairs); without vectors it is the cosine of TF-IDF weighted
// keywords (keywordPairs). Pick keeps each document pair's best pair.
// Comparing every two sections, VectorPairsFor keeps only the pairs that
// can be among the suggestions asked for (topPairs), not every pair at
// the minimum score; so does keywordPairs, which sums the keyword cosines
// one section at a time over posting lists.
//
// It reads vectors through engine/internal/store/vecstore (scans of
// every vector, as many groups a scan as vectorBudget holds), the sections'
// text (keywords, one row at a time) and the headings, lines and paths of
// the pairs it answers through sectionrows and docmeta, and takes the
// document of each section and the link graph it is given; it imports engine/embed, engine/query, engine/answer, graph and the
// retrieval packages' values (docmeta, sectionrows), never the writer, the
// read side nor the engine.
package suggest
