package mcpserver

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/fakeembed"
)

// rewriteConfig rewrites the .ubp/config.json of e's project with edit
// applied to the configuration in use, as a user editing it does.
func rewriteConfig(t *testing.T, e *engine.Engine, edit func(*engine.Config)) {
	t.Helper()
	cfg := e.Project().Config
	edit(&cfg)
	data, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(e.Project().ConfigPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// toolCaller calls a tool over one session of a running server.
type toolCaller func(name string, args map[string]any) msg

// stdioCaller starts a server on e over stdio and returns its tool caller
// and log.
func stdioCaller(t *testing.T, e *engine.Engine) (toolCaller, *syncBuffer) {
	c := startStdio(t, e, Options{})
	c.initialize()
	return c.callTool, c.stderr
}

// httpCaller starts a server on e over Streamable HTTP and returns its
// tool caller and log.
func httpCaller(t *testing.T, e *engine.Engine) (toolCaller, *syncBuffer) {
	h := startHTTP(t, e, Options{})
	sid := h.session()
	id := 10
	return func(name string, args map[string]any) msg {
		t.Helper()
		id++
		body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call",
			"params": map[string]any{"name": name, "arguments": args}})
		if err != nil {
			t.Fatal(err)
		}
		return h.post(sid, string(body)).one(t)
	}, h.stderr
}

// listedPaths is every page ubp_list_pages lists, sorted.
func listedPaths(t *testing.T, call toolCaller) []string {
	t.Helper()
	m := call(ToolListPages, map[string]any{"limit": 100})
	if m.isToolError() || m.result() == nil {
		t.Fatalf("list pages: %v", m)
	}
	pages, _ := m.result()["structuredContent"].(map[string]any)["pages"].([]any)
	var out []string
	for _, p := range pages {
		out = append(out, p.(map[string]any)["filepath"].(string))
	}
	slices.Sort(out)
	return out
}

