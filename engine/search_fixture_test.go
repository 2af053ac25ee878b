package engine

import (
	"context"
	"errors"
	"testing"
)

// searchDocs is a small project exercising search: typed links, Japanese
// and English text, several document types and a dangling link.
var searchDocs = map[string]string{
	"designs/search.md": `---
title: Search Ranking
doc_type: design
---

# Search Ranking

Hybrid search fuses vector similarity, graph proximity and full-text scores.

## Fusion weights

The fusion weights are alpha for vectors, beta for the graph and gamma for
full text. Reciprocal rank fusion is the alternative.

## Traversal

Ranking walks the link graph, see [[graph|depends_on]] and [[storage]].
Also [[missing-page]].
`,
	"designs/graph.md": `---
title: Link Graph
doc_type: design
---

# Link Graph

Breadth-first traversal over typed edges. Proximity is one over hops.

The edges live in [[storage|implements]].
`,
	"designs/storage.md": `---
title: Storage Layer
doc_type: spec
---

# Storage Layer

SQLite with a trigram FTS5 table over sections.
`,
	"guides/japanese.md": `---
title: 日本語検索ガイド
doc_type: guide
---

# 日本語検索ガイド

全文検索は trigram で動く。2文字の語も検索できる。

## 変更検出

ファイルの変更をリアルタイムで検出する仕組みを説明する。ファイル変更の検出は監視で行う。

## Embeddingモデル

Embeddingモデルの選び方。MCP ツールからも使える。静的な単語ベクトルは英語向けで、
日本語の文章にはベクトルが作られないことがある。その場合は全文検索とリンクのグラフだけで
順位を決める。モデルを変えたときは索引を作り直す。大きなモデルは精度が高いが、読み込みに
時間がかかり、メモリも多く使う。小さなモデルは速いが、言い換えには弱い。
`,
	"adr/0001-sqlite.md": `---
title: Use SQLite
doc_type: adr
---

# Use SQLite

We store everything in SQLite. See [[storage|depends_on]].
`,
	"notes/ranking-notes.md": `---
title: Ranking Notes
doc_type: other
---

# Ranking Notes

ranking ranking ranking ranking. Notes about ranking only.
`,
}

// searchProject indexes files in a new project using the given embedding
// provider ("none" keeps vectors out, for tests of the other signals).
func searchProject(t testing.TB, files map[string]string, provider string) *Engine {
	t.Helper()
	root := t.TempDir()
	coreWriteFiles(t, root+"/docs", files)
	cfg := DefaultConfig()
	cfg.DocsDir = "docs"
	cfg.Embedding.Provider = provider
	p, _, err := InitProject(root, cfg)
	if err != nil {
		t.Fatalf("InitProject: %v", err)
	}
	e := coreOpen(t, p)
	coreIndex(t, e, false)
	return e
}

// wantArgError checks err is an *ArgumentError about param.
func wantArgError(t *testing.T, err error, param string) {
	t.Helper()
	var ae *ArgumentError
	if !errors.As(err, &ae) {
		t.Fatalf("err = %v, want *ArgumentError on %q", err, param)
	}
	if ae.Param != param {
		t.Fatalf("ArgumentError on %q (%s), want %q", ae.Param, ae.Message, param)
	}
}

func paths[T any](hits []T, path func(T) string) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = path(h)
	}
	return out
}

func hitPaths(res SearchResult) []string {
	return paths(res.Results, func(h SearchHit) string { return h.Filepath })
}

func ftPaths(res FulltextResult) []string {
	return paths(res.Results, func(h FulltextHit) string { return h.Filepath })
}

func mustSearch(t *testing.T, e *Engine, o SearchOptions) SearchResult {
	t.Helper()
	res, err := e.Search(context.Background(), o)
	if err != nil {
		t.Fatalf("Search(%+v): %v", o, err)
	}
	return res
}

func mustFulltext(t *testing.T, e *Engine, o FulltextOptions) FulltextResult {
	t.Helper()
	res, err := e.FulltextSearch(context.Background(), o)
	if err != nil {
		t.Fatalf("FulltextSearch(%+v): %v", o, err)
	}
	return res
}
