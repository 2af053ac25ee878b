package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ubp-dev/ubp/engine"
)

// TestInterruptedFirstIndexKeepsItsWork: a first index stopped by SIGINT
// or SIGTERM (its context cancelled) after it committed some documents
// keeps them, as the interruption message says ("the index keeps what was
// written before the stop; `ubp index` completes it") and as a killed run
// does: the next `ubp index` finds them unchanged and adds only the rest.
// Until 2026-11-28 the index file was deleted as if the build had failed,
// and the next run started over.
func TestInterruptedFirstIndexKeepsItsWork(t *testing.T) {
	for _, resume := range []string{"index", "status"} {
		t.Run(resume, func(t *testing.T) {
			root := interruptedFirstIndex(t)
			if resume == "status" {
				// A read command completes the first index and counts
				// every document it holds, not only those it added.
				code, _, stderr := runCLI(t, root, "status")
				if want := fmt.Sprintf("indexed %d documents", interruptFiles); code != 0 || !strings.Contains(stderr, want) {
					t.Errorf("ubp status after the interruption: exit %d, stderr %q; want 0 and %q", code, stderr, want)
				}
			}
			code, stdout, stderr := runCLI(t, root, "--json", "index")
			if code != 0 {
				t.Fatalf("ubp index after the interruption: exit %d: %s", code, stderr)
			}
			var rep struct{ Added, Unchanged int }
			if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
				t.Fatalf("%v: %s", err, stdout)
			}
			if rep.Unchanged == 0 || rep.Added+rep.Unchanged != interruptFiles {
				t.Errorf("ubp index after the interruption (and %s): added %d, unchanged %d; want the documents committed before the stop unchanged and the rest added, %d in all",
					resume, rep.Added, rep.Unchanged, interruptFiles)
			}
		})
	}
}

// interruptFiles is the size of interruptedFirstIndex's project: a first
// build commits every 1,024 documents, so one stopped after 1,100 has
// committed some and not all.
const interruptFiles = 1200

// interruptedFirstIndex makes a project of interruptFiles pages whose first
// index the CLI's engine wrapper ran and stopped, its context cancelled,
// once 1,100 files were processed; it returns the project root.
func interruptedFirstIndex(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range interruptFiles {
		doc := fmt.Sprintf("# Page %d\n\nThe text of page %d.\n", i, i)
		if err := os.WriteFile(filepath.Join(docs, fmt.Sprintf("p%04d.md", i)), []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := engine.DefaultConfig()
	cfg.DocsDir = "docs"
	if _, _, err := engine.InitProject(root, cfg); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stop sync.Once
	var out, errOut bytes.Buffer
	a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, dir: root, quiet: true}
	err := a.withEngineMode(ctx, freshNone, func(e *engine.Engine) error {
		_, err := e.Index(ctx, engine.IndexOptions{Progress: func(done, _ int) {
			if done >= 1100 {
				stop.Do(cancel)
			}
		}})
		return err
	})
	if err == nil {
		t.Fatal("the interrupted first index succeeded")
	}
	if _, err := os.Stat(filepath.Join(root, ".ubp", "index.db")); err != nil {
		t.Fatalf("the interrupted first index left no index file: %v", err)
	}
	return root
}
