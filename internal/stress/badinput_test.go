//go:build stress

package stress

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestBadInputFolder indexes a folder of hostile files. `ubp index` ends
// (exit 0) with warnings naming the refused files; nothing from outside the
// folder is indexed or served; every command answers; the index passes the
// integrity check; a second run changes nothing.
func TestBadInputFolder(t *testing.T) {
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	newProject(t, root)
	outside := filepath.Join(t.TempDir(), "secret.md")
	const secret = "outsidesecretzz"
	write := func(name string, data []byte) {
		t.Helper()
		p := filepath.Join(docs, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, name string) {
		t.Helper()
		if err := os.Symlink(target, filepath.Join(docs, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(outside, []byte("# Secret\n\n"+secret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	size := budget(1<<20, 4<<20) // pathological files, under the 5 MiB limit
	write("ok.md", []byte("# Fine\n\nA normal page linking [[weird]] and [[nested]].\n"))
	write("binary.md", []byte("# B\x00inary\n"))
	write("latin1.md", []byte("# caf\xe9\n"))
	write("huge.md", []byte(strings.Repeat("x", 6<<20)))
	write("brackets.md", []byte(strings.Repeat("[", size/2)+strings.Repeat("]", size/2)))
	write("wikibrackets.md", []byte(strings.Repeat("[[", size/4)+strings.Repeat("]]", size/4)))
	write("quotes.md", []byte(strings.Repeat(strings.Repeat(">", 1000)+" x\n", size/1003)))
	write("lists.md", []byte(strings.Repeat(strings.Repeat("- ", 500)+"x\n", size/1002)))
	write("longline.md", []byte(strings.Repeat("word ", size/5)))
	write("types.md", []byte("---\ntitle: 5\nsource_refs: 5\naliases: 7\ntags: {a: b}\n---\n# Types\n"))
	write("unclosed.md", []byte("---\ntitle: x\n# never closed\n"))
	write("yamlbomb.md", []byte("---\na: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"+
		"d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n---\n# Bomb\n"))
	write("empty.md", nil)
	write("crlf.md", []byte("# CRLF\r\n\r\n## A\r\ntext\r\n"))
	write("title\x1b]0;pwned\x07\nnext.md", []byte("---\ntitle: \"\\e[2J weird\\nline\"\n---\n# weird\n"))
	deep := strings.Repeat("d/", 60) + "nested.md"
	write(deep, []byte("# Nested\n"))
	link(outside, "leak.md")
	link("/etc/passwd", "passwd.md")
	link("missing.md", "broken.md")
	link("loop-b.md", "loop-a.md")
	link("loop-a.md", "loop-b.md")
	link("..", "parent-dir")
	if err := syscall.Mkfifo(filepath.Join(docs, "fifo.md"), 0o644); err != nil {
		t.Fatal(err)
	}

	r := mustRun(t, root, "index")
	for _, name := range []string{"binary.md", "latin1.md", "huge.md", "leak.md", "passwd.md", "broken.md", "loop-a.md",
		"brackets.md", "types.md"} {
		if !strings.Contains(r.stderr, name) {
			t.Errorf("no warning names %s:\n%s", name, r.stderr)
		}
	}
	if strings.ContainsAny(r.stdout+r.stderr, "\x1b\x07") {
		t.Errorf("index printed a raw control character")
	}
	integrity(t, root)
	for _, args := range [][]string{
		{"search", secret}, {"search", "root:x:0"}, {"--json", "search", "brackets"}, {"list-pages"},
		{"--json", "list-pages"}, {"get-page", "ok.md"}, {"get-page", "nested"}, {"get-context", "ok.md"},
		{"status"}, {"--json", "get-graph"},
	} {
		r := mustRun(t, root, args...)
		out := r.stdout + r.stderr
		if strings.Contains(out, secret) || strings.Contains(out, "root:x:0:0") {
			t.Errorf("ubp %v served a file from outside the docs folder:\n%s", args, out)
		}
	}
	for _, ref := range []string{"leak", "passwd", "leak.md"} {
		if r := run(t, root, "get-page", ref); r.code == 0 {
			t.Errorf("get-page %s served:\n%s", ref, r.stdout)
		}
	}
	before := readState(t, root)
	mustRun(t, root, "index", "--quiet")
	sameState(t, "second run over the bad folder", readState(t, root), before)
}
