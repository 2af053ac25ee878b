package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/stalesnap"
	"github.com/ubp-dev/ubp/engine/stale"
)

// statusRecount is what status says of staleness, recounted from every
// document's full levels (as pages show them): the counts, the stale list
// and the rejected refs.
func statusRecount(t *testing.T, e *Engine) Status {
	t.Helper()
	ctx := context.Background()
	levels, err := e.currentStaleness(ctx, e.Project(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ids := slices.Collect(func(yield func(int64) bool) {
		for id := range levels {
			if !yield(id) {
				return
			}
		}
	})
	paths, err := e.reader.DocPaths(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	var s Status
	var rejected []int64
	for id, d := range levels {
		if d.level == stale.PossiblyStale || d.level == stale.Stale {
			s.StaleDocuments++
			if d.level == stale.PossiblyStale {
				s.PossiblyStaleDocuments++
			}
			s.StaleList = append(s.StaleList, StaleDocument{Filepath: paths[id], Level: d.level, Reason: *d.reason})
		}
		n := 0
		for _, r := range d.refs {
			if r.Rejected != "" {
				n++
			}
		}
		if n > 0 {
			s.RejectedRefs += n
			rejected = append(rejected, id)
		}
	}
	stalesnap.SortStaleList(s.StaleList)
	if len(s.StaleList) > answer.MaxStaleList {
		s.StaleList = s.StaleList[:answer.MaxStaleList]
	}
	s.RejectedList = rejectedList(levels, rejected, paths)
	return s
}

// TestStatusEqualsFullRecount: the staleness status counts and lists
// (leveling only the documents whose snapshot row holds a changed or
// rejected ref) equal a recount over every document's full levels: after
// indexing, after edits of source files (documents possibly stale), with
// refs rejected and missing (stale) and documents untracked.
func TestStatusEqualsFullRecount(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"src/old.go":    "package src\n\nfunc Old() {}\n",
		"src/recent.go": "package src\n\nfunc Recent() {}\n",
		"src/calm.txt":  "calm\n",
	}
	refs := []string{"src/old.go", "src/recent.go#Recent", "src/calm.txt", "src/missing.go", "../escape.txt", "src/recent.go"}
	for i := range 30 {
		files[fmt.Sprintf("docs/d%02d.md", i)] = fmt.Sprintf("---\ntitle: D%d\nsource_refs: [%s, src/calm.txt]\n---\n# D%d\n\ntext\n", i, refs[i%len(refs)], i)
	}
	files["docs/untracked.md"] = "# U\n\nno refs\n"
	coreWriteFiles(t, root, files)
	e := coreProject(t, root, "docs")
	ctx := context.Background()
	coreIndex(t, e, false)

	check := func(when string) {
		t.Helper()
		got, err := e.Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := statusRecount(t, e)
		if got.StaleDocuments != want.StaleDocuments || got.PossiblyStaleDocuments != want.PossiblyStaleDocuments || got.RejectedRefs != want.RejectedRefs {
			t.Errorf("%s: status counts %d stale, %d possibly, %d rejected; the recount %d, %d, %d", when,
				got.StaleDocuments, got.PossiblyStaleDocuments, got.RejectedRefs, want.StaleDocuments, want.PossiblyStaleDocuments, want.RejectedRefs)
		}
		if !reflect.DeepEqual(got.StaleList, want.StaleList) || !reflect.DeepEqual(got.RejectedList, want.RejectedList) {
			t.Errorf("%s: status lists %+v, %+v; the recount %+v, %+v", when, got.StaleList, got.RejectedList, want.StaleList, want.RejectedList)
		}
		if got.RejectedRefs == 0 || got.StaleDocuments == 0 {
			t.Errorf("%s: no rejected or no stale documents: the fixture tests nothing", when)
		}
	}
	check("after indexing")
	old := filepath.Join(root, "src", "old.go")
	coreEdit(t, old, "package src\n\nfunc Old() { println() }\n")
	coreEdit(t, filepath.Join(root, "src", "recent.go"), "package src\n\nfunc Recent() { println() }\n")
	check("after edits of two source files")
	if s := statusRecount(t, e); s.PossiblyStaleDocuments == 0 || s.PossiblyStaleDocuments == s.StaleDocuments {
		t.Fatalf("want stale and possibly stale documents: %+v", s.StaleList)
	}
}
