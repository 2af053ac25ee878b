package engine

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/search"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
	"github.com/ubp-dev/ubp/internal/fakeembed"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// embedFixture is a small docs folder: English sections on distinct
// topics and one Japanese-only document.
var embedFixture = map[string]string{
	"docs/search.md": `---
title: Search
---
# Search

## Ranking

Results are ranked by combining vector similarity with graph proximity and
keyword matches. Each signal is normalised to a score between zero and one,
then the scores are weighted and summed into the final relevance.

## Snippets

Snippets show the words around each match in the document text, so that a
reader sees at a glance why a result was returned. Matched words are
highlighted with brackets and long passages are cut with an ellipsis.
`,
	"docs/watcher.md": `---
title: Watcher
---
# Watcher

## File events

The watcher observes file system events and re-indexes modified files as
soon as they change. Bursts of events from editors that save through a
temporary file are debounced, and deleted or renamed folders are handled.
`,
	"docs/storage.md": `---
title: Storage
---
# Storage

## Database

Everything lives in one SQLite database file with tables for documents,
sections and links. Writes use short transactions in WAL mode so that
readers never block, and the schema is upgraded by numbered migrations.
`,
	"docs/nihongo.ja.md": `---
title: 日本語
---
# 日本語

## 概要

このドキュメントは日本語だけで書かれています。検索エンジンの設計について説明します。
ファイルの変更を検出して、索引を自動的に更新します。データベースにはすべての文書と
セクションとリンクが保存されます。
`,
}

// fakeEmbeddings is an OpenAI-compatible embeddings server whose vectors
// are a deterministic function of the text.
type fakeEmbeddings struct {
	*httptest.Server
	dims   int
	status int // answer every request with this status when non-zero

	mu     sync.Mutex
	inputs int
	auth   string // the last request's Authorization header
}

func newFakeEmbeddings(t *testing.T, dims int) *fakeEmbeddings {
	f := &fakeEmbeddings{dims: dims}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if f.status != 0 {
			w.WriteHeader(f.status)
			w.Write([]byte(`{"error":{"message":"test refusal"}}`))
			return
		}
		var req struct {
			Input []string `json:"input"`
		}
		if r.URL.Path != "/v1/embeddings" || json.NewDecoder(r.Body).Decode(&req) != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		f.mu.Lock()
		f.inputs += len(req.Input)
		f.auth = r.Header.Get("Authorization")
		f.mu.Unlock()
		_ = fakeembed.Respond(w, req.Input, f.dims, 3)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeEmbeddings) sent() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.inputs
}

func (f *fakeEmbeddings) lastAuth() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.auth
}

