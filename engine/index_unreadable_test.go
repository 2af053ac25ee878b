package engine

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// TestIndexKeepsUnreadableFile: a file that cannot be read for a while
// (here: permissions) keeps its last indexed version and its backlinks,
// with a warning naming it, and is re-read once readable again.
func TestIndexKeepsUnreadableFile(t *testing.T) {
	if os.Getuid() == 0 {
		// Permissions do not stop root: run this test as an unprivileged user.
		runTestAsNobody(t, "TestIndexKeepsUnreadableFile")
		return
	}
	root := t.TempDir()
	e := coreProject(t, root, "docs")
	docs := filepath.Join(root, "docs")
	coreWriteFiles(t, docs, map[string]string{
		"a.md": "# Alpha\n\nalphamarker text.\n",
		"b.md": "# Beta\n\nSee [[a]].\n",
	})
	coreIndex(t, e, false)
	a := filepath.Join(docs, "a.md")
	if err := os.Chmod(a, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(a, 0o644) })
	if _, err := os.ReadFile(a); err == nil {
		t.Fatal("test setup: a.md is still readable")
	}
	coreTouchLater(t, a)
	rep := coreIndex(t, e, false)
	if !hasWarning(rep, "a.md", "cannot read file") || !hasWarning(rep, "a.md", "last indexed version") {
		t.Errorf("warnings %v: none names a.md as unreadable and kept", rep.Warnings)
	}
	if rep.Deleted != 0 {
		t.Errorf("Deleted = %d, want 0", rep.Deleted)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM sections WHERE content LIKE '%alphamarker%'`); n != 1 {
		t.Errorf("sections of a.md = %d, want its last indexed version kept", n)
	}
	if d := coreDangling(t, e); len(d) != 0 {
		t.Errorf("dangling links: %v", d)
	}
	// Readable again, edited: re-read.
	if err := os.Chmod(a, 0o644); err != nil {
		t.Fatal(err)
	}
	coreEdit(t, a, "# Alpha\n\nnewmarker text.\n")
	rep = coreIndex(t, e, false)
	if rep.Updated != 1 {
		t.Errorf("Updated = %d, want 1 (%+v)", rep.Updated, rep)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM sections WHERE content LIKE '%newmarker%'`); n != 1 {
		t.Errorf("a.md not re-read after it became readable")
	}
}

