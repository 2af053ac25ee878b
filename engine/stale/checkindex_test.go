package stale

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/index"
)

// indexProject is a plain folder (no git) with files at known mtimes.
type indexProject struct {
	t    *testing.T
	root string
}

func newIndexProject(t *testing.T) *indexProject {
	return &indexProject{t: t, root: t.TempDir()}
}

func (p *indexProject) write(rel, content string, mtime time.Time) {
	p.t.Helper()
	full := filepath.Join(p.root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.touch(rel, mtime)
}

func (p *indexProject) touch(rel string, mtime time.Time) {
	p.t.Helper()
	if err := os.Chtimes(filepath.Join(p.root, filepath.FromSlash(rel)), mtime, mtime); err != nil {
		p.t.Fatal(err)
	}
}

// baselines fingerprints every ref now, as the indexer does at sync.
func (p *indexProject) baselines(rs []index.SourceRef) map[string]Fingerprint {
	p.t.Helper()
	out := map[string]Fingerprint{}
	for _, r := range rs {
		fp, err := FingerprintRef(p.root, r)
		if err != nil {
			p.t.Fatal(err)
		}
		out[r.String()] = fp
	}
	return out
}

func TestCheckIndexBaseline(t *testing.T) {
	p := newIndexProject(t)
	t0 := mustTime(t, "2026-01-01T00:00:00Z")
	p.write("a.txt", "a v1\n", t0)
	p.write("b.txt", "b v1\n", t0)
	p.write("dir/one.txt", "one\n", t0)
	p.touch("dir", t0)
	p.write("g/x.go", "package g\n", t0)
	p.write("g/y.go", "package g\n", t0)
	p.write("code.go", goV1, t0)
	p.write("same.txt", "same\n", t0)
	rs := refs("a.txt", "b.txt", "never.txt", "dir/", "g/*.go", "code.go#Alpha", "code.go#Beta", "code.go#Gamma", "later.txt", "same.txt")
	doc := DocInput{Filepath: "d.md", RepoPath: "docs/d.md", Refs: rs, Baselines: p.baselines(rs), IndexedAt: mustTime(t, "2026-01-05T00:00:00Z")}

	// Changes after the sync.
	p.write("a.txt", "a v2, longer\n", mustTime(t, "2026-02-27T12:00:00Z"))
	if err := os.Remove(filepath.Join(p.root, "b.txt")); err != nil {
		t.Fatal(err)
	}
	p.write("dir/two.txt", "two\n", mustTime(t, "2026-02-10T00:00:00Z"))
	p.touch("dir", mustTime(t, "2026-02-10T00:00:00Z"))
	p.write("g/x.go", "package g\n\nvar X = 1\n", mustTime(t, "2026-02-01T00:00:00Z"))
	p.write("code.go", goV2, mustTime(t, "2026-02-26T00:00:00Z"))
	p.write("later.txt", "appeared after the sync\n", mustTime(t, "2026-02-28T00:00:00Z"))
	p.touch("same.txt", mustTime(t, "2026-02-28T00:00:00Z")) // touched, same bytes

	rep, err := Check(context.Background(), Options{Root: p.root, Baseline: BaselineIndex, Now: mustTime(t, fixtureNow)}, []DocInput{doc})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Baseline != BaselineIndex || rep.CommitURL != "" {
		t.Errorf("baseline %q, commit url %q", rep.Baseline, rep.CommitURL)
	}
	want := []struct {
		level     Level
		reason    Reason
		changedAt string
	}{
		{PossiblyStale, Modified, "2026-02-27T12:00:00Z"}, // a.txt
		{Stale, Deleted, ""},                              // b.txt
		{Stale, NotFound, ""},                             // never.txt
		{Stale, Modified, "2026-02-10T00:00:00Z"},         // dir/: a file added
		{Stale, Modified, "2026-02-01T00:00:00Z"},         // g/*.go
		{PossiblyStale, Modified, "2026-02-26T00:00:00Z"}, // code.go#Alpha
		{Fresh, "", ""},                                   // code.go#Beta: other code changed
		{Stale, NotFound, ""},                             // code.go#Gamma: renamed
		{PossiblyStale, Modified, "2026-02-28T00:00:00Z"}, // later.txt appeared
		{Fresh, "", ""},                                   // same.txt: mtime only
	}
	d := rep.Documents[0]
	if d.Level != Stale {
		t.Errorf("document level %s", d.Level)
	}
	for i, w := range want {
		got := d.Refs[i]
		var at time.Time
		if w.changedAt != "" {
			at = mustTime(t, w.changedAt)
		}
		if got.Level != w.level || got.Reason != w.reason || !got.ChangedAt.Equal(at) || got.Commit != "" {
			t.Errorf("%s: %+v, want %s %q at %s", got.Ref, got, w.level, w.reason, w.changedAt)
		}
	}
}

// TestIndexCheapRecheck: content is read only when size or mtime moved.
// An edit that keeps both (forged here) is not seen, which proves nothing
// was hashed; the same edit right after the sync (racy mtime) is seen.
func TestIndexCheapRecheck(t *testing.T) {
	p := newIndexProject(t)
	t0 := mustTime(t, "2026-01-01T00:00:00Z")
	p.write("a.txt", "aaaa\n", t0)
	rs := refs("a.txt")
	base := p.baselines(rs)
	p.write("a.txt", "bbbb\n", t0) // same size, mtime put back
	now := mustTime(t, fixtureNow)

	check := func(indexedAt time.Time) Level {
		rep, err := Check(context.Background(), Options{Root: p.root, Baseline: BaselineIndex, Now: now},
			[]DocInput{{Filepath: "d.md", Refs: rs, Baselines: base, IndexedAt: indexedAt}})
		if err != nil {
			t.Fatal(err)
		}
		return rep.Documents[0].Level
	}
	if got := check(mustTime(t, "2026-01-05T00:00:00Z")); got != Fresh {
		t.Errorf("size and mtime unchanged: %s (content was read)", got)
	}
	if got := check(t0.Add(time.Second)); got != Stale {
		t.Errorf("racy mtime: %s, want the edit found", got)
	}
	// No baseline at all: hashed, and compared as "did not exist".
	rep, err := Check(context.Background(), Options{Root: p.root, Baseline: BaselineIndex, Now: now}, []DocInput{{Filepath: "d.md", Refs: rs}})
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Documents[0].Refs[0]; r.Reason != Modified {
		t.Errorf("no baseline: %+v", r)
	}
}

// TestIndexBaselineInGit: in a git work tree the index baseline takes the
// change's commit, author and date: the first commit after the sync, or
// the modification time of an uncommitted edit.
func TestIndexBaselineInGit(t *testing.T) {
	r := newTestRepo(t)
	r.write("a.txt", "v1\n")
	r.write("b.txt", "v1\n")
	r.write("c.txt", "v1\n")
	r.commit("2026-02-01T00:00:00Z", "Ana Lima", "init")
	rs := refs("a.txt", "b.txt", "c.txt")
	base := map[string]Fingerprint{}
	for _, ref := range rs {
		fp, err := FingerprintRef(r.dir, ref)
		if err != nil {
			t.Fatal(err)
		}
		base[ref.String()] = fp
	}
	r.write("a.txt", "v2\n")
	first := r.commit("2026-02-10T00:00:00Z", "Bo Chen", "a v2")
	r.write("a.txt", "v3\n")
	r.commit("2026-02-27T00:00:00Z", "Cy Diaz", "a v3")
	r.remove("b.txt")
	del := r.commit("2026-02-12T00:00:00Z", "Bo Chen", "rm b")
	r.write("c.txt", "uncommitted\n")
	r.touch("c.txt", mustTime(t, "2026-02-28T00:00:00Z"))

	rep, err := Check(context.Background(), Options{Root: r.dir, Baseline: BaselineIndex, Now: mustTime(t, fixtureNow)},
		[]DocInput{{Filepath: "d.md", Refs: rs, Baselines: base, IndexedAt: mustTime(t, "2026-02-05T00:00:00Z")}})
	if err != nil {
		t.Fatal(err)
	}
	got := rep.Documents[0].Refs
	if got[0].Level != Stale || got[0].Commit != first || got[0].Author != "Bo Chen" {
		t.Errorf("a.txt: %+v, want stale at the first commit after the sync %s", got[0], first)
	}
	if got[1].Reason != Deleted || got[1].Commit != del {
		t.Errorf("b.txt: %+v, want deleted by %s", got[1], del)
	}
	if got[2].Level != PossiblyStale || !got[2].Uncommitted || got[2].Commit != "" {
		t.Errorf("c.txt: %+v, want an uncommitted possibly_stale change", got[2])
	}
	if rep.Baseline != BaselineIndex {
		t.Errorf("baseline %q", rep.Baseline)
	}
}

// TestRejectedRefs: absolute, escaping and symlink-escaping refs are
// warned about with the document and line, and never read.
func TestRejectedRefs(t *testing.T) {
	p := newIndexProject(t)
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(p.root, "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(p.root, "secret-link.txt")); err != nil {
		t.Fatal(err)
	}
	p.write("ok.txt", "ok\n", mustTime(t, "2026-01-01T00:00:00Z"))
	rs := []index.SourceRef{
		{Path: "/etc/passwd", Line: 4},
		{Path: "../x.txt", Line: 5},
		{Path: "out/secret.txt", Line: 6},
		{Path: "secret-link.txt", Line: 7},
		{Path: "ok.txt", Line: 8},
	}
	rep, err := Check(context.Background(), Options{Root: p.root, Baseline: BaselineIndex}, []DocInput{{Filepath: "d.md", RepoPath: "docs/d.md", Refs: rs}})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(rep.Documents[0].Refs); n != 1 || rep.Documents[0].Refs[0].Ref != "ok.txt" {
		t.Errorf("refs kept: %+v", rep.Documents[0].Refs)
	}
	if len(rep.Warnings) != 4 {
		t.Fatalf("warnings: %v", rep.Warnings)
	}
	for i, w := range rep.Warnings {
		if w.File != "docs/d.md" || w.Line != 4+i || !strings.Contains(w.Message, "rejected") {
			t.Errorf("warning %d: %v", i, w)
		}
	}
}

// TestIndexSymbolSyntaxError: a Go file that stops parsing is searched as
// far as it parses, with a warning naming the document and ref line.
func TestIndexSymbolSyntaxError(t *testing.T) {
	p := newIndexProject(t)
	t0 := mustTime(t, "2026-01-01T00:00:00Z")
	p.write("a.go", goV1, t0)
	rs := refs("a.go#Alpha", "a.go#Limit")
	doc := DocInput{Filepath: "d.md", RepoPath: "docs/d.md", Refs: rs, Baselines: p.baselines(rs), IndexedAt: mustTime(t, "2026-01-05T00:00:00Z")}
	p.write("a.go", goV1+"\nfunc Broken( {\n", mustTime(t, "2026-02-27T00:00:00Z"))
	rep, err := Check(context.Background(), Options{Root: p.root, Baseline: BaselineIndex, Now: mustTime(t, fixtureNow)}, []DocInput{doc})
	if err != nil {
		t.Fatal(err)
	}
	d := rep.Documents[0]
	if d.Refs[0].Level != Fresh {
		t.Errorf("Alpha, before the error, is intact: %+v", d.Refs[0])
	}
	if len(rep.Warnings) == 0 || rep.Warnings[0].File != "docs/d.md" || rep.Warnings[0].Line != 2 ||
		!strings.Contains(rep.Warnings[0].Message, "a.go") {
		t.Errorf("warnings %v", rep.Warnings)
	}
}

// TestIndexChangeNotBeforeSync: a file changed with an old mtime kept (cp
// -p, rsync -a, tar x) changed after the sync, whatever its mtime says:
// its change is dated at the sync, not weeks before it.
func TestIndexChangeNotBeforeSync(t *testing.T) {
	p := newIndexProject(t)
	old := mustTime(t, "2026-01-01T00:00:00Z")
	synced := mustTime(t, "2026-02-01T00:00:00Z")
	p.write("a.txt", "v1\n", old)
	rs := refs("a.txt")
	base := p.baselines(rs)
	p.write("a.txt", "version 2\n", old)
	rep, err := Check(context.Background(), Options{Root: p.root, Baseline: BaselineIndex, Now: synced.Add(24 * time.Hour)},
		[]DocInput{{Filepath: "d.md", Refs: rs, Baselines: base, IndexedAt: synced}})
	if err != nil {
		t.Fatal(err)
	}
	r := rep.Documents[0].Refs[0]
	if r.Level != PossiblyStale || !r.ChangedAt.Equal(synced) {
		t.Errorf("ref %+v, want possibly stale, changed at the sync %s", r, synced)
	}
}

// TestIndexBaselineSymbolInGit: under the index baseline in a git work
// tree, a Go declaration ref names the first commit after the sync that
// changed the declaration, not one that changed another function of its
// file, and counts only the commits that changed it.
func TestIndexBaselineSymbolInGit(t *testing.T) {
	r := newTestRepo(t)
	r.write("a.go", "package a\n\nfunc Foo() int { return 1 }\n\nfunc Bar() int { return 2 }\n")
	r.commit("2026-02-01T00:00:00Z", "Ana Lima", "init")
	rs := refs("a.go#Bar")
	base := map[string]Fingerprint{}
	fp, err := FingerprintRef(r.dir, rs[0])
	if err != nil {
		t.Fatal(err)
	}
	base[rs[0].String()] = fp
	r.write("a.go", "package a\n\nfunc Foo() int { return 10 }\n\nfunc Bar() int { return 2 }\n")
	r.commit("2026-02-10T00:00:00Z", "Bo Chen", "change Foo only")
	r.write("a.go", "package a\n\nfunc Foo() int { return 10 }\n\nfunc Bar() int { return 20 }\n")
	bar := r.commit("2026-02-12T00:00:00Z", "Cy Diaz", "change Bar")
	r.write("a.go", "package a\n\nfunc Foo() int { return 11 }\n\nfunc Bar() int { return 20 }\n")
	r.commit("2026-02-14T00:00:00Z", "Bo Chen", "change Foo again")

	rep, err := Check(context.Background(), Options{Root: r.dir, Baseline: BaselineIndex, Now: mustTime(t, fixtureNow)},
		[]DocInput{{Filepath: "d.md", Refs: rs, Baselines: base, IndexedAt: mustTime(t, "2026-02-05T00:00:00Z")}})
	if err != nil {
		t.Fatal(err)
	}
	got := rep.Documents[0].Refs[0]
	if got.Commit != bar || got.Author != "Cy Diaz" || got.Commits != 1 || got.Uncommitted {
		t.Errorf("a.go#Bar: %+v, want changed by %s, 1 commit", got, bar)
	}
}

// TestIndexChangeAfterARevertIsDatedByIt: under the index baseline too, a
// ref changed after the sync, changed back, then changed again is dated by
// the change made since it last held what was recorded at the sync, with
// the commits since then, a file and a Go declaration alike. It was dated
// by the reverted change, and so stale at once.
func TestIndexChangeAfterARevertIsDatedByIt(t *testing.T) {
	r := newTestRepo(t)
	r.writeCodeAndFoo("v1\n", "1")
	r.write("doc.md", "doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	in := syncedDoc(t, r, "code.txt", "a.go#Foo")
	r.writeCodeAndFoo("bad\n", "666")
	r.commit("2026-01-02T00:00:00Z", "Bo Chen", "bad change")
	r.writeCodeAndFoo("v1\n", "1")
	r.commit("2026-01-03T00:00:00Z", "Bo Chen", "revert bad change")
	r.writeCodeAndFoo("v2\n", "2")
	again := r.commit("2026-01-18T00:00:00Z", "Cy Diaz", "change again")
	r.writeCodeAndFoo("v3\n", "3")
	r.commit("2026-01-19T00:00:00Z", "Cy Diaz", "and again")

	rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: BaselineIndex, Now: mustTime(t, "2026-01-20T00:00:00Z")}, []DocInput{in})
	if err != nil {
		t.Fatal(err)
	}
	for _, got := range rep.Documents[0].Refs {
		if got.Level != PossiblyStale || got.Reason != Modified || got.Commit != again || got.Commits != 2 ||
			!got.ChangedAt.Equal(mustTime(t, "2026-01-18T00:00:00Z")) {
			t.Errorf("%s: %+v, want possibly_stale, modified at %s (2026-01-18), 2 commits", got.Ref, got, again)
		}
	}
}
