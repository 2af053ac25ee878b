package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/ubp-dev/ubp/engine/fixture"

	"github.com/ubp-dev/ubp/engine"
)

// corpus is a labelled set of documents and queries.
type corpus struct {
	Name    string
	DocsDir string
	Queries string
}

// labelledQuery is one line of queries.tsv.
type labelledQuery struct {
	ID       string
	Text     string
	Expected map[string]bool
}

// mode is a way of ranking documents.
type mode string

const (
	modeFulltext mode = "fulltext"
	modeVector   mode = "vector"
	modeHybrid   mode = "hybrid"
)

// outcome is the 1-based rank of the first expected document (0: not in
// the top 10).
type outcome struct{ Rank int }

const depthOfRanking = 10

func readQueries(path string) ([]labelledQuery, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read queries: %w", err)
	}
	defer f.Close()
	var out []labelledQuery
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if line == 1 && strings.HasPrefix(text, "id\t") || strings.TrimSpace(text) == "" {
			continue
		}
		cols := strings.Split(text, "\t")
		if len(cols) != 3 {
			return nil, fmt.Errorf("%s:%d: want 3 tab-separated columns (id, query, expected), got %d", path, line, len(cols))
		}
		q := labelledQuery{ID: cols[0], Text: cols[1], Expected: map[string]bool{}}
		for _, p := range strings.Split(cols[2], "|") {
			q.Expected[strings.TrimSpace(p)] = true
		}
		out = append(out, q)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read queries: %w", err)
	}
	return out, nil
}

// openIndexed copies docs into root/docs, makes root a project with the
// default configuration and indexes it.
func openIndexed(ctx context.Context, root, docs, provider string) (*engine.Engine, string, error) {
	if err := fixture.CopyTree(docs, filepath.Join(root, "docs"), time.Time{}); err != nil {
		return nil, "", err
	}
	cfg := engine.DefaultConfig()
	cfg.DocsDir = "docs"
	if provider != "" {
		cfg.Embedding.Provider = provider
	}
	p, _, err := engine.InitProject(root, cfg)
	if err != nil {
		return nil, "", err
	}
	e, err := engine.Open(ctx, p, engine.OpenOptions{})
	if err != nil {
		return nil, "", err
	}
	if _, err := e.Index(ctx, engine.IndexOptions{}); err != nil {
		e.Close()
		return nil, "", err
	}
	st, err := e.Status(ctx)
	if err != nil {
		e.Close()
		return nil, "", err
	}
	return e, st.EmbeddingModel, nil
}

// rank returns document paths, best first, up to depthOfRanking.
func rank(ctx context.Context, e *engine.Engine, m mode, q string) ([]string, error) {
	switch m {
	case modeVector:
		return vectorRanking(ctx, e, q)
	default:
		res, err := e.Search(ctx, engine.SearchOptions{Query: q, Limit: depthOfRanking, Fulltext: m == modeFulltext})
		if err != nil {
			return nil, err
		}
		var out []string
		for _, h := range res.Results {
			out = append(out, h.Filepath)
		}
		return out, nil
	}
}

func score(q labelledQuery, ranked []string) outcome {
	for i, p := range ranked {
		if i >= depthOfRanking {
			break
		}
		if q.Expected[p] {
			return outcome{Rank: i + 1}
		}
	}
	return outcome{}
}

func printTable(w io.Writer, modes []mode, results map[mode][]outcome) {
	fmt.Fprintf(w, "  %-9s %10s %10s %8s\n", "mode", "Recall@1", "Recall@3", "MRR@10")
	for _, m := range modes {
		os := results[m]
		var r1, r3 int
		var mrr float64
		for _, o := range os {
			if o.Rank == 1 {
				r1++
			}
			if o.Rank >= 1 && o.Rank <= 3 {
				r3++
			}
			if o.Rank >= 1 {
				mrr += 1 / float64(o.Rank)
			}
		}
		n := len(os)
		fmt.Fprintf(w, "  %-9s %4d/%-2d %3.0f%% %4d/%-2d %3.0f%% %8.3f\n", m,
			r1, n, pct(r1, n), r3, n, pct(r3, n), mrr/float64(max(n, 1)))
	}
}

func pct(a, n int) float64 {
	if n == 0 {
		return 0
	}
	return 100 * float64(a) / float64(n)
}

func rankText(r int) string {
	if r == 0 {
		return "-"
	}
	return strconv.Itoa(r)
}

func top(ranked []string, n int) string {
	if len(ranked) > n {
		ranked = ranked[:n]
	}
	return strings.Join(ranked, ", ")
}

// sortByScore orders keys by score, best first, ties by key.
func sortByScore(scores map[string]float64) []string {
	keys := make([]string, 0, len(scores))
	for k := range scores {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if scores[keys[i]] != scores[keys[j]] {
			return scores[keys[i]] > scores[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}

// explainQuery prints the hybrid results of one query with their reasons,
// signals and sections.
func explainQuery(ctx context.Context, w io.Writer, e *engine.Engine, qs []labelledQuery, id string) error {
	for _, q := range qs {
		if q.ID != id {
			continue
		}
		res, err := e.Search(ctx, engine.SearchOptions{Query: q.Text, Limit: depthOfRanking, Explain: true})
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%s %q (%s, %d found)\n", q.ID, q.Text, res.SearchType, res.TotalFound)
		for i, h := range res.Results {
			mark := " "
			if q.Expected[h.Filepath] {
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
