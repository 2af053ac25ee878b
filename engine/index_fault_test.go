package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// hangLimit only detects a hang (a deadlocked run never returns); it is
// not a timing assertion: a healthy run ends in well under a second.
const hangLimit = time.Minute

// indexOrHang runs Index and fails the test if it does not return.
func indexOrHang(t *testing.T, e *Engine) (IndexReport, error) {
	t.Helper()
	type result struct {
		rep IndexReport
		err error
	}
	done := make(chan result, 1)
	go func() {
		rep, err := e.Index(context.Background(), IndexOptions{})
		done <- result{rep, err}
	}()
	select {
	case r := <-done:
		return r.rep, r.err
	case <-time.After(hangLimit):
		t.Fatalf("Index did not return after a write error (deadlock)")
		return IndexReport{}, nil
	}
}

// TestIndexWriteErrorEnds injects a real SQLite write error (a trigger
// that aborts the statement, as a full disk would) at several points of a
// run over more files than the parse pipeline holds in flight: the run
// must return the error, name the file, release the index lock and leave
// an index the next run completes.
func TestIndexWriteErrorEnds(t *testing.T) {
	const nFiles = 300
	cases := []struct {
		name    string
		trigger string // SQL creating a trigger that fails one write
		file    string // the file the error names ("" when none is named)
	}{
		{"first document", `CREATE TRIGGER fault BEFORE INSERT ON documents WHEN NEW.filepath = 'f000.md'
			BEGIN SELECT RAISE(ABORT, 'injected write error'); END`, "f000.md"},
		{"middle document", `CREATE TRIGGER fault BEFORE INSERT ON documents WHEN NEW.filepath = 'f150.md'
			BEGIN SELECT RAISE(ABORT, 'injected write error'); END`, "f150.md"},
		{"last document", `CREATE TRIGGER fault BEFORE INSERT ON documents WHEN NEW.filepath = 'f299.md'
			BEGIN SELECT RAISE(ABORT, 'injected write error'); END`, "f299.md"},
		{"a section", `CREATE TRIGGER fault BEFORE INSERT ON sections WHEN NEW.content LIKE '%Text 42 links%'
			BEGIN SELECT RAISE(ABORT, 'injected write error'); END`, "f042.md"},
		{"a link", `CREATE TRIGGER fault BEFORE INSERT ON links WHEN NEW.target_text = 'f011'
			BEGIN SELECT RAISE(ABORT, 'injected write error'); END`, "f010.md"},
		{"link resolution", `CREATE TRIGGER fault BEFORE UPDATE OF target_id ON links
			BEGIN SELECT RAISE(ABORT, 'injected write error'); END`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			e := coreProject(t, root, "docs")
			files := map[string]string{}
			for i := 0; i < nFiles; i++ {
				files[fmt.Sprintf("f%03d.md", i)] = fmt.Sprintf("# Doc %d\n\nText %d links [[f%03d]].\n\n## Part of %d\n\nMore text.\n", i, i, (i+1)%nFiles, i)
			}
			coreWriteFiles(t, filepath.Join(root, "docs"), files)
			if _, err := e.db.Exec(tc.trigger); err != nil {
				t.Fatal(err)
			}
			_, err := indexOrHang(t, e)
			if err == nil || !strings.Contains(err.Error(), "injected write error") {
				t.Fatalf("Index error = %v, want the injected write error", err)
			}
			if tc.file != "" && !strings.Contains(err.Error(), tc.file) {
				t.Errorf("Index error %q does not name %s", err, tc.file)
			}
			// The lock is free and the next run completes the index.
			if _, err := e.db.Exec(`DROP TRIGGER fault`); err != nil {
				t.Fatal(err)
			}
			if _, err := indexOrHang(t, e); err != nil {
				t.Fatalf("Index after the fault: %v", err)
			}
			if n := coreCount(t, e, `SELECT count(*) FROM documents`); n != nFiles {
				t.Errorf("documents = %d, want %d", n, nFiles)
			}
			if d := coreDangling(t, e); len(d) != 0 {
				t.Errorf("dangling links after recovery: %v", d[:min(len(d), 5)])
			}
		})
	}
}