// TestOpenGetenv: the API key is read through OpenOptions.Getenv, never
// from the process's environment; nil reads none, and no key is sent.
func TestOpenGetenv(t *testing.T) {
	ctx := context.Background()
	srv := newFakeEmbeddings(t, 8)
	root := t.TempDir()
	p := *coreProject(t, root, "docs").Project()
	coreWriteFiles(t, filepath.Join(root, "docs"), map[string]string{"a.md": "# A\n\nSome text about keys.\n"})
	p.Config.Embedding = openAIConfig(srv.URL, 8)
	p.Config.Embedding.OpenAI.APIKeyEnv = "UBP_TEST_KEY"
	t.Setenv("UBP_TEST_KEY", "sk-of-the-process")

	e, err := Open(ctx, &p, OpenOptions{Getenv: func(k string) string {
		if k == "UBP_TEST_KEY" {
			return "sk-passed"
		}
		return ""
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if rep := coreIndex(t, e, false); rep.Embedded == 0 || srv.lastAuth() != "Bearer sk-passed" {
		t.Errorf("with Getenv: embedded %d, Authorization %q", rep.Embedded, srv.lastAuth())
	}

	noEnv := coreOpen(t, &p)
	sent := srv.sent()
	if _, _, err := noEnv.EmbedQuery(ctx, "keys"); err != nil || srv.sent() == sent {
		t.Fatalf("EmbedQuery without Getenv: %v, sent %d", err, srv.sent()-sent)
	}
	if got := srv.lastAuth(); got != "" {
		t.Errorf("without Getenv: Authorization %q, want none", got)
	}
}

// withEmbedding opens another engine on e's project with another
// embedding configuration.
func withEmbedding(t *testing.T, e *Engine, cfg EmbeddingConfig) *Engine {
	t.Helper()
	p := *e.Project()
	p.Config.Embedding = cfg
	return coreOpen(t, &p)
}

func openAIConfig(url string, dims int) EmbeddingConfig {
	c := DefaultConfig().Embedding
	c.Provider = "openai"
	c.OpenAI.BaseURL = url + "/v1"
	c.OpenAI.Model = "fake-embed"
	c.OpenAI.Dimensions = dims
	c.OpenAI.APIKeyEnv = ""
	return c
}

// embeddingRows maps section id → text_hash of the model's embeddings.
func embeddingRows(t *testing.T, e *Engine, model string) map[int64]string {
	t.Helper()
	rows, err := e.db.Query(`SELECT section_id, text_hash FROM section_embeddings WHERE model = ?`, model)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var h string
		if err := rows.Scan(&id, &h); err != nil {
			t.Fatal(err)
		}
		out[id] = h
	}
	return out
}

func sectionIDByHeading(t *testing.T, e *Engine, heading string) int64 {
	t.Helper()
	var id int64
	if err := e.db.QueryRow(`SELECT id FROM sections WHERE heading = ?`, heading).Scan(&id); err != nil {
		t.Fatalf("section %q: %v", heading, err)
	}
	return id
}

func countRows(t *testing.T, e *Engine, query string, args ...any) int {
	t.Helper()
	var n int
	if err := e.db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestEmbeddingPipeline(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	coreWriteFiles(t, root, embedFixture)
	e := coreProject(t, root, "docs")
	rep := coreIndex(t, e, false)

	sections := countRows(t, e, `SELECT count(*) FROM sections`)
	japanese := countRows(t, e, `SELECT count(*) FROM sections s JOIN documents d ON d.id = s.document_id WHERE d.filepath = 'nihongo.ja.md'`)
	if sections == 0 || japanese == 0 {
		t.Fatalf("fixture indexed %d sections, %d Japanese", sections, japanese)
	}
	// Every section is recorded and has a vector: English words from the
	// word model, Japanese ones through the glossary.
	if rep.Embedded != sections {
		t.Errorf("report.Embedded %d, want %d", rep.Embedded, sections)
	}
	st, err := e.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(st.EmbeddingModel, "static-glove-100d-") || st.Embedded != sections {
		t.Errorf("status model %q embedded %d", st.EmbeddingModel, st.Embedded)
	}
	static := st.EmbeddingModel
	if n := len(embeddingRows(t, e, static)); n != sections {
		t.Errorf("%d embedding rows, want one per section (%d)", n, sections)
	}
	if n := countRows(t, e, `SELECT count(*) FROM section_vectors`); n != sections {
		t.Errorf("vec0 rows %d, want %d", n, sections)
	}
	// Hub calibration is gone, its tables with it (migration 0009).
	if n := countRows(t, e, `SELECT count(*) FROM sqlite_master WHERE name IN ('section_hubness', 'vector_hubness_state')`); n != 0 {
		t.Errorf("%d hubness tables, want 0", n)
	}

	// Queries find the section on their topic.
	queries := []struct{ query, heading string }{
		{"how are search results ranked and scored", "Ranking"},
		{"detect modified files and update the index", "File events"},
		{"sqlite tables and transactions for the store", "Database"},
		{"highlight the matched words of a result", "Snippets"},
	}
	for _, tt := range queries {
		t.Run(tt.query, func(t *testing.T) {
			vec, model, err := e.EmbedQuery(ctx, tt.query)
			if err != nil || len(vec) != 100 || model != static {
				t.Fatalf("EmbedQuery(%q): %d dims, model %q, err %v", tt.query, len(vec), model, err)
			}
			ms, err := e.NearestSections(ctx, vec, 3)
			if err != nil || len(ms) == 0 {
				t.Fatalf("NearestSections(%q): %v %v", tt.query, ms, err)
			}
			if want := sectionIDByHeading(t, e, tt.heading); ms[0].SectionID != want {
				t.Errorf("query %q: nearest section %d, want %d (%s)", tt.query, ms[0].SectionID, want, tt.heading)
			}
		})
	}
	// A Japanese query finds the Japanese page.
	vec, _, err := e.EmbedQuery(ctx, "日本語の検索")
	if err != nil || vec == nil {
		t.Fatalf("Japanese query on the static model: %v %v, want a vector", vec, err)
	}
	ms, err := e.NearestSections(ctx, vec, 3)
	if err != nil || len(ms) == 0 {
		t.Fatalf("NearestSections(日本語の検索): %v %v", ms, err)
	}
	var fp string
	e.db.QueryRow(`SELECT d.filepath FROM sections s JOIN documents d ON d.id = s.document_id WHERE s.id = ?`, ms[0].SectionID).Scan(&fp)
	if fp != "nihongo.ja.md" {
		t.Errorf("Japanese query: nearest section in %s, want nihongo.ja.md", fp)
	}
	if vec, _, err := e.EmbedQuery(ctx, "これはひらがなだけ"); vec != nil || err != nil {
		t.Errorf("hiragana-only query: %v %v, want no vector", vec, err)
	}

	// An unchanged folder embeds nothing.
	if rep := coreIndex(t, e, false); rep.Embedded != 0 {
		t.Errorf("unchanged re-index embedded %d", rep.Embedded)
	}

	// Changing one section re-embeds only it.
	before := embeddingRows(t, e, static)
	snippets := sectionIDByHeading(t, e, "Snippets")
	path := filepath.Join(root, "docs", "search.md")
	data, _ := os.ReadFile(path)
	os.WriteFile(path, []byte(strings.Replace(string(data), "around each match", "around every highlighted match", 1)), 0o644)
	coreTouchLater(t, path)
	if rep := coreIndex(t, e, false); rep.Embedded != 1 {
		t.Errorf("one changed section: embedded %d, want 1", rep.Embedded)
	}
	after := embeddingRows(t, e, static)
	for id, h := range before {
		if id == snippets {
			if after[id] == h {
				t.Error("changed section kept its text hash")
			}
		} else if after[id] != h {
			t.Errorf("unchanged section %d was re-embedded", id)
		}
	}

	// Switching to another provider of other dimensions re-embeds all,
	// and the static vectors are never compared with the new ones.
	srv := newFakeEmbeddings(t, 8)
	e2 := withEmbedding(t, e, openAIConfig(srv.URL, 8))
	rep = coreIndex(t, e2, false)
	if rep.Embedded != sections || srv.sent() != sections {
		t.Errorf("after switching provider: embedded %d, sent %d, want %d", rep.Embedded, srv.sent(), sections)
	}
	if n := len(embeddingRows(t, e2, static)); n != 0 {
		t.Errorf("%d static rows remain", n)
	}
	if n := len(embeddingRows(t, e2, "openai:fake-embed@8")); n != sections {
		t.Errorf("openai rows %d, want %d", n, sections)
	}
	vec, model, err := e2.EmbedQuery(ctx, "ranking")
	if err != nil || len(vec) != 8 || model != "openai:fake-embed@8" {
		t.Fatalf("openai EmbedQuery: %d dims, %q, %v", len(vec), model, err)
	}
	if ms, err := e2.NearestSections(ctx, vec, 100); err != nil || len(ms) != sections {
		t.Errorf("openai NearestSections: %d matches, %v", len(ms), err)
	}
	// The engine still configured for the static model finds nothing to
	// compare with: no query vector, no matches, no error.
	if vec, _, err := e.EmbedQuery(ctx, "ranking"); vec != nil || err != nil {
		t.Errorf("static EmbedQuery over an openai index: %v %v", vec, err)
	}
	staticVec := make([]float32, 100)
	staticVec[0] = 1
	if ms, err := e.NearestSections(ctx, staticVec, 5); ms != nil || err != nil {
		t.Errorf("static NearestSections over an openai index: %v %v", ms, err)
	}
	// Re-indexing with the openai provider sends nothing.
	sent := srv.sent()
	if rep := coreIndex(t, e2, false); rep.Embedded != 0 || srv.sent() != sent {
		t.Errorf("unchanged openai re-index: embedded %d, sent %d more", rep.Embedded, srv.sent()-sent)
	}
}

func TestEmbeddingFailureIsAWarning(t *testing.T) {
	root := t.TempDir()
	coreWriteFiles(t, root, embedFixture)
	e := coreProject(t, root, "docs")
	srv := newFakeEmbeddings(t, 4)
	srv.status = http.StatusUnauthorized
	bad := withEmbedding(t, e, openAIConfig(srv.URL, 0))
	rep := coreIndex(t, bad, false)
	if rep.Embedded != 0 || len(rep.Warnings) != 1 {
		t.Fatalf("embedded %d, warnings %v", rep.Embedded, rep.Warnings)
	}
	w := rep.Warnings[0]
	if w.File != ".ubp/config.json" || !strings.Contains(w.Message, "HTTP 401") || !strings.Contains(w.Message, srv.URL) {
		t.Errorf("warning %+v", w)
	}
	if n := countRows(t, e, `SELECT count(*) FROM documents`); n != 4 {
		t.Errorf("documents %d: the run did not index", n)
	}
	// Once the server works, the next run embeds everything.
	srv.status = 0
	sections := countRows(t, e, `SELECT count(*) FROM sections`)
	if rep := coreIndex(t, bad, false); rep.Embedded != sections || len(rep.Warnings) != 0 {
		t.Errorf("recovered run: embedded %d, warnings %v", rep.Embedded, rep.Warnings)
	}
}

func TestEmbeddingProviderNone(t *testing.T) {
	root := t.TempDir()
	coreWriteFiles(t, root, embedFixture)
	e := coreProject(t, root, "docs")
	none := withEmbedding(t, e, EmbeddingConfig{Provider: "none"})
	if rep := coreIndex(t, none, false); rep.Embedded != 0 {
		t.Errorf("provider none embedded %d", rep.Embedded)
	}
	if n := countRows(t, e, `SELECT count(*) FROM section_embeddings`); n != 0 {
		t.Errorf("provider none stored %d embeddings", n)
	}
	ctx := context.Background()
	if vec, model, err := none.EmbedQuery(ctx, "search"); vec != nil || model != "" || err != nil {
		t.Errorf("EmbedQuery with none: %v %q %v", vec, model, err)
	}
	st, err := none.Status(ctx)
	if err != nil || st.EmbeddingModel != "" || st.Embedded != 0 {
		t.Errorf("status %q %d %v", st.EmbeddingModel, st.Embedded, err)
	}
}

// On the real corpus the common component is computed, stored and
// removed from every indexed vector.
func TestEmbeddingCommonComponentOnCorpus(t *testing.T) {
	root := t.TempDir()
	fixture.MustCopyTree(t, fixture.MustCorpus(t, "unified-blueprint-docs"), root, time.Time{})
	e := coreProject(t, root, "docs")
	rep := coreIndex(t, e, false)
	if rep.Embedded < 16 { // fewer vectors get no common component (see embedrun)
		t.Fatalf("embedded only %d sections", rep.Embedded)
	}
	ctx := context.Background()
	st, ok, err := vecstore.ReadState(ctx, e.db)
	if err != nil || !ok || st.Component == nil || len(st.Component) != st.Dims {
		t.Fatalf("state %+v ok %v err %v: no component", st, ok, err)
	}
	var norm float64
	for _, x := range st.Component {
		norm += float64(x) * float64(x)
	}
	if math.Abs(norm-1) > 1e-5 {
		t.Errorf("|component|² = %v", norm)
	}
	// Query vectors have it removed.
	vec, _, err := e.EmbedQuery(ctx, "search ranking algorithm with graph")
	if err != nil || vec == nil {
		t.Fatalf("EmbedQuery: %v", err)
	}
	var dot float64
	for i := range vec {
		dot += float64(vec[i]) * float64(st.Component[i])
	}
	if math.Abs(dot) > 1e-5 {
		t.Errorf("query·component = %v, want 0", dot)
	}
	// A run that changes nothing keeps the stored component.
	coreIndex(t, e, false)
	st2, _, _ := vecstore.ReadState(ctx, e.db)
	for i := range st.Component {
		if st.Component[i] != st2.Component[i] {
			t.Fatal("an unchanged run recomputed the component")
		}
	}
	// The English benchmark queries of queries.tsv find their document
	// first with the default (hybrid) search.
	benchmark := []struct{ query, want string }{
		{"file change detection and monitoring", "designs/async-pipeline.md"},
		{"search ranking algorithm with graph", "designs/search-algorithm.md"},
		{"document freshness and staleness", "designs/staleness-detection.md"},
	}
	for _, tt := range benchmark {
		t.Run(tt.query, func(t *testing.T) {
			res, err := e.Search(ctx, SearchOptions{Query: tt.query, Limit: 3})
			if err != nil {
				t.Fatal(err)
			}
			if res.SearchType != search.TypeHybrid || len(res.Results) == 0 || res.Results[0].Filepath != tt.want {
				t.Errorf("query %q: %s (%s), want %s first", tt.query, hitPaths(res), res.SearchType, tt.want)
			}
		})
	}
}
