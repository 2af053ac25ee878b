package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/fakeembed"
)

// stallingEmbeddings is an OpenAI-compatible embeddings server whose
// vectors are a deterministic function of the text. While stall is set,
// a request closes reached (once) and is held until its client gives up:
// an indexing run is then past writing its documents, in its embedding
// step, where a run stopped there stops.
type stallingEmbeddings struct {
	*httptest.Server
	stall   atomic.Bool
	reached chan struct{}
	release chan struct{}
	once    sync.Once
}

func newStallingEmbeddings(t *testing.T, dims int) *stallingEmbeddings {
	t.Helper()
	f := &stallingEmbeddings{reached: make(chan struct{}), release: make(chan struct{})}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if f.stall.Load() {
			// The body read, the server sees the client hang up.
			_, _ = io.Copy(io.Discard, r.Body)
			f.once.Do(func() { close(f.reached) })
			select {
			case <-r.Context().Done():
			case <-f.release:
			}
			return
		}
		var req struct {
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		_ = fakeembed.Respond(w, req.Input, dims, 3)
	}))
	t.Cleanup(f.Close)
	t.Cleanup(func() { close(f.release) }) // before Close: no request is held
	return f
}

// stoppedAfterWriting makes a project of n pages embedded by an
// OpenAI-compatible server, and runs its first index through the CLI's
// engine wrapper, stopped (its context cancelled, as SIGINT does) once
// every document is written, in the embedding step. It returns the root.
func stoppedAfterWriting(t *testing.T, n int) string {
	t.Helper()
	srv := newStallingEmbeddings(t, 8)
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		doc := fmt.Sprintf("# Page %d\n\nThe text of page %d. See [next](p%02d.md).\n", i, i, (i+1)%n)
		if err := os.WriteFile(filepath.Join(docs, fmt.Sprintf("p%02d.md", i)), []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := engine.DefaultConfig()
	cfg.DocsDir = "docs"
	cfg.Embedding.Provider = "openai"
	cfg.Embedding.OpenAI.BaseURL = srv.URL + "/v1"
	cfg.Embedding.OpenAI.Model = "fake-embed"
	cfg.Embedding.OpenAI.Dimensions = 8
	cfg.Embedding.OpenAI.APIKeyEnv = ""
	if _, _, err := engine.InitProject(root, cfg); err != nil {
		t.Fatal(err)
	}
	srv.stall.Store(true)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-srv.reached:
			cancel()
		case <-ctx.Done():
		}
	}()
	var out, errOut bytes.Buffer
	a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, dir: root, quiet: true}
	err := a.withEngineMode(ctx, freshNone, func(e *engine.Engine) error {
		_, err := e.Index(ctx, engine.IndexOptions{})
		return err
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the first index stopped in its embedding step: %v, want context.Canceled", err)
	}
	srv.stall.Store(false)
	return root
}

// TestStoppedFirstBuildIsFinished: a first build stopped once every
// document was written (in its embedding step, the long one) left an
// index of every document without last_indexed_at. The next command said
// "no index yet for docs: building it (0 files)": there was an index, and
// "0 files" read as if the folder were empty. It now says the first build
// was not finished and finishes it: the links resolved, every section
// embedded, the index stamped, and the command after it says nothing.
func TestStoppedFirstBuildIsFinished(t *testing.T) {
	const pages = 12
	for _, next := range []string{"status", "search", "index"} {
		t.Run(next, func(t *testing.T) {
			root := stoppedAfterWriting(t, pages)
			args := map[string][]string{
				"status": {"status"},
				"search": {"search", "page"},
				"index":  {"--json", "index"},
			}[next]
			code, stdout, stderr := runCLI(t, root, args...)
			if code != 0 {
				t.Fatalf("ubp %s after the stop: exit %d\nstdout: %s\nstderr: %s", next, code, stdout, stderr)
			}
			if strings.Contains(stderr, "no index yet") || strings.Contains(stderr, "0 files") {
				t.Errorf("ubp %s after the stop says there is no index, or names no file to index:\n%s", next, stderr)
			}
			if next != "index" {
				want := fmt.Sprintf("ubp: the first build of the index for %s stopped before it finished (%d documents in, no file left to read): finishing it\n",
					filepath.Join(root, "docs"), pages)
				if !strings.Contains(stderr, want) {
					t.Errorf("ubp %s after the stop: stderr\n%s\nwant the line %q", next, stderr, want)
				}
			}
			code, stdout, stderr = runCLI(t, root, "--json", "status")
			if code != 0 || stderr != "" {
				t.Fatalf("ubp status after the finished build: exit %d, stderr %q", code, stderr)
			}
			var st struct {
				Documents     int    `json:"documents"`
				Sections      int    `json:"sections"`
				Embedded      int    `json:"embedded_sections"`
				DanglingLinks int    `json:"dangling_links"`
				Links         int    `json:"links"`
				LastIndexedAt string `json:"last_indexed_at"`
			}
			if err := json.Unmarshal([]byte(stdout), &st); err != nil {
				t.Fatalf("%v: %s", err, stdout)
			}
			if st.Documents != pages || st.Embedded != st.Sections || st.LastIndexedAt == "" || st.Links != pages || st.DanglingLinks != 0 {
				t.Errorf("after ubp %s: %+v; want %d documents, every section embedded, %d links resolved and last_indexed_at set", next, st, pages, pages)
			}
		})
	}
}