// TestIndexKeepsUnreadableFolder: a folder that cannot be listed for a
// while keeps the documents indexed under it, as an unreadable file keeps
// its last version: its documents are unknown, not gone. The read
// commands' freshness check does not take them for deleted either, and
// once the folder is readable again a change under it is read.
func TestIndexKeepsUnreadableFolder(t *testing.T) {
	if os.Getuid() == 0 {
		runTestAsNobody(t, "TestIndexKeepsUnreadableFolder")
		return
	}
	root := t.TempDir()
	e := coreProject(t, root, "docs")
	docs := filepath.Join(root, "docs")
	coreWriteFiles(t, docs, map[string]string{
		"main.md":       "# Main\n\nSee [[foo]].\n",
		"sub/foo.md":    "# Foo\n\nfoomarker text.\n",
		"sub/in/bar.md": "# Bar\n",
	})
	coreIndex(t, e, false)
	sub := filepath.Join(docs, "sub")
	if err := os.Chmod(sub, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(sub, 0o755) })
	if _, err := os.ReadDir(sub); err == nil {
		t.Fatal("test setup: sub is still readable")
	}
	f, err := e.Freshness(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Diff.Deleted) != 0 {
		t.Errorf("freshness takes %v for deleted", f.Diff.Deleted)
	}
	rep := coreIndex(t, e, false)
	if rep.Deleted != 0 || !hasWarning(rep, "sub", "folder skipped") {
		t.Errorf("report %+v: want nothing deleted and a warning naming sub", rep)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM documents`); n != 3 {
		t.Errorf("%d documents, want the 3 indexed before", n)
	}
	if d := coreDangling(t, e); len(d) != 0 {
		t.Errorf("dangling links: %v", d)
	}
	// Readable again, with a change under it: read.
	if err := os.Chmod(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	coreEdit(t, filepath.Join(sub, "foo.md"), "# Foo\n\nnewmarker text.\n")
	if rep = coreIndex(t, e, false); rep.Updated != 1 || rep.Deleted != 0 {
		t.Errorf("after the folder is readable again: %+v", rep)
	}
}

// runTestAsNobody re-runs the named test of this binary as user nobody
// (65534) and fails when it does not pass.
func runTestAsNobody(t *testing.T, name string) {
	t.Helper()
	dir, err := os.MkdirTemp("", "ubp-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	tmp := filepath.Join(dir, "tmp")
	for _, d := range []string{dir, tmp} {
		if err := os.MkdirAll(d, 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(d, 0o777); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "engine.test")
	if err := copyExecutable(os.Args[0], bin); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^"+name+"$", "-test.count=1", "-test.v")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "HOME="+dir, "XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+name) {
		t.Fatalf("%s as user nobody: %v\n%s", name, err, out)
	}
}

func copyExecutable(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// TestNoopIndexReadsNoFile: a run compares the folder with the index by
// size and modification time and reads only the files that changed, so an
// unchanged file is not read at all: here one that cannot be read
// (permissions changed, contents and times not) passes unnoticed, as
// unchanged. Reading every file to check that it is text cost a no-op run
// at 10,000 documents 300 ms of its 400.
func TestNoopIndexReadsNoFile(t *testing.T) {
	if os.Getuid() == 0 {
		runTestAsNobody(t, "TestNoopIndexReadsNoFile")
		return
	}
	root := t.TempDir()
	e := coreProject(t, root, "docs")
	docs := filepath.Join(root, "docs")
	coreWriteFiles(t, docs, map[string]string{"a.md": "# Alpha\n", "b.md": "# Beta\n\nSee [[a]].\n"})
	coreIndex(t, e, false)
	a := filepath.Join(docs, "a.md")
	if err := os.Chmod(a, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(a, 0o644) })
	rep := coreIndex(t, e, false)
	if rep.Unchanged != 2 || len(rep.Warnings) != 0 {
		t.Errorf("no-op run: %d unchanged, warnings %v; want 2 unchanged and no file read", rep.Unchanged, rep.Warnings)
	}
}

// TestIndexDropsFileThatIsNoDocument: an indexed file that turns binary or
// grows over max_file_size is no document any more: the run warns, naming
// it, and removes it, as a rebuild from the files would not index it. The
// check happens when the changed file is read (the folder walk reads
// nothing).
func TestIndexDropsFileThatIsNoDocument(t *testing.T) {
	root := t.TempDir()
	e := coreProject(t, root, "docs")
	e.Project().Config.MaxFileSize = 1000
	docs := filepath.Join(root, "docs")
	coreWriteFiles(t, docs, map[string]string{
		"bin.md": "# Bin\n", "big.md": "# Big\n", "c.md": "# C\n\nSee [[bin]] and [[big]].\n",
	})
	if rep := coreIndex(t, e, false); rep.Added != 3 {
		t.Fatalf("first run added %d, want 3", rep.Added)
	}
	coreEdit(t, filepath.Join(docs, "bin.md"), "# Bin\x00ary\n")
	coreEdit(t, filepath.Join(docs, "big.md"), "# Big\n\n"+strings.Repeat("word ", 300))
	rep := coreIndex(t, e, false)
	if !hasWarning(rep, "bin.md", "skipped: not a text file") || !hasWarning(rep, "big.md", "over the 1000 bytes limit") {
		t.Errorf("warnings %v: want bin.md skipped as not text and big.md as too large", rep.Warnings)
	}
	if rep.Deleted != 2 || rep.Unchanged != 1 {
		t.Errorf("report %+v: want 2 deleted, 1 unchanged", rep)
	}
	if got := coreDangling(t, e); !slices.Equal(got, []string{"c.md -> bin", "c.md -> big"}) {
		t.Errorf("dangling links %v, want c.md's links to both", got)
	}
}