// writeDoc writes a Markdown file.
func writeDoc(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestServerFollowsDocsDirChange: a docs_dir changed in .ubp/config.json
// while the server runs is taken up: the index follows the new folder (the
// old folder's pages leave it, the new folder's come in), the watcher
// watches the new folder, and a file written in the old one is not
// indexed. Until 2026-11-28 the watcher stopped for good, saying so only in
// the server's log, and every tool went on answering from an index of the
// old folder, which no edit reached any more.
func TestServerFollowsDocsDirChange(t *testing.T) {
	for _, tc := range []struct {
		name  string
		start func(*testing.T, *engine.Engine) (toolCaller, *syncBuffer)
	}{{"stdio", stdioCaller}, {"http", httpCaller}} {
		t.Run(tc.name, func(t *testing.T) {
			e := newProject(t, "taskflow-docs", "designs")
			c, log := tc.start(t, e)
			followDocsDir(t, e, c, log)
		})
	}
}

// followDocsDir is TestServerFollowsDocsDirChange over one transport.
func followDocsDir(t *testing.T, e *engine.Engine, c toolCaller, log *syncBuffer) {
	if got := listedPaths(t, c); !slices.Contains(got, "database.md") {
		t.Fatalf("pages before the change: %v", got)
	}
	root := e.Project().Root
	rewriteConfig(t, e, func(cfg *engine.Config) { cfg.DocsDir = "guides" })
	want := []string{"deployment.md", "local-development.md"}
	waitFor(t, "the index to follow docs_dir to guides", func() bool { return slices.Equal(listedPaths(t, c), want) })

	// The watcher watches the new folder, not the old one.
	writeDoc(t, filepath.Join(root, "designs", "left-behind.md"), "# Left behind\n\nThe quokkaplume note.\n")
	writeDoc(t, filepath.Join(root, "guides", "onboarding.md"), "# Onboarding\n\nThe zebracorn checklist.\n")
	waitFor(t, "a page written in the new folder to be indexed", func() bool {
		return slices.Contains(listedPaths(t, c), "onboarding.md")
	})
	if got := listedPaths(t, c); slices.Contains(got, "left-behind.md") {
		t.Errorf("a page written in the old docs folder was indexed: %v", got)
	}
	if log := log.String(); strings.Contains(log, "watching files stopped") {
		t.Errorf("the watcher stopped:\n%s", log)
	}

	// A docs_dir naming a folder that is not there: the tools say so, and
	// what to do (serve has no --docs-dir: the tools named one until
	// 2026-11-28); once it is there, they answer from it.
	rewriteConfig(t, e, func(cfg *engine.Config) { cfg.DocsDir = "handbook" })
	var refusal string
	waitFor(t, "the tools to say the docs folder is not there", func() bool {
		m := c(ToolListPages, map[string]any{})
		refusal = m.toolText()
		return m.isToolError()
	})
	for _, want := range []string{filepath.Join(root, "handbook") + " is gone since", "set docs_dir in .ubp/config.json"} {
		if !strings.Contains(refusal, want) {
			t.Errorf("tool answer while the docs folder is not there: %q, want it to say %q", refusal, want)
		}
	}
	if strings.Contains(refusal, "--docs-dir") {
		t.Errorf("tool answer names --docs-dir, which ubp serve does not take: %q", refusal)
	}
	if err := os.Mkdir(filepath.Join(root, "handbook"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeDoc(t, filepath.Join(root, "handbook", "welcome.md"), "# Welcome\n")
	waitFor(t, "the index to follow docs_dir to handbook", func() bool {
		m := c(ToolListPages, map[string]any{})
		return !m.isToolError() && slices.Equal(listedPaths(t, c), []string{"welcome.md"})
	})
}

// TestServerFollowsEmbeddingChange: an embedding changed in
// .ubp/config.json while the server runs is taken up: every section is
// embedded again by the new model in the background while the tools go on
// answering, and the watcher goes on indexing edits. Until 2026-11-28 the
// watcher stopped for good (only the server's log said so): no edit
// reached the index any more, and the sections kept the old model's
// vectors.
func TestServerFollowsEmbeddingChange(t *testing.T) {
	const dims = 8
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		requests.Add(1)
		_ = fakeembed.Respond(w, req.Input, dims, 5)
	}))
	defer srv.Close()

	e := newProject(t, "taskflow-docs", ".")
	c := startStdio(t, e, Options{})
	c.initialize()
	if m := c.callTool(ToolSearch, map[string]any{"query": "database"}); m.isToolError() {
		t.Fatalf("search before the change: %s", m.toolText())
	}
	rewriteConfig(t, e, func(cfg *engine.Config) {
		cfg.Embedding.Provider = "openai"
		cfg.Embedding.OpenAI.BaseURL = srv.URL + "/v1"
		cfg.Embedding.OpenAI.Model = "fake-embed"
		cfg.Embedding.OpenAI.Dimensions = dims
		cfg.Embedding.OpenAI.APIKeyEnv = ""
	})
	status := func() engine.Status {
		st, err := e.Status(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	waitFor(t, "every section to be embedded by the new model", func() bool {
		st := status()
		return st.EmbeddingModel == "openai:fake-embed@8" && st.Embedded == st.Sections
	})
	if requests.Load() == 0 {
		t.Error("the new embedding server was never asked")
	}
	if m := c.callTool(ToolSearch, map[string]any{"query": "database"}); m.isToolError() {
		t.Errorf("search after the change: %s", m.toolText())
	}
	// The watcher goes on.
	writeDoc(t, filepath.Join(e.Project().Root, "guides", "onboarding.md"), "# Onboarding\n\nThe zebracorn checklist.\n")
	waitFor(t, "a page written after the change to be indexed", func() bool {
		return slices.Contains(listedPaths(t, c.callTool), "guides/onboarding.md")
	})
	if log := c.stderr.String(); strings.Contains(log, "watching files stopped") {
		t.Errorf("the watcher stopped:\n%s", log)
	}
}
