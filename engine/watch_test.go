package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// coreEventually polls cond until it holds or the deadline passes.
func coreEventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("timed out waiting until %s", what)
}

func TestWatch(t *testing.T) {
	e, docs := coreFixture(t)
	coreIndex(t, e, false)
	// Written after the last Index and before the watch starts: the
	// watcher's catch-up run must find it.
	coreWriteFiles(t, docs, map[string]string{"before-watch.md": "# Before the watch\n"})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	var mu sync.Mutex
	var reports []IndexReport
	var errs []error
	done := make(chan error, 1)
	go func() {
		done <- e.Watch(ctx, func(r IndexReport, err error) {
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
				return
			}
			reports = append(reports, r)
		})
	}()
	page := func(ref string) (Page, bool) {
		p, err := e.GetPage(context.Background(), ref)
		var nf *NotFoundError
		if err != nil && !errors.As(err, &nf) {
			t.Fatalf("GetPage(%s): %v", ref, err)
		}
		return p, err == nil
	}
	// Wait until the watcher runs: a probe file rewritten until it shows up.
	waitUntilWatching(t, e, docs)

	if _, ok := page("before-watch.md"); !ok {
		t.Error("a file written before the watch started was not caught up")
	}

	// Create.
	coreWriteFiles(t, docs, map[string]string{"new.md": "# New page\n\nFirst draft, see [[architecture]].\n"})
	coreEventually(t, "new.md is indexed", func() bool { _, ok := page("new.md"); return ok })

	// Modify in place.
	coreWriteFiles(t, docs, map[string]string{"new.md": "# New page\n\nEdited text.\n"})
	coreEventually(t, "the edit of new.md is indexed", func() bool {
		p, ok := page("new.md")
		return ok && strings.Contains(p.Content, "Edited text")
	})

	// Save by rename, as editors do: write a temp file, rename it over.
	tmp := filepath.Join(docs, ".new.md.swp")
	if err := os.WriteFile(tmp, []byte("# New page\n\nSaved atomically.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, filepath.Join(docs, "new.md")); err != nil {
		t.Fatal(err)
	}
	coreEventually(t, "the save-by-rename of new.md is indexed", func() bool {
		p, ok := page("new.md")
		return ok && strings.Contains(p.Content, "Saved atomically")
	})
	before, _ := page("new.md")

	// Rename: the document takes the doc_id of its new path, as a rebuild would.
	if err := os.Rename(filepath.Join(docs, "new.md"), filepath.Join(docs, "renamed.md")); err != nil {
		t.Fatal(err)
	}
	coreEventually(t, "the rename to renamed.md is indexed", func() bool {
		_, oldOK := page("new.md")
		_, newOK := page("renamed.md")
		return newOK && !oldOK
	})
	if after, _ := page("renamed.md"); after.DocID != pathDocID("renamed.md") {
		t.Errorf("doc_id after a watched rename: %s → %s, want %s", before.DocID, after.DocID, pathDocID("renamed.md"))
	}

	// A new folder with a file written at once.
	if err := os.MkdirAll(filepath.Join(docs, "fresh", "deeper"), 0o755); err != nil {
		t.Fatal(err)
	}
	coreWriteFiles(t, docs, map[string]string{"fresh/deeper/leaf.md": "# Leaf\n"})
	coreEventually(t, "a file in a new folder is indexed", func() bool { _, ok := page("fresh/deeper/leaf.md"); return ok })
	// Files written later in that new folder are seen too (it is watched).
	coreWriteFiles(t, docs, map[string]string{"fresh/deeper/leaf2.md": "# Leaf two\n"})
	coreEventually(t, "a later file in the new folder is indexed", func() bool { _, ok := page("fresh/deeper/leaf2.md"); return ok })

	// A folder moved in from outside the docs folder.
	outside := filepath.Join(e.Project().Root, "incoming")
	coreWriteFiles(t, outside, map[string]string{"moved.md": "# Moved in\n"})
	if err := os.Rename(outside, filepath.Join(docs, "incoming")); err != nil {
		t.Fatal(err)
	}
	coreEventually(t, "a moved-in folder is indexed", func() bool { _, ok := page("incoming/moved.md"); return ok })

	// Renaming a folder moves its documents.
	if err := os.Rename(filepath.Join(docs, "fresh"), filepath.Join(docs, "stale-name")); err != nil {
		t.Fatal(err)
	}
	coreEventually(t, "a renamed folder is re-indexed", func() bool {
		_, a := page("stale-name/deeper/leaf.md")
		_, b := page("fresh/deeper/leaf.md")
		return a && !b
	})
	coreWriteFiles(t, docs, map[string]string{"stale-name/deeper/leaf3.md": "# Leaf three\n"})
	coreEventually(t, "a file in a renamed folder is indexed", func() bool { _, ok := page("stale-name/deeper/leaf3.md"); return ok })

	// Excluded folders are ignored; deleting a folder deletes its documents.
	coreWriteFiles(t, docs, map[string]string{"node_modules/pkg/readme.md": "# Not a doc\n"})
	if err := os.RemoveAll(filepath.Join(docs, "stale-name")); err != nil {
		t.Fatal(err)
	}
	coreEventually(t, "a deleted folder's documents are removed", func() bool {
		_, ok := page("stale-name/deeper/leaf.md")
		return !ok
	})

	// Delete a file.
	if err := os.Remove(filepath.Join(docs, "renamed.md")); err != nil {
		t.Fatal(err)
	}
	coreEventually(t, "the deletion of renamed.md is indexed", func() bool { _, ok := page("renamed.md"); return !ok })
	if n := coreCount(t, e, `SELECT count(*) FROM documents WHERE filepath LIKE 'node_modules/%'`); n != 0 {
		t.Error("a file in node_modules was indexed")
	}

	// A new .gitignore re-checks the folder: ignored documents go.
	coreWriteFiles(t, docs, map[string]string{".gitignore": "incoming/\n"})
	coreEventually(t, "a .gitignore'd folder's documents are removed", func() bool {
		_, ok := page("incoming/moved.md")
		return !ok
	})

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Watch returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Watch did not return after cancel")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(errs) > 0 {
		t.Errorf("watch errors: %v", errs)
	}
	renamed := 0
	for _, r := range reports {
		renamed += r.Renamed
	}
	if len(reports) == 0 || renamed == 0 {
		t.Errorf("reports %+v: want several, with a rename", reports)
	}
}

