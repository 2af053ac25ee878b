// Package relevance holds what measuring search quality needs besides ubp
// itself: labelled sets (a docs folder, queries and graded judgments, as
// ../shared/corpora and eval/ hold them), the shared benchmark's plain
// BM25 baseline (corpora/bm25_baseline.py, reimplemented so that every set
// is measured against the same yardstick) and the measures (MRR@10,
// nDCG@10, Recall@10, top 3). internal/evalrun (make eval) and
// internal/wordindexeval (make eval-words) use it.
package relevance
