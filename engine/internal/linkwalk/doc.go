// Package linkwalk reads the part of the link graph a walk needs, as the
// walk goes, instead of the whole graph: a Neighbourhood starts empty and
// adds the resolved links from and to each document it expands (Within:
// every document fewer than depth hops from the start). Search's graph
// signal and GetContext walk one each. A Cache keeps each expanded
// document's links for one state of the documents and links (the
// search_generation and link_generation counters), shared by every walk.
//
// It holds no SQL: it reads the links through
// engine/internal/store/linkrows and the generations through
// engine/internal/store, and imports graph and index; never the writer,
// the read side nor the engine.
package linkwalk
