package stale

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

func TestFingerprintRef(t *testing.T) {
	p := newIndexProject(t)
	t0 := mustTime(t, "2026-01-01T00:00:00Z")
	p.write("a.txt", "hello\n", t0)
	p.write("dir/one.txt", "1\n", t0)
	p.write("dir/sub/two.txt", "22\n", t0)
	p.write("dir/.git/HEAD", "ignored\n", t0)
	p.write("dir/.ubp/index.db", "ignored\n", t0)
	p.write("pkg/a.go", "package pkg\n", t0)
	p.write("pkg/b_test.go", "package pkg\n", t0)
	p.write("pkg/deep/c.go", "package deep\n", t0)
	p.write("code.go", goV1, t0)
	for _, d := range []string{"dir/sub", "dir", "pkg/deep", "pkg"} {
		p.touch(d, t0)
	}
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "t.txt"), []byte("v1"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "t.txt"), filepath.Join(p.root, "dir", "link")); err != nil {
		t.Fatal(err)
	}

	fp := func(path, sym string) Fingerprint {
		t.Helper()
		f, err := FingerprintRef(p.root, index.SourceRef{Path: path, Symbol: sym})
		if err != nil {
			t.Fatal(err)
		}
		return f
	}

	a := fp("a.txt", "")
	if !a.Exists || a.SHA256 != sha256Hex([]byte("hello\n")) || a.Size != 6 || a.MTime != t0.UnixNano() || a.Files != 1 {
		t.Errorf("file: %+v", a)
	}
	if m := fp("missing.txt", ""); m.Exists || m.SHA256 != "" || m.Size != 0 {
		t.Errorf("missing: %+v", m)
	}

	dir := fp("dir", "")
	if !dir.Exists || dir.Files != 3 || dir.Size != int64(2+3+len(filepath.Join(outside, "t.txt"))) {
		t.Errorf("folder (3 entries: one.txt, sub/two.txt, link; .git and .ubp skipped): %+v", dir)
	}
	if fp("dir/", "") != dir {
		t.Error("dir and dir/ differ")
	}
	// The symlink's target is not followed: its content does not count.
	if err := os.WriteFile(filepath.Join(outside, "t.txt"), []byte("v2 changed"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fp("dir", "").SHA256 != dir.SHA256 {
		t.Error("a change outside, behind a symlink, changed the folder's hash")
	}
	// Renaming a file keeps sizes and file mtimes but changes the hash and
	// the folder's mtime.
	p.write("ren/sub/two.txt", "22\n", t0)
	p.touch("ren/sub", t0)
	p.touch("ren", t0)
	before := fp("ren", "")
	if err := os.Rename(filepath.Join(p.root, "ren/sub/two.txt"), filepath.Join(p.root, "ren/sub/zwei.txt")); err != nil {
		t.Fatal(err)
	}
	renamed := fp("ren", "")
	if renamed.SHA256 == before.SHA256 || renamed.MTime == before.MTime || renamed.Size != before.Size || renamed.filesMTime != t0.UnixNano() {
		t.Errorf("rename: before %+v after %+v", before, renamed)
	}

	g := fp("pkg/*.go", "")
	if g.Files != 2 || !g.Exists {
		t.Errorf("pkg/*.go: %+v", g)
	}
	if g2 := fp("pkg/**/*.go", ""); g2.Files != 3 {
		t.Errorf("pkg/**/*.go: %+v", g2)
	}
	if g3 := fp("pkg/*_test.go", ""); g3.Files != 1 {
		t.Errorf("pkg/*_test.go: %+v", g3)
	}
	if none := fp("pkg/*.rs", ""); none.Exists || none.Files != 0 || none.SHA256 != "" {
		t.Errorf("no match: %+v", none)
	}
	if none := fp("nowhere/**/*.go", ""); none.Exists {
		t.Errorf("missing base: %+v", none)
	}

	alpha := fp("code.go", "Alpha")
	text, _, _ := declText("code.go", []byte(goV1), "Alpha")
	if !alpha.Exists || alpha.SHA256 != sha256Hex(text) || alpha.Size != int64(len(goV1)) {
		t.Errorf("symbol: %+v", alpha)
	}
	if gone := fp("code.go", "Nope"); gone.Exists || gone.SHA256 != "" || gone.Size != int64(len(goV1)) {
		t.Errorf("missing symbol keeps the file's size for cheap re-checks: %+v", gone)
	}
	if gone := fp("nope.go", "Alpha"); gone.Exists || gone.Size != 0 {
		t.Errorf("missing file: %+v", gone)
	}
}

func TestChangeTime(t *testing.T) {
	sync := mustTime(t, "2026-01-05T00:00:00Z")
	edited := Fingerprint{MTime: mustTime(t, "2026-02-01T00:00:00Z").UnixNano(), filesMTime: mustTime(t, "2026-01-20T00:00:00Z").UnixNano()}
	if got := edited.changeTime(sync); !got.Equal(mustTime(t, "2026-01-20T00:00:00Z")) {
		t.Errorf("a file edited after the sync: %v", got)
	}
	deleted := Fingerprint{MTime: mustTime(t, "2026-02-01T00:00:00Z").UnixNano(), filesMTime: mustTime(t, "2026-01-01T00:00:00Z").UnixNano()}
	if got := deleted.changeTime(sync); !got.Equal(mustTime(t, "2026-02-01T00:00:00Z")) {
		t.Errorf("only a deletion since the sync: %v", got)
	}
}