func TestWatchMissingDocsFolder(t *testing.T) {
	e, docs := coreFixture(t)
	if err := os.RemoveAll(docs); err != nil {
		t.Fatal(err)
	}
	err := e.Watch(context.Background(), nil)
	if err == nil || !strings.Contains(err.Error(), docs) {
		t.Errorf("Watch without a docs folder: %v", err)
	}
}

// TestWatchDocsFolderComesBack: the docs folder moved away and back (or
// deleted and written again, as a branch switch may) is watched again:
// a file written in it afterwards is indexed, and a page removed while it
// was away goes.
func TestWatchDocsFolderComesBack(t *testing.T) {
	e, docs := coreFixture(t)
	coreIndex(t, e, false)
	watchInBackground(t, e)
	has := func(ref string) bool { return hasPage(t, e, ref) }
	waitUntilWatching(t, e, docs)

	away := docs + ".away"
	if err := os.Rename(docs, away); err != nil {
		t.Fatal(err)
	}
	coreEventually(t, "the engine says the docs folder is gone", func() bool {
		_, gone := e.DocsFolderGone()
		return gone
	})
	if err := os.Remove(filepath.Join(away, "probe.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(away, docs); err != nil {
		t.Fatal(err)
	}
	n := 0
	coreEventually(t, "a file written after the docs folder came back is indexed", func() bool {
		n++
		if n%10 == 1 {
			coreWriteFiles(t, docs, map[string]string{"back.md": fmt.Sprintf("# Back %d\n", n)})
		}
		return has("back.md")
	})
	coreEventually(t, "probe.md, removed while the folder was away, goes", func() bool { return !has("probe.md") })
	coreEventually(t, "the engine says the docs folder is back", func() bool {
		_, gone := e.DocsFolderGone()
		return !gone
	})
}

// TestWatchDocsSymlinkSwitched: a docs folder that is a symlink switched
// to another folder (ln -sfn) is followed: the other folder's pages are
// served, and files written there later are indexed; one switched to a
// folder outside the project is not read, and the engine says the docs
// folder is gone until it is back inside.
func TestWatchDocsSymlinkSwitched(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	coreWriteFiles(t, filepath.Join(root, "v1"), map[string]string{"a1.md": "# A1\n"})
	coreWriteFiles(t, filepath.Join(root, "v2"), map[string]string{"b1.md": "# B1\n"})
	coreWriteFiles(t, outside, map[string]string{"secret.md": "# Secret\n\nTOPSECRETVALUE\n"})
	docs := filepath.Join(root, "docs")
	if err := os.Symlink("v1", docs); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.DocsDir = "docs"
	cfg.Embedding.Provider = "none"
	p, _, err := InitProject(root, cfg)
	if err != nil {
		t.Fatalf("InitProject: %v", err)
	}
	e := coreOpen(t, p)
	coreIndex(t, e, false)
	watchInBackground(t, e)
	has := func(ref string) bool { return hasPage(t, e, ref) }
	switchTo := func(target string) {
		t.Helper()
		tmp := docs + ".tmp"
		if err := os.Symlink(target, tmp); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, docs); err != nil {
			t.Fatal(err)
		}
	}
	if !has("a1.md") {
		t.Fatal("a1.md not indexed")
	}
	time.Sleep(200 * time.Millisecond) // let the watcher set up
	switchTo("v2")
	coreEventually(t, "the pages of the folder switched to", func() bool { return has("b1.md") && !has("a1.md") })
	n := 0
	coreEventually(t, "a file written in the folder switched to is indexed", func() bool {
		n++
		if n%10 == 1 {
			coreWriteFiles(t, filepath.Join(root, "v2"), map[string]string{"b2.md": fmt.Sprintf("# B2 %d\n", n)})
		}
		return has("b2.md")
	})

	switchTo(outside)
	coreEventually(t, "the engine says the docs folder is gone", func() bool {
		_, gone := e.DocsFolderGone()
		return gone
	})
	time.Sleep(watchDebounce + 2*watchRootPoll)
	if has("secret.md") {
		t.Fatal("a page outside the project was indexed")
	}
	if res, err := e.FulltextSearch(context.Background(), FulltextOptions{Query: "TOPSECRETVALUE"}); err != nil || len(res.Results) != 0 {
		t.Fatalf("outside text searchable: %+v, %v", res.Results, err)
	}
	switchTo("v1")
	coreEventually(t, "back inside: the folder's pages", func() bool {
		_, gone := e.DocsFolderGone()
		return !gone && has("a1.md") && !has("b1.md")
	})
}

// watchInBackground runs e.Watch until the test ends, and fails the test
// if it returns an error.
func watchInBackground(t *testing.T, e *Engine) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- e.Watch(ctx, nil) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Watch: %v", err)
		}
	})
}

// waitUntilWatching waits until e's watcher runs: a probe file in docs,
// rewritten every tenth poll, until the page shows up.
func waitUntilWatching(t *testing.T, e *Engine, docs string) {
	t.Helper()
	n := 0
	coreEventually(t, "the watcher indexes a probe file", func() bool {
		n++
		if n%10 == 1 {
			coreWriteFiles(t, docs, map[string]string{"probe.md": fmt.Sprintf("# Probe %d\n", n)})
		}
		return hasPage(t, e, "probe.md")
	})
}

// hasPage reports whether e finds the page ref; an error other than
// not found fails the test.
func hasPage(t *testing.T, e *Engine, ref string) bool {
	t.Helper()
	_, err := e.GetPage(context.Background(), ref)
	var nf *NotFoundError
	if err != nil && !errors.As(err, &nf) {
		t.Fatalf("GetPage(%s): %v", ref, err)
	}
	return err == nil
}
