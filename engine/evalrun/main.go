// Command evalrun measures search quality: Recall@1, Recall@3 and MRR@10
// of full-text search, vector search and hybrid search on labelled corpora.
//
// Each corpus is a docs folder and a queries.tsv (id, query, expected; the
// expected column lists acceptable files separated by '|', relative to the
// docs folder). The docs are copied to a temporary project, indexed with the
// default configuration (or -provider), and every query is run three ways:
//
//   - fulltext: Search with Fulltext (the full-text signal alone);
//   - vector:   the query vector's nearest sections, ranked by document (the
//     best section's similarity); a query the model gives no vector for
//     finds nothing;
//   - hybrid:   Search with default options.
//
// Usage (from the repository root; `make eval` does this):
//
//	go run -tags sqlite_fts5 ./engine/evalrun -shared ../shared [-v]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

func main() {
	shared := flag.String("shared", filepath.Join("..", "shared"), "the shared folder holding corpora/unified-blueprint-docs")
	own := flag.String("eval", "eval", "the repository's own labelled corpus (docs/ and queries.tsv)")
	provider := flag.String("provider", "", "embedding provider to index with (default: the default configuration's)")
	verbose := flag.Bool("v", false, "print each query's top documents")
	explain := flag.String("explain", "", "only print the hybrid results of this query id, with reasons and sections")
	flag.Parse()

	corpora := []corpus{
		{
			Name:    "unified-blueprint-docs",
			DocsDir: filepath.Join(*shared, "corpora", "unified-blueprint-docs", "docs"),
			Queries: filepath.Join(*shared, "corpora", "unified-blueprint-docs", "queries.tsv"),
		},
		{
			Name:    "eval (own)",
			DocsDir: filepath.Join(*own, "docs"),
			Queries: filepath.Join(*own, "queries.tsv"),
		},
	}
	ctx := context.Background()
	for _, c := range corpora {
		if err := run(ctx, os.Stdout, c, *provider, *verbose, *explain); err != nil {
			fmt.Fprintf(os.Stderr, "evalrun: %s: %v\n", c.Name, err)
			os.Exit(1)
		}
	}
}

func run(ctx context.Context, w io.Writer, c corpus, provider string, verbose bool, explain string) error {
	qs, err := readQueries(c.Queries)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "ubp-eval-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	e, model, err := openIndexed(ctx, tmp, c.DocsDir, provider)
	if err != nil {
		return err
	}
	defer e.Close()
	fmt.Fprintf(w, "\n%s: %d queries, embedding model %q\n", c.Name, len(qs), model)
	if explain != "" {
		return explainQuery(ctx, w, e, qs, explain)
	}
	modes := []mode{modeFulltext, modeVector, modeHybrid}
	results := map[mode][]outcome{}
	for _, q := range qs {
		for _, m := range modes {
			ranked, err := rank(ctx, e, m, q.Text)
			if err != nil {
				return fmt.Errorf("%s %s: %w", q.ID, m, err)
			}
			o := score(q, ranked)
			results[m] = append(results[m], o)
			if verbose {
				fmt.Fprintf(w, "  %-7s %-8s rank %-2s %s\n", q.ID, m, rankText(o.Rank), top(ranked, 3))
			}
		}
	}
	printTable(w, modes, results)
	return nil
}
