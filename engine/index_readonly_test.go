package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadOnlyIndexSaysWhatToDo: an index this user may not write (the file
// or its .ubp folder read-only, as a checkout by another user or a
// read-only mount leaves it) fails the run that must write it with an error
// naming the file and the remedy of making it writable, not SQLite's bare
// "attempt to write a readonly database". With the folder read-only the
// open itself fails that way (SQLite cannot create the WAL files beside the
// file); with the file alone read-only the index still opens and answers,
// and an indexing run fails.
func TestReadOnlyIndexSaysWhatToDo(t *testing.T) {
	if os.Getuid() == 0 {
		// Permissions do not stop root: run this test as an unprivileged user.
		runTestAsNobody(t, "TestReadOnlyIndexSaysWhatToDo")
		return
	}
	for _, tc := range []struct {
		name     string
		readOnly func(p *Project) string // makes it read-only, returns what
	}{
		{"file", func(p *Project) string { return p.DBPath() }},
		{"folder", func(p *Project) string { return p.DataDir() }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			e := coreProject(t, root, "docs")
			docs := filepath.Join(root, "docs")
			coreWriteFiles(t, docs, map[string]string{"a.md": "# Alpha\n\nalphamarker text.\n"})
			coreIndex(t, e, false)
			p := e.Project()
			if err := e.Close(); err != nil {
				t.Fatal(err)
			}
			target := tc.readOnly(p)
			st, err := os.Stat(target)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(target, st.Mode().Perm()&^0o222); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(target, st.Mode().Perm()) })
			coreWriteFiles(t, docs, map[string]string{"b.md": "# Beta\n\nbetamarker text.\n"})

			e2, err := Open(context.Background(), p, OpenOptions{})
			if err == nil {
				defer e2.Close()
				_, err = e2.Index(context.Background(), IndexOptions{})
			}
			if err == nil {
				t.Fatalf("with the %s read-only, Open and Index succeeded", tc.name)
			}
			if RemedyOf(err) != RemedyWritable || !strings.Contains(err.Error(), p.DBPath()) {
				t.Errorf("with the %s read-only: error %q, remedy %d; want the file %s named and RemedyWritable",
					tc.name, err, RemedyOf(err), p.DBPath())
			}
		})
	}
}
