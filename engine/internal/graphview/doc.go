// Package graphview builds the answer of GetGraph: the whole graph from the
// document graph the engine keeps (graph.Graph) and every document's
// metadata (engine/internal/docmeta, cached per state of the index); one
// page of the whole graph; the graph around a centre from the links of its
// neighbourhood alone (engine/internal/linkwalk: the links within depth
// hops, read as the walk goes, and the metadata of the documents reached),
// so that its cost follows the neighbourhood, not the corpus; and the
// dangling link targets as nodes of their own. It reads the page of
// documents and the dangling links through engine/internal/store/pageread,
// inside the read transaction the engine opened for the answer.
//
// The engine's GetGraph calls it. It imports engine/answer, docmeta,
// linkwalk, the storage layer, graph and index, and neither the writer,
// the read side, search nor ranking.
package graphview
