package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/fixture"
	"github.com/ubp-dev/ubp/internal/relevance"
)

// mode is a way of ranking documents.
type mode string

const (
	modeHybrid   mode = "hybrid"
	modeFulltext mode = "fulltext"
	modeVector   mode = "vector"
	modeWeighted mode = "weighted"
	modeRRF      mode = "rrf"
	modeBM25     mode = "bm25 baseline"
)

// modes are measured in this order.
var modes = []mode{modeBM25, modeHybrid, modeFulltext, modeVector, modeWeighted, modeRRF}

type runOptions struct {
	provider, cache, explain string
	verbose                  bool
}

// setReport is one set's figures: per mode, every query's measures.
type setReport struct {
	Set      relevance.Set
	Model    string
	Index    time.Duration
	PerQuery map[mode][]relevance.Measures
}

// runSet indexes a set and relevance.Measures every mode.
func runSet(ctx context.Context, s relevance.Set, o runOptions) (setReport, error) {
	root, cleanup, err := projectDir(s, o)
	if err != nil {
		return setReport{}, err
	}
	defer cleanup()
	t0 := time.Now()
	e, model, err := openIndexed(ctx, root, s.DocsDir, o.provider)
	if err != nil {
		return setReport{}, err
	}
	defer e.Close()
	r := setReport{Set: s, Model: model, Index: time.Since(t0), PerQuery: map[mode][]relevance.Measures{}}
	if o.explain != "" {
		return r, explainQuery(ctx, os.Stdout, e, s.Queries, o.explain)
	}
	base, err := relevance.NewBM25(s.DocsDir, relevance.Tokens(s.Lang))
	if err != nil {
		return setReport{}, fmt.Errorf("bm25 baseline: %w", err)
	}
	for _, q := range s.Queries {
		for _, m := range modes {
			var ranked []string
			if m == modeBM25 {
				ranked = base.Search(q.Text)
			} else if ranked, err = rank(ctx, e, m, q.Text); err != nil {
				return setReport{}, fmt.Errorf("%s %s: %w", q.ID, m, err)
			}
			ms := relevance.Measure(ranked, q.Rel)
			r.PerQuery[m] = append(r.PerQuery[m], ms)
			if o.verbose {
				fmt.Printf("  %-8s %-13s rr %.3f ndcg %.3f  %s\n", q.ID, m, ms.MRR, ms.NDCG, top(ranked, 3))
			}
		}
	}
	return r, nil
}

// projectDir is where the set's project lives: a fresh temporary folder, or
// with a cache folder one keyed by the documents' content (kept).
func projectDir(s relevance.Set, o runOptions) (string, func(), error) {
	if o.cache == "" {
		tmp, err := os.MkdirTemp("", "ubp-eval-")
		if err != nil {
			return "", nil, err
		}
		return tmp, func() { os.RemoveAll(tmp) }, nil
	}
	h, err := treeHash(s.DocsDir)
	if err != nil {
		return "", nil, err
	}
	dir := filepath.Join(o.cache, fmt.Sprintf("%s-%s-%s", filepath.Base(filepath.Dir(s.DocsDir)), o.provider, h[:16]))
	return dir, func() {}, nil
}

// treeHash hashes every file's path and content under dir.
func treeHash(dir string) (string, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		return "", err
	}
	sort.Strings(paths)
	h := sha256.New()
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return "", err
		}
		rel, _ := filepath.Rel(dir, p)
		fmt.Fprintf(h, "%s\x00", rel)
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// openIndexed makes root a project over a copy of docs with the default
// configuration (unless it already is one, from the cache) and indexes it.
func openIndexed(ctx context.Context, root, docs, provider string) (*engine.Engine, string, error) {
	if _, err := os.Stat(filepath.Join(root, ".ubp")); err != nil {
		if err := fixture.CopyTree(docs, filepath.Join(root, "docs"), time.Time{}); err != nil {
			return nil, "", err
		}
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
	e, err := engine.Open(ctx, p, engine.OpenOptions{Getenv: os.Getenv}) // the API key of -provider openai, as the CLI reads it
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

// rank returns document paths, best first, up to relevance.Depth.
func rank(ctx context.Context, e *engine.Engine, m mode, q string) ([]string, error) {
	if m == modeVector {
		return vectorRanking(ctx, e, q)
	}
	opts := engine.SearchOptions{Query: q, Limit: relevance.Depth}
	switch m {
	case modeFulltext:
		opts.Fulltext = true
	case modeWeighted, modeRRF:
		opts.Fusion = string(m)
	}
	res, err := e.Search(ctx, opts)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(res.Results))
	for _, h := range res.Results {
		out = append(out, h.Filepath)
	}
	return out, nil
}
