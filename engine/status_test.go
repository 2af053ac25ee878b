package engine

import (
	"context"
	"os"
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
