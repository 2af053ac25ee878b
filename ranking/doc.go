// Package ranking fuses the evidence search gathers about each document
// into one score and says how well a query matched. It is pure: it works on
// the values it is given and never touches a database or the file system.
//
// # Evidence
//
// Each candidate document carries raw evidence ([Evidence]): its full-text
// BM25 score and the share of query concepts it matched, its
// vector score and raw cosine, and its distance in links
// from the query's best documents.
//
// # Fusion
//
// Full text leads ([Fuse]). Each signal is put on 0..1: full text divided
// by the best document's; the vector score min–max scaled over the
// candidates the vector found (raw vector scores are compressed: the
// top dozen sit within a quarter of each other, so dividing by the best
// would move every document alike). The fused score is
//
//	(F + wV·V·(1 − s·F̂) + wG·G) / (1 + wV + wG)
//
// where F and V are the scaled signals, F̂ the best full-text document's
// concept coverage (1 when it matched every concept of the query, so the
// vector adds least when full text is sure; s is Weights.VectorShrink), and
// G the graph proximity: the strength of the nearest seed (a top content
// document) over 1 + hops, so a neighbour one link away earns half its
// seed's strength and a seed earns nothing from itself. A document found
// only through links scores its graph credit alone: at most
// Weights.Graph/2, below the content documents it was reached from.
//
// A long query (at least [LatentMinConcepts] concepts) also has a latent
// signal L: the best cosine of a document's sections to the query in a
// space learned from the corpus itself (latent semantic indexing), min–max
// scaled like the vector, and added as wL·L·(1 − s·F̂) beside it.
//
// Reciprocal-rank fusion ([RRF]) is kept as an alternative.
//
// # Match level
//
// [Level] turns the best evidence into an absolute verdict (strong,
// partial, weak, none), so a junk query's best page is not presented as a
// perfect answer just because it scored 1.0 after normalisation.
package ranking
