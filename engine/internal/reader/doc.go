// Package reader is the read side of the index: the statements behind
// pages (ListPages, Page, ResolvePage), section texts, the centre of a
// context, the document graph and its dangling links, and the details a
// graph view shows. Every answer it builds is read in one read
// transaction, so it never shows a document half-way through an update.
//
// The engine's API methods call it and add what needs the engine's
// caches or the staleness snapshot. It reads through engine/internal/store
// and builds engine/answer values; it imports index, graph, engine/stale
// (for levels), engine/internal/docbody and engine/internal/pageref, and
// neither the writer nor the engine.
package reader
