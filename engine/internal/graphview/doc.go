// Package graphview builds the answer of GetGraph from the document graph
// the engine keeps (graph.Graph) and every document's metadata
// (engine/internal/docmeta, cached per state of the index): the graph
// around a centre or the whole of it, one page of the whole graph, and the
// dangling link targets as nodes of their own. It reads the page of
// documents and the dangling links through engine/internal/store/pageread,
// inside the read transaction the engine opened for the answer.
//
// The engine's GetGraph calls it. It imports engine/answer, docmeta, the
// storage layer, graph and index, and neither the writer, the read side,
// search nor ranking.
package graphview
