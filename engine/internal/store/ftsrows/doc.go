// Package ftsrows holds the statements of full-text retrieval: the best
// rows of one term in an FTS5 table (the word index sections_words or the
// trigram index sections_fts) and its match count, the scans of the
// sections table for terms those tables cannot serve, the length tables
// BM25 reads (corpus_lengths, document_lengths, section_lengths), and the
// short-term postings (section_units, its queue and its instance view).
//
// engine/internal/fulltext calls it and keeps the scoring, the caches and
// the choice of table. It imports engine/internal/store and
// engine/internal/store/sqlbatch only.
package ftsrows
