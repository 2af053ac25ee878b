package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

// TestIndexSeesARepointedSymlink: a symlink re-pointed at another file of
// the same size and modification time as its old target is read again
// (the link's own time counts): the index kept the old target's page.
func TestIndexSeesARepointedSymlink(t *testing.T) {
	root := t.TempDir()
	e := coreProject(t, root, "docs")
	docs := filepath.Join(root, "docs")
	coreWriteFiles(t, docs, map[string]string{"one.md": "# One\n\nwordone here\n", "two.md": "# Two\n\nwordtwo here\n"})
	old := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, f := range []string{"one.md", "two.md"} {
		if err := os.Chtimes(filepath.Join(docs, f), old, old); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(docs, "pick.md")
	if err := os.Symlink("one.md", link); err != nil {
		t.Fatal(err)
	}
	coreIndex(t, e, false)
	for _, target := range []string{"two.md", "one.md"} {
		if err := os.Remove(link); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		coreIndex(t, e, false)
		p, err := e.GetPage(context.Background(), "pick.md")
		want := "# " + strings.ToUpper(target[:1]) + strings.TrimSuffix(target[1:], ".md")
		if err != nil || !strings.HasPrefix(p.Content, want) {
			t.Errorf("pick.md -> %s: content %q, %v; want the page of %s", target, p.Content, err, target)
		}
	}
}
