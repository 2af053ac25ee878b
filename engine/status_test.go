package engine

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/migrations"
)

func TestStatus(t *testing.T) {
	e, docs := coreFixture(t)
	ctx := context.Background()
	before, err := e.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if before.Documents != 0 || before.LastIndexedAt != "" {
		t.Errorf("status before indexing %+v", before)
	}
	rep := coreIndex(t, e, false)
	s, err := e.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if s.ProjectRoot != e.Project().Root || s.DocsDir != docs {
		t.Errorf("paths %q %q", s.ProjectRoot, s.DocsDir)
	}
	if s.Documents != 6 || s.Sections != rep.Sections || s.Links != len(fixtureLinks) || s.DanglingLinks != 1 || s.AmbiguousLinks != 0 {
		t.Errorf("counts %+v", s)
	}
	if s.SchemaVersion != migrations.Latest() {
		t.Errorf("schema version %d", s.SchemaVersion)
	}
	// Status counts stale documents by the same rules as GetPage.
	wantStale := 0
	pages, err := e.ListPages(ctx, ListPagesOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, pg := range pages.Pages {
		p, err := e.GetPage(ctx, pg.Filepath)
		if err != nil {
			t.Fatal(err)
		}
		if p.Staleness == stale.PossiblyStale || p.Staleness == stale.Stale {
			wantStale++
		}
	}
	if s.StaleDocuments != wantStale || wantStale > 1 {
		t.Errorf("stale documents %d, GetPage says %d (at most database.md)", s.StaleDocuments, wantStale)
	}
	var size int64
	for _, f := range []string{e.Project().DBPath(), e.Project().DBPath() + "-wal"} {
		if st, err := os.Stat(f); err == nil {
			size += st.Size()
		}
	}
	if s.IndexBytes <= 0 || s.IndexBytes != size {
		t.Errorf("index bytes %d, files hold %d", s.IndexBytes, size)
	}
	at, err := time.Parse(time.RFC3339, s.LastIndexedAt)
	if err != nil || time.Since(at) > time.Minute {
		t.Errorf("last indexed at %q", s.LastIndexedAt)
	}
	// Ambiguity shows: two documents with the same file name.
	coreWriteFiles(t, docs, map[string]string{"a/dup.md": "# Dup A\n", "b/dup.md": "# Dup B\n", "c.md": "# C\n\nSee [[dup]].\n"})
	coreIndex(t, e, false)
	if s, _ := e.Status(ctx); s.AmbiguousLinks != 1 || s.Documents != 9 {
		t.Errorf("after adding an ambiguous link: %+v", s)
	}
}

// TestStatusStaleCountEqualsStaleReport: the stale documents status counts
// and lists (from the stored snapshot, refs stat'ed once per path, paths
// read for the stale documents only) are those a full `ubp stale` check
// finds, after edits of shared source files and of one document.
func TestStatusStaleCountEqualsStaleReport(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"src/shared.go": "package src\n\nfunc Shared() {}\n",
		"src/other.go":  "package src\n\nfunc Other() {}\n",
		"src/lone.txt":  "lone\n",
	}
	for i := range 12 {
		refs := []string{"src/shared.go", "src/other.go#Other", "src/lone.txt", "src/missing.go"}[i%4]
		files[fmt.Sprintf("docs/d%02d.md", i)] = fmt.Sprintf("---\ntitle: D%d\nsource_refs: [%s, src/other.go]\n---\n# D%d\n\ntext\n", i, refs, i)
	}
	files["docs/untracked.md"] = "# U\n\nno refs\n"
	coreWriteFiles(t, root, files)
	e := coreProject(t, root, "docs")
	ctx := context.Background()
	coreIndex(t, e, false)

	check := func(when string) {
		t.Helper()
		s, err := e.Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := e.Stale(ctx, StaleOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]stale.Level{}
		possibly := 0
		for _, d := range rep.Documents {
			if d.Level == stale.PossiblyStale || d.Level == stale.Stale {
				want[d.Filepath] = d.Level
			}
			if d.Level == stale.PossiblyStale {
				possibly++
			}
		}
		if s.PossiblyStaleDocuments != possibly {
			t.Errorf("%s: status counts %d possibly stale, the stale report %d", when, s.PossiblyStaleDocuments, possibly)
		}
		got := map[string]stale.Level{}
		for _, d := range s.StaleList {
			got[d.Filepath] = d.Level
		}
		if s.StaleDocuments != len(want) || !maps.Equal(got, want) {
			t.Errorf("%s: status %d stale %v, stale report %v", when, s.StaleDocuments, got, want)
		}
	}
	check("after indexing") // the refs to src/missing.go
	coreEdit(t, filepath.Join(root, "src", "shared.go"), "package src\n\nfunc Shared() { println() }\n")
	check("after an edit of a shared file")
	coreEdit(t, filepath.Join(root, "src", "other.go"), "package src\n\nfunc Other() { println() }\n")
	check("after an edit of a file every document names")
	coreEdit(t, filepath.Join(root, "docs", "d03.md"), "---\ntitle: D3\n---\n# D3\n\nno refs now\n")
	coreIndex(t, e, false)
	check("after a document dropped its refs")
}

