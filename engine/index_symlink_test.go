package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestIndexNeverReadsOutsideDocs: a Markdown symlink to a file outside the
// docs folder is never indexed nor served, even when it replaces a file
// the index already holds; the run warns naming the link.
func TestIndexNeverReadsOutsideDocs(t *testing.T) {
	root := t.TempDir()
	e := coreProject(t, root, "docs")
	docs := filepath.Join(root, "docs")
	secret := filepath.Join(t.TempDir(), "id_rsa.md")
	if err := os.WriteFile(secret, []byte("# Secret\n\nsecretmarkerzz private key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	coreWriteFiles(t, docs, map[string]string{"a.md": "# A\n\nSee [[leak]] and [[b]].\n", "b.md": "# B\n\nplain\n"})
	if err := os.Symlink(secret, filepath.Join(docs, "leak.md")); err != nil {
		t.Fatal(err)
	}
	rep := coreIndex(t, e, false)
	if !hasWarning(rep, "leak.md", "outside the docs folder") {
		t.Errorf("warnings %v: none names leak.md as outside the docs folder", rep.Warnings)
	}
	// A file already indexed that becomes such a link is dropped.
	if err := os.Remove(filepath.Join(docs, "b.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(docs, "b.md")); err != nil {
		t.Fatal(err)
	}
	rep = coreIndex(t, e, false)
	if !hasWarning(rep, "b.md", "outside the docs folder") {
		t.Errorf("warnings %v: none names b.md as outside the docs folder", rep.Warnings)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM documents WHERE body LIKE '%secretmarkerzz%'`); n != 0 {
		t.Errorf("%d indexed documents hold the outside file", n)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM sections WHERE content LIKE '%secretmarkerzz%'`); n != 0 {
		t.Errorf("%d indexed sections hold the outside file", n)
	}
	for _, ref := range []string{"leak", "leak.md", "b", "Secret"} {
		if p, err := e.GetPage(context.Background(), ref); err == nil {
			t.Errorf("GetPage(%q) served %s", ref, p.Filepath)
		}
	}
}

func hasWarning(rep IndexReport, file, frag string) bool {
	for _, w := range rep.Warnings {
		if w.File == file && strings.Contains(w.Message, frag) {
			return true
		}
	}
	return false
}
