package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/relevance"
)

// target is the measure a set is judged by: nDCG@10 for the classic
// collections with many relevant documents per query, else MRR@10.
func target(s relevance.Set) string {
	for _, q := range s.Queries {
		if len(q.Rel) > 3 {
			return "nDCG@10"
		}
	}
	return "MRR@10"
}

// targetOf is the figure of m named by target.
func targetOf(m relevance.Measures, name string) float64 {
	if name == "nDCG@10" {
		return m.NDCG
	}
	return m.MRR
}

// groups are the query groups of a set, sorted, "" first (all queries).
func groups(s relevance.Set) []string {
	seen := map[string]bool{}
	for _, q := range s.Queries {
		if q.Group != "" {
			seen[q.Group] = true
		}
	}
	out := []string{""}
	for g := range seen {
		out = append(out, g)
	}
	sort.Strings(out[1:])
	if len(out) == 2 {
		return out[:1]
	}
	return out
}

// groupMean averages the relevance.Measures of mode m over group g ("": all).
func (r setReport) groupMean(m mode, g string) (relevance.Measures, int) {
	var ms []relevance.Measures
	for i, q := range r.Set.Queries {
		if i >= len(r.PerQuery[m]) {
			break
		}
		if g == "" || q.Group == g {
			ms = append(ms, r.PerQuery[m][i])
		}
	}
	return relevance.Mean(ms), len(ms)
}

func printSet(w io.Writer, r setReport) {
	fmt.Fprintf(w, "\n%s: %d queries, baseline tokens %s, model %q, indexed in %s\n", r.Set.Name, len(r.Set.Queries), r.Set.Lang, r.Model, r.Index.Round(1e7))
	for _, g := range groups(r.Set) {
		if g != "" {
			fmt.Fprintf(w, " group %s\n", g)
		}
		fmt.Fprintf(w, "  %-14s %8s %8s %8s %7s\n", "mode", "MRR@10", "nDCG@10", "R@10", "top-3")
		for _, m := range modes {
			a, n := r.groupMean(m, g)
			fmt.Fprintf(w, "  %-14s %8.3f %8.3f %8.3f %3.0f/%-3d\n", m, a.MRR, a.NDCG, a.Recall, a.Top3, n)
		}
	}
}

// printSummary prints each set's target measure per mode and the ratio of
// hybrid to the baseline.
func printSummary(w io.Writer, rs []setReport) {
	fmt.Fprintf(w, "\nsummary (target measure per set)\n")
	fmt.Fprintf(w, "  %-24s %-8s %8s %8s %8s %8s %8s %8s\n", "set", "measure", "bm25", "hybrid", "fulltext", "vector", "rrf", "hyb/bm25")
	for _, r := range rs {
		t := target(r.Set)
		row := func(m mode) float64 { a, _ := r.groupMean(m, ""); return targetOf(a, t) }
		fmt.Fprintf(w, "  %-24s %-8s %8.3f %8.3f %8.3f %8.3f %8.3f %8.2f\n", r.Set.Name, t,
			row(modeBM25), row(modeHybrid), row(modeFulltext), row(modeVector), row(modeRRF), row(modeHybrid)/max(row(modeBM25), 1e-9))
	}
}

// writeMarkdown writes the summary and the per-set tables.
func writeMarkdown(path string, rs []setReport, skipped []string) error {
	var b strings.Builder
	b.WriteString("# Search quality (`make eval`)\n\n")
	b.WriteString("Written by `make eval` (internal/evalrun). Each set is indexed with the default configuration;\n")
	b.WriteString("`bm25 baseline` is the shared benchmark's plain BM25 over whole files. Measures at depth 10;\n")
	b.WriteString("top-3 counts queries with a relevant document in the first three.\n\n")
	b.WriteString("## Summary (the set's target measure)\n\n")
	b.WriteString("| set | measure | bm25 | hybrid | fulltext | vector | weighted | rrf | hybrid / bm25 |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rs {
		t := target(r.Set)
		row := func(m mode) float64 { a, _ := r.groupMean(m, ""); return targetOf(a, t) }
		fmt.Fprintf(&b, "| %s | %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.2f |\n", r.Set.Name, t,
			row(modeBM25), row(modeHybrid), row(modeFulltext), row(modeVector), row(modeWeighted), row(modeRRF), row(modeHybrid)/max(row(modeBM25), 1e-9))
	}
	if len(skipped) > 0 {
		fmt.Fprintf(&b, "\nWithout queries, not measured: %s.\n", strings.Join(skipped, ", "))
	}
	for _, r := range rs {
		fmt.Fprintf(&b, "\n## %s\n\n%d queries, embedding model `%s`.\n\n", r.Set.Name, len(r.Set.Queries), r.Model)
		b.WriteString("| group | mode | MRR@10 | nDCG@10 | Recall@10 | top-3 |\n|---|---|---|---|---|---|\n")
		for _, g := range groups(r.Set) {
			name := g
			if name == "" {
				name = "all"
			}
			for _, m := range modes {
				a, n := r.groupMean(m, g)
				fmt.Fprintf(&b, "| %s | %s | %.3f | %.3f | %.3f | %.0f/%d |\n", name, m, a.MRR, a.NDCG, a.Recall, a.Top3, n)
			}
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

func top(ranked []string, n int) string {
	if len(ranked) > n {
		ranked = ranked[:n]
	}
	return strings.Join(ranked, ", ")
}

// explainQuery prints the hybrid results of one query with their reasons,
// signals and sections.
func explainQuery(ctx context.Context, w io.Writer, e *engine.Engine, qs []relevance.Query, id string) error {
	for _, q := range qs {
		if q.ID != id {
			continue
		}
		res, err := e.Search(ctx, engine.SearchOptions{Query: q.Text, Limit: relevance.Depth, Explain: true})
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%s %q (%s, %d found)\n", q.ID, q.Text, res.SearchType, res.TotalFound)
		for i, h := range res.Results {
			mark := " "
			if q.Rel[h.Filepath] > 0 {
				mark = "*"
			}
			fmt.Fprintf(w, "%s%2d %.4f v=%.3f g=%.3f f=%.3f %s\n     %s\n", mark, i+1, h.Score,
				h.ScoreBreakdown.VectorSimilarity, h.ScoreBreakdown.GraphProximity, h.ScoreBreakdown.Fulltext, h.Filepath, h.RelevanceReason)
			for _, s := range h.Sections {
				fmt.Fprintf(w, "       %.3f %s: %s\n", s.Score, s.Heading, s.Snippet)
			}
		}
		return nil
	}
	return nil
}