// TestStatusListsDanglingLinks: status lists where the dangling links are
// written and what they name (the first MaxDanglingList, by file and
// line), beside their count.
func TestStatusListsDanglingLinks(t *testing.T) {
	files := map[string]string{"a.md": "# A\n\nSee [[b]] and [[gone]].\n", "b.md": "# B\n\n[missing](nowhere.md)\n"}
	for i := range 25 {
		files[fmt.Sprintf("z%02d.md", i)] = fmt.Sprintf("# Z%d\n\n[[lost%d]]\n", i, i)
	}
	e := searchProject(t, files, "none")
	s, err := e.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if s.DanglingLinks != 27 || len(s.DanglingList) != MaxDanglingList {
		t.Fatalf("dangling %d, listed %d; want 27, %d", s.DanglingLinks, len(s.DanglingList), MaxDanglingList)
	}
	want := []DanglingLink{{Filepath: "a.md", Line: 3, Target: "gone"}, {Filepath: "b.md", Line: 3, Target: "nowhere.md"}, {Filepath: "z00.md", Line: 3, Target: "lost0"}}
	for i, w := range want {
		if s.DanglingList[i] != w {
			t.Errorf("dangling %d = %+v, want %+v", i, s.DanglingList[i], w)
		}
	}
}

// TestStatusListsSkippedFiles: the files indexing skipped (too large, not
// text) stay listed by status after the run that met them, until they are
// fixed or removed, whether the next run covers the whole folder or only
// the changed files.
func TestStatusListsSkippedFiles(t *testing.T) {
	e := searchProject(t, map[string]string{
		"ok.md":  "# OK\n",
		"nul.md": "# Nul\nhello\x00world\n",
		"big.md": "# Big\n\n" + strings.Repeat("x", 6<<20),
	}, "none")
	ctx := context.Background()
	skipped := func() []string {
		t.Helper()
		s, err := e.Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, w := range s.Skipped {
			out = append(out, w.File)
		}
		if s.SkippedFiles != len(out) {
			t.Errorf("skipped_files %d, listed %v", s.SkippedFiles, out)
		}
		return out
	}
	if got := skipped(); !slices.Equal(got, []string{"big.md", "nul.md"}) {
		t.Fatalf("after the first build: %v", got)
	}
	// Asking for the page says why there is none.
	for _, ref := range []string{"big.md", "big"} {
		_, err := e.GetPage(ctx, ref)
		var nf *NotFoundError
		if !errors.As(err, &nf) || !strings.Contains(err.Error(), "over the") {
			t.Errorf("GetPage(%s): %v, want not found, saying the file was skipped as too large", ref, err)
		}
	}
	coreIndex(t, e, false) // an unchanged folder: still listed
	if got := skipped(); !slices.Equal(got, []string{"big.md", "nul.md"}) {
		t.Fatalf("after a run with nothing changed: %v", got)
	}
	docs := e.Project().DocsDir()
	coreWriteFiles(t, docs, map[string]string{"nul.md": "# Nul\nhello world\n"})
	if _, err := e.IndexPaths(ctx, []string{filepath.Join(docs, "nul.md")}); err != nil {
		t.Fatal(err)
	}
	if got := skipped(); !slices.Equal(got, []string{"big.md"}) {
		t.Fatalf("after fixing nul.md (a run over it only): %v", got)
	}
	if err := os.Remove(filepath.Join(docs, "big.md")); err != nil {
		t.Fatal(err)
	}
	coreIndex(t, e, false)
	if got := skipped(); len(got) != 0 {
		t.Fatalf("after removing big.md: %v", got)
	}
}
