package engine

import (
	"context"
	"testing"

	"github.com/ubp-dev/ubp/engine/stale"
)

// TestSearchReadsStalenessOfShownDocumentsOnly: a new process (engine)
// searching an index whose stored staleness snapshot is current reads the
// rows of the documents it shows, not the whole snapshot, and reports the
// same levels as the process that computed it.
func TestSearchReadsStalenessOfShownDocumentsOnly(t *testing.T) {
	e, _ := staleProject(t, map[string]string{
		"src/a.go":       staleGoV1,
		"docs/design.md": "---\ntitle: Watcher design\nsource_refs:\n  - src/a.go#Alpha\n---\n# Watcher design\n\nThe watcher design.\n",
		"docs/bad.md":    "---\ntitle: Watcher notes\nsource_refs:\n  - missing.txt\n---\n# Watcher notes\n\nWatcher notes.\n",
		"docs/other.md":  "---\ntitle: Other\nsource_refs:\n  - missing-too.txt\n---\n# Other\n\nSomething else entirely.\n",
	})
	mustIndex(t, e)
	levels := func(res SearchResult) map[string]stale.Level {
		out := map[string]stale.Level{}
		for _, h := range res.Results {
			out[h.Filepath] = h.Staleness
		}
		return out
	}
	opts := SearchOptions{Query: "watcher", Fulltext: true}
	want := levels(mustSearch(t, e, opts))
	if want["design.md"] != stale.Fresh || want["bad.md"] != stale.Stale {
		t.Fatalf("levels %v, want design.md fresh and bad.md stale", want)
	}
	if _, ok := want["other.md"]; ok {
		t.Fatalf("other.md should not match %q", opts.Query)
	}

	e2, err := Open(context.Background(), e.Project(), OpenOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close()
	got := levels(mustSearch(t, e2, opts))
	if len(got) != len(want) {
		t.Errorf("second process: %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("second process: %s is %q, want %q", k, got[k], v)
		}
	}
	e2.staleSnap.mu.Lock()
	whole := e2.staleSnap.cur
	e2.staleSnap.mu.Unlock()
	if whole != nil {
		t.Errorf("the second process loaded the whole staleness snapshot (%d documents) to show %d", len(whole.docs), len(got))
	}
}
