// Command evalrun relevance.Measures search quality on every labelled set: MRR@10,
// nDCG@10, Recall@10 and top-3 hits of each search mode, overall and per
// query group, next to a plain BM25 baseline.
//
// The sets are every folder of <shared>/corpora with a queries.tsv (and a
// qrels.tsv of graded judgments, or a third queries column of expected
// paths separated by '|'), plus the repository's own eval/ folder. Each
// set's documents are copied to a project with the default configuration
// (or -provider) and indexed; then every query runs in each mode:
//
//   - hybrid:   Search with default options (the configured fusion);
//   - fulltext: Search with Fulltext (the full-text signal alone);
//   - vector:   the query vector's nearest sections, ranked by document
//     (the best section's cosine similarity); a query the model gives no
//     vector for finds nothing;
//   - weighted, rrf: Search with that fusion.
//
// The sets, the baseline (the shared benchmark's bm25_baseline.py
// reimplemented in Go, so a set without published figures gets one too)
// and the measures are package internal/relevance's.
//
// Usage (from the repository root; `make eval` does this):
//
//	go run -tags sqlite_fts5 ./internal/evalrun -shared ../shared [-out eval/results.md] [-cache DIR] [-v]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ubp-dev/ubp/internal/relevance"
)

func main() {
	shared := flag.String("shared", filepath.Join("..", "shared"), "the shared folder holding corpora/")
	own := flag.String("eval", "eval", "the repository's own labelled set (docs/ and queries.tsv); empty: none")
	provider := flag.String("provider", "", "embedding provider to index with (default: the default configuration's)")
	out := flag.String("out", "", "also write the tables as Markdown to this file (eval/results.md)")
	cache := flag.String("cache", "", "keep each set's indexed project in this folder, keyed by the documents' content, and reuse it (re-indexed incrementally)")
	only := flag.String("sets", "", "comma-separated set names to run (default: all)")
	onlyModes := flag.String("modes", "", "comma-separated modes to run besides the baseline (default: all)")
	verbose := flag.Bool("v", false, "print each query's rank per mode")
	explain := flag.String("explain", "", "only print the hybrid results of this query id, with reasons and sections")
	flag.Parse()

	ctx := context.Background()
	sets, skipped, err := relevance.DiscoverSets(*shared, *own)
	if err != nil {
		fail(err)
	}
	if *only != "" {
		keep := map[string]bool{}
		for _, n := range strings.Split(*only, ",") {
			keep[strings.TrimSpace(n)] = true
		}
		var picked []relevance.Set
		for _, s := range sets {
			if keep[s.Name] {
				picked = append(picked, s)
			}
		}
		sets = picked
	}
	if *onlyModes != "" {
		picked := []mode{modeBM25}
		for _, m := range strings.Split(*onlyModes, ",") {
			picked = append(picked, mode(strings.TrimSpace(m)))
		}
		modes = picked
	}
	var reports []setReport
	start := time.Now()
	for _, s := range sets {
		r, err := runSet(ctx, s, runOptions{provider: *provider, cache: *cache, verbose: *verbose, explain: *explain})
		if err != nil {
			fail(fmt.Errorf("%s: %w", s.Name, err))
		}
		if *explain != "" {
			continue
		}
		printSet(os.Stdout, r)
		reports = append(reports, r)
	}
	if *explain != "" {
		return
	}
	printSummary(os.Stdout, reports)
	fmt.Printf("\n%d sets in %s", len(reports), time.Since(start).Round(time.Second))
	if len(skipped) > 0 {
		fmt.Printf("; without queries, not measured: %s", strings.Join(skipped, ", "))
	}
	fmt.Println()
	if *out != "" {
		if err := writeMarkdown(*out, reports, skipped); err != nil {
			fail(err)
		}
	}
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "evalrun: %v\n", err)
	os.Exit(1)
}
