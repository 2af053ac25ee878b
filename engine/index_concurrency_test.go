package engine

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// versionedDoc is a document whose every section carries the marker of
// one version, so a reader can tell a half-written document.
func versionedDoc(i, version int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Doc %d\n\nIntro of document %d, marker-v%d. ", i, i, version)
	b.WriteString(strings.Repeat("Filler words keep this section long enough to stand alone. ", 4))
	for s := 1; s <= 3; s++ {
		fmt.Fprintf(&b, "\n\n## Part %d\n\nPart %d of document %d, marker-v%d. ", s, s, i, version)
		b.WriteString(strings.Repeat("More filler so that the section is not merged away. ", 4))
		if s == 2 {
			fmt.Fprintf(&b, "Next: [[doc-%02d]].", (i+1)%20)
		}
	}
	return b.String() + "\n"
}

func writeVersion(t testing.TB, docs string, n, version int) {
	t.Helper()
	files := map[string]string{}
	for i := 0; i < n; i++ {
		files[fmt.Sprintf("doc-%02d.md", i)] = versionedDoc(i, version)
	}
	coreWriteFiles(t, docs, files)
	for name := range files {
		coreTouchLater(t, filepath.Join(docs, name))
	}
}

var markerRE = regexp.MustCompile(`marker-v(\d+)`)

func TestReaderNeverSeesHalfDocument(t *testing.T) {
	root := t.TempDir()
	e := coreProject(t, root, "docs")
	docs := filepath.Join(root, "docs")
	const nDocs, versions = 20, 12
	writeVersion(t, docs, nDocs, 0)
	coreIndex(t, e, false)

	ctx, cancel := context.WithCancel(context.Background())
	var reads atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for r := 0; r < 2; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				for i := 0; i < nDocs && ctx.Err() == nil; i++ {
					p, err := e.GetPage(context.Background(), fmt.Sprintf("doc-%02d", i))
					if err != nil {
						errs <- err
						return
					}
					want := markerRE.FindString(p.Content)
					if len(p.Sections) != 4 {
						errs <- fmt.Errorf("%s: %d sections", p.Filepath, len(p.Sections))
						return
					}
					for _, s := range p.Sections {
						if got := markerRE.FindString(s.Content); got != want {
							errs <- fmt.Errorf("%s: body has %s but section %q has %s", p.Filepath, want, s.Heading, got)
							return
						}
					}
					reads.Add(1)
				}
			}
		}()
	}
	for v := 1; v <= versions; v++ {
		writeVersion(t, docs, nDocs, v)
		rep, err := e.Index(context.Background(), IndexOptions{})
		if err != nil {
			t.Fatalf("Index v%d: %v", v, err)
		}
		if rep.Updated != nDocs {
			t.Fatalf("Index v%d: %+v", v, rep)
		}
	}
	cancel()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if reads.Load() == 0 {
		t.Error("the readers never read a page")
	}
}

// TestHelperIndexProcess is not a test on its own: TestTwoProcessesShareOneIndex
// runs the test binary again with UBP_CORE_HELPER_ROOT set, and this
// function then acts as the second process (returning at once otherwise).
func TestHelperIndexProcess(t *testing.T) {
	root := os.Getenv("UBP_CORE_HELPER_ROOT")
	if root == "" {
		return
	}
	p, err := FindProject(root)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Open(context.Background(), p, OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ctx := context.Background()
	deadline := time.Now().Add(20 * time.Second)
	for i := 0; i < 15 && time.Now().Before(deadline); i++ {
		if _, err := e.Index(ctx, IndexOptions{}); err != nil {
			t.Fatalf("helper Index %d: %v", i, err)
		}
		if _, err := e.ListPages(ctx, ListPagesOptions{}); err != nil {
			t.Fatalf("helper ListPages: %v", err)
		}
		if _, err := e.Status(ctx); err != nil {
			t.Fatalf("helper Status: %v", err)
		}
		if err := e.WithTx(ctx, func(tx *sql.Tx) error {
			return store.SetMeta(ctx, tx, "helper_counter", fmt.Sprint(i))
		}); err != nil {
			t.Fatalf("helper write: %v", err)
		}
	}
}

func TestTwoProcessesShareOneIndex(t *testing.T) {
	root := t.TempDir()
	e := coreProject(t, root, "docs")
	docs := filepath.Join(root, "docs")
	writeVersion(t, docs, 20, 0)
	coreIndex(t, e, false)

	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperIndexProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), "UBP_CORE_HELPER_ROOT="+root)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Meanwhile this process edits, indexes, reads and writes, and a
	// second engine in this process does the same.
	e2 := coreOpen(t, e.Project())
	ctx := context.Background()
	for v := 1; v <= 8; v++ {
		writeVersion(t, docs, 20, v)
		eng := e
		if v%2 == 0 {
			eng = e2
		}
		if _, err := eng.Index(ctx, IndexOptions{}); err != nil {
			t.Fatalf("Index v%d: %v", v, err)
		}
		if _, err := e2.GetPage(ctx, "doc-03"); err != nil {
			t.Fatalf("GetPage: %v", err)
		}
		if err := e.WithTx(ctx, func(tx *sql.Tx) error { return store.SetMeta(ctx, tx, "main_counter", fmt.Sprint(v)) }); err != nil {
			t.Fatalf("write: %v", err)
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("second process failed: %v\n%s", err, out.String())
	}
	if strings.Contains(out.String(), "database is locked") {
		t.Errorf("second process saw a lock error:\n%s", out.String())
	}
	var helperCount string
	if err := e.db.QueryRow(`SELECT value FROM meta WHERE key = 'helper_counter'`).Scan(&helperCount); err != nil || helperCount != "14" {
		t.Errorf("the second process did not finish its runs (counter %q, %v):\n%s", helperCount, err, out.String())
	}
	// Whatever order the runs took, the index ends up complete and consistent.
	rep := coreIndex(t, e, false)
	if rep.Unchanged != 20 || rep.Dangling != 0 || rep.Sections != 80 {
		t.Errorf("final state %+v", rep)
	}
}
