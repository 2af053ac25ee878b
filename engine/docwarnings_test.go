package engine

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/index"
)

// TestDocumentWarningsOutliveTheRun: a parse warning (frontmatter that
// does not parse, so its source_refs are dropped) is kept with the
// document: status counts and lists it and get-page shows it on every
// later run, not only in the report of the run that parsed the file, until
// the file is fixed.
func TestDocumentWarningsOutliveTheRun(t *testing.T) {
	e, root := staleProject(t, map[string]string{
		"docs/broken.md": "---\ntitle: Broken\nsource_refs: [a.txt\n---\n# Broken\n\nText.\n",
		"docs/fine.md":   "# Fine\n\nText.\n",
	})
	ctx := context.Background()
	first := mustIndex(t, e)
	if len(first.Warnings) != 1 || first.Warnings[0].File != "broken.md" {
		t.Fatalf("first run warnings %+v", first.Warnings)
	}
	want := []index.Warning{first.Warnings[0]}
	if again := mustIndex(t, e); len(again.Warnings) != 0 {
		t.Fatalf("a run with nothing to parse reports %+v", again.Warnings)
	}

	st, err := e.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.DocumentsWithWarnings != 1 || !reflect.DeepEqual(st.Warnings, want) {
		t.Errorf("status: %d documents with warnings, %+v; want 1, %+v", st.DocumentsWithWarnings, st.Warnings, want)
	}
	if p := mustPage(t, e, "broken.md"); !reflect.DeepEqual(p.Warnings, want) || !strings.Contains(p.Warnings[0].Message, "frontmatter") {
		t.Errorf("get-page broken.md warnings %+v, want %+v", p.Warnings, want)
	}
	if p := mustPage(t, e, "fine.md"); p.Warnings == nil || len(p.Warnings) != 0 {
		t.Errorf("get-page fine.md warnings %#v, want an empty list", p.Warnings)
	}

	// Fixed: the warning goes.
	writeOld(t, root, "docs/broken.md", "---\ntitle: Broken\nsource_refs: [a.txt]\n---\n# Broken\n\nText.\n", time.Now())
	mustIndex(t, e)
	if st, err = e.Status(ctx); err != nil || st.DocumentsWithWarnings != 0 || len(st.Warnings) != 0 {
		t.Errorf("after the fix: %d, %+v, %v", st.DocumentsWithWarnings, st.Warnings, err)
	}
	if p := mustPage(t, e, "broken.md"); len(p.Warnings) != 0 {
		t.Errorf("after the fix, get-page warnings %+v", p.Warnings)
	}
}

// TestRejectedRefWarningsOutliveTheRun: a source ref staleness will never
// check (outside the project) is named by status and get-page after the
// run that reported it: status in its rejected refs, get-page in the
// ref's state, both from the staleness check (not among the parse
// warnings, which a rejection decided by other files than the document
// would outlive: TestRejectedRefsFollowTheFiles in cmd/ubp).
func TestRejectedRefWarningsOutliveTheRun(t *testing.T) {
	e, _ := staleProject(t, map[string]string{
		"docs/out.md": "---\ntitle: Out\nsource_refs:\n  - ../outside.txt\n---\n# Out\n\nText.\n",
	})
	ctx := context.Background()
	first := mustIndex(t, e)
	if len(first.Warnings) != 1 || first.Warnings[0].Line != 4 {
		t.Fatalf("first run warnings %+v", first.Warnings)
	}
	st, err := e.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.RejectedRefs != 1 || !reflect.DeepEqual(st.RejectedList, first.Warnings) || st.DocumentsWithWarnings != 0 {
		t.Errorf("status: %d rejected refs, %+v, %d documents with parse warnings; want 1, %+v, 0", st.RejectedRefs, st.RejectedList, st.DocumentsWithWarnings, first.Warnings)
	}
	p := mustPage(t, e, "out.md")
	if len(p.SourceRefs) != 1 || p.SourceRefs[0].Rejected != "the path escapes the project root" || len(p.Warnings) != 0 {
		t.Errorf("get-page source refs %+v, warnings %+v; want ../outside.txt rejected, no parse warning", p.SourceRefs, p.Warnings)
	}
}

// TestDocumentWarningsMigrationFillsThem: an index from before schema 16
// kept no warnings; the migration's re-index parses every document, so a
// broken frontmatter indexed long ago is listed too.
func TestDocumentWarningsMigrationFillsThem(t *testing.T) {
	const version = 16 // 0016_document_warnings
	ctx := context.Background()
	root := t.TempDir()
	coreWriteFiles(t, root, map[string]string{
		"docs/broken.md": "---\ntitle: Broken\nsource_refs: [a.txt\n---\n# Broken\n\nText.\n",
		"docs/fine.md":   "# Fine\n\nText.\n",
	})
	e := coreProject(t, root, "docs")
	coreIndex(t, e, false)
	e2 := reopenBefore(t, e, version-1)
	if f, err := e2.Freshness(ctx); err != nil || f.Current() {
		t.Errorf("freshness after the migration: %+v, %v; want a re-index pending", f, err)
	}
	coreIndex(t, e2, false)
	st, err := e2.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.DocumentsWithWarnings != 1 || len(st.Warnings) != 1 || st.Warnings[0].File != "broken.md" || !strings.Contains(st.Warnings[0].Message, "frontmatter") {
		t.Errorf("after the migration's re-index: %d, %+v; want broken.md's frontmatter", st.DocumentsWithWarnings, st.Warnings)
	}
}

// TestIndexWarningsOfAFileInLineOrder: the warnings an indexing run
// reports for one file come in the order of its lines, its refs that
// staleness will refuse (in the frontmatter) among its parse warnings: they
// came after them all, below the warnings of its body.
func TestIndexWarningsOfAFileInLineOrder(t *testing.T) {
	e, _ := staleProject(t, map[string]string{
		"docs/out.md": "---\ntitle: Out\ndoc_type: nonsense\nsource_refs:\n  - ../outside.txt\naliases: 3\n---\n# Out\n\nText.\n",
	})
	rep := mustIndex(t, e)
	var lines []int
	for _, w := range rep.Warnings {
		if w.File == "docs/out.md" || w.File == "out.md" {
			lines = append(lines, w.Line)
		}
	}
	if len(lines) < 3 || !slices.IsSorted(lines) {
		t.Errorf("warnings of out.md at lines %v, want at least 3 in line order: %+v", lines, rep.Warnings)
	}
}
