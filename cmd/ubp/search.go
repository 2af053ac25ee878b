package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/plural"
	"github.com/ubp-dev/ubp/internal/termsafe"
)

func (a *app) searchCommand() *cobra.Command {
	var o engine.SearchOptions
	var linkTypes []string
	cmd := &cobra.Command{
		Use:   "search <query> [--limit N] [--doc-type T] [--depth N] [--link-types a,b] [--include-linked] [--fulltext] [--fusion weighted|rrf] [--explain]",
		Short: "Find documents for a question, in English or Japanese",
		Long: `Hybrid search: full-text BM25 per document leads; the similarity in meaning of
the query to sections (vectors) and closeness in the link graph add to it.

Each result shows its score, relative to the best result, and its match level:
strong (most of the query's words are in its text), partial, weak (a loose
meaning or one common word) or none. The last line gives the number of
documents found and the best match, and says so when nothing in the documents
matches the query well. The number reads "at least N" (total_found_lower_bound
in JSON) when a query word is in more than 1,000 sections: full text reads the
best 1,000 of them only.

Without a vector for the query (provider "none", or text the model has no word
for, such as hiragana only) full text and graph carry the search and
search_type says fulltext_fallback.`,
		Example: `  ubp search "how are file changes detected"
  ubp search 検索 --fulltext
  ubp search "staleness" --doc-type design --explain --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("search needs a query")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Query = strings.Join(args, " ")
			var err error
			if o.LinkTypes, err = parseLinkTypes(linkTypes); err != nil {
				return err
			}
			return a.withEngine(cmd.Context(), func(e *engine.Engine) error {
				res, err := e.Search(cmd.Context(), o)
				if err != nil {
					return err
				}
				if res.QueryCut != "" {
					fmt.Fprintf(a.stderr, "ubp: warning: %s\n", res.QueryCut)
				}
				if a.jsonOut {
					return printJSON(a.stdout, res)
				}
				a.printSearch(res, o.Explain)
				return nil
			})
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.Limit, "limit", 0, fmt.Sprintf("at most `N` results, 1-%d (left out: search.default_limit in .ubp/config.json, %d)", engine.MaxSearchLimit, engine.DefaultSearchLimit))
	f.StringVar(&o.DocType, "doc-type", "", "only documents of this type")
	f.IntVar(&o.Depth, "depth", engine.DefaultSearchDepth, fmt.Sprintf("graph depth for proximity (1-%d)", engine.MaxSearchDepth))
	f.StringSliceVar(&linkTypes, "link-types", nil, "follow only these link types: references, depends_on, implements, extends, conflicts_with")
	f.BoolVar(&o.IncludeLinked, "include-linked", false, "list the pages linked to and from each result")
	f.BoolVar(&o.Fulltext, "fulltext", false, "full-text search only")
	f.StringVar(&o.Fusion, "fusion", "", "how signals are fused: weighted or rrf (left out: search.fusion in .ubp/config.json, weighted)")
	f.BoolVar(&o.Explain, "explain", false, "show every signal's rank and score per result")
	return cmd
}

func (a *app) printSearch(res engine.SearchResult, explain bool) {
	w := termsafe.Writer(a.stdout)
	if len(res.Results) == 0 {
		fmt.Fprintln(w, "no results")
		return
	}
	for i, r := range res.Results {
		fmt.Fprintf(w, "%d. %s  (%s)  score %.3f  match %s  [%s]\n", i+1, termsafe.Line(r.Title), termsafe.Line(r.Filepath), r.Score, r.Match, r.Staleness)
		b := r.ScoreBreakdown
		fmt.Fprintf(w, "   vector %.3f  graph %.3f  fulltext %.3f  — %s\n", b.VectorSimilarity, b.GraphProximity, b.Fulltext, r.RelevanceReason)
		if r.StaleReason != nil {
			fmt.Fprintf(w, "   %s: %s\n", r.Staleness, r.StaleReason.Summary)
		}
		for _, s := range r.Sections {
			fmt.Fprintf(w, "   %s:%d  %s: %s\n", termsafe.Line(r.Filepath), s.Line, termsafe.Line(headingOrIntro(s.Heading)), oneLine(s.Snippet, 160))
		}
		for _, l := range r.LinkedPages {
			fmt.Fprintf(w, "   %s %s [%s]\n", arrow(l.Direction), termsafe.Line(l.Filepath), l.LinkType)
		}
		if r.LinkedTotal > len(r.LinkedPages) {
			more := r.LinkedTotal - len(r.LinkedPages)
			fmt.Fprintf(w, "   … %d more %s (ubp get-page %s lists them all)\n", more, plural.Noun(more, "linked page", "linked pages"), termsafe.Line(r.Filepath))
		}
		if explain {
			for _, x := range r.Explain {
				rank := "-"
				if x.Rank > 0 {
					rank = fmt.Sprint(x.Rank)
				}
				fmt.Fprintf(w, "   explain %-9s rank %-4s score %.4f\n", x.Signal, rank, x.Score)
			}
		}
	}
	if !a.quiet {
		total := fmt.Sprint(res.TotalFound)
		if res.TotalFoundLowerBound {
			// a query word is in more sections than full text reads
			total = "at least " + total
		}
		if n := len(res.Results); n <= res.TotalFound {
			fmt.Fprintf(w, "%d of %s found (%s), best match %s\n", n, total, res.SearchType, res.Match)
		} else {
			// total_found leaves out pages reached only through links or
			// with too loose a meaning (match none), which may be shown.
			fmt.Fprintf(w, "%d shown, %s with a match of their own (%s), best match %s\n", n, total, res.SearchType, res.Match)
		}
		if engine.PoorMatch(res.Match) {
			fmt.Fprintln(w, "nothing in the documents matches this query well: the results share only a loose meaning or a common word with it")
		}
	}
}

func arrow(direction string) string {
	if direction == "backlink" {
		return "<-"
	}
	return "->"
}

// headingOrIntro names a section by its heading (or heading path), the
// text before a page's first subheading, which has none, as "(intro)".
func headingOrIntro(h string) string {
	if h == "" {
		return "(intro)"
	}
	return h
}

// oneLine collapses whitespace and cuts s to at most n runes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// splitList splits comma-separated flag values and drops empty items.
func splitList(items []string) []string {
	var out []string
	for _, it := range items {
		for _, p := range strings.Split(it, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}
