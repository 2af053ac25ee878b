// Package fulltext is full-text retrieval: it finds the sections matching
// a parsed query (engine/query) and scores them and their documents with
// BM25.
//
// A term of three or more characters is looked up in an FTS5 table: the
// word index (sections_words) for Latin words that must begin a word, the
// trigram index (sections_fts) for the rest, reading only its best rows
// (match.go). Shorter terms are scored with the same formula in Go: one-
// and two-character non-ASCII units from their postings (section_units,
// units.go, which FillUnits writes after each indexing run), else from a
// scan of the sections table. The corpus statistics BM25 needs come from
// the length tables of migration 0008 (stats.go), so a search reads
// nothing of the corpus but its matches. Sections are scored per query
// concept (score.go); documents with document-level BM25, the title boost
// and a size correction (documents.go). Sections answers FulltextSearch.
//
// A Matcher keeps what it read for one state of the index (lengths, short
// terms' postings, the scores of common terms met again, common.go); the
// documents' metadata come through docmeta.Cache.
//
// It holds no SQL: it reads and writes through the storage layer
// (engine/internal/store, its statements in store/ftsrows) and imports
// engine/query, engine/lexicon, engine/answer, engine/internal/docmeta and
// engine/internal/sectionrows; never the writer, the read side nor the
// engine.
package fulltext
