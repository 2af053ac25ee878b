package stale

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/index"
)

func checkOne(t *testing.T, root string, now string, d DocInput) (DocResult, Report) {
	t.Helper()
	rep, err := Check(context.Background(), Options{Root: root, Baseline: BaselineGit, Now: mustTime(t, now)}, []DocInput{d})
	if err != nil {
		t.Fatal(err)
	}
	return rep.Documents[0], rep
}

// TestGitParallelBranch: a ref changed on a branch that forked before the
// document's last commit and was merged after it counts, though its commit
// date is older than the document's.
func TestGitParallelBranch(t *testing.T) {
	r := newTestRepo(t)
	r.write("code.txt", "v1\n")
	r.write("doc.md", "v1\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.git("checkout", "-q", "-b", "side")
	r.write("code.txt", "v2\n")
	side := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "side change")
	r.git("checkout", "-q", "main")
	r.write("doc.md", "v2\n")
	r.commit("2026-01-03T00:00:00Z", "Ana Lima", "doc")
	r.gitIn(r.dir, gitEnv("GIT_AUTHOR_DATE=2026-01-04T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-04T00:00:00Z"),
		"-c", "user.name=Ana Lima", "-c", "user.email=a@example.com", "merge", "-q", "--no-ff", "--no-gpg-sign", "-m", "merge side", "side")

	d, _ := checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt")})
	if d.Level != Stale || d.Refs[0].Commit != side || d.Refs[0].Reason != Modified {
		t.Errorf("got %+v, want stale at the side commit %s", d, side)
	}

	// A change merged before the document was updated is covered by it.
	r.write("doc.md", "v3\n")
	r.commit("2026-01-05T00:00:00Z", "Ana Lima", "doc again")
	d, _ = checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt")})
	if d.Level != Fresh {
		t.Errorf("after the doc update: %+v", d)
	}
}

// TestGitProjectInSubfolder: the project root is a folder inside the work
// tree; refs and documents are relative to it.
func TestGitProjectInSubfolder(t *testing.T) {
	r := newTestRepo(t)
	r.write("proj/code.txt", "v1\n")
	r.write("proj/docs/doc.md", "v1\n")
	r.write("code.txt", "outside the project\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("proj/code.txt", "v2\n")
	c := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "change")
	r.write("code.txt", "changed outside\n")
	r.commit("2026-01-03T00:00:00Z", "Bo Chen", "outside change")

	d, _ := checkOne(t, r.path("proj"), "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "docs/doc.md", Refs: refs("code.txt", "docs/")})
	if d.Level != Stale || d.Refs[0].Commit != c || d.Refs[1].Level != Fresh {
		t.Errorf("got %+v, want code.txt stale at %s and docs/ fresh", d, c)
	}
}

// TestGitSymbolHistory: the commit reported for a Go declaration is the
// first whose text differs, not the first that touched the file, and the
// commits counted are those that changed it; an
// uncommitted edit elsewhere in the file keeps it fresh, one to the
// declaration makes it possibly stale.
func TestGitSymbolHistory(t *testing.T) {
	r := newTestRepo(t)
	r.write("a.go", goV1)
	r.write("doc.md", "doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("a.go", strings.Replace(goV1, "Other = 2", "Other = 5", 1))
	r.commit("2026-01-02T00:00:00Z", "Bo Chen", "other const")
	r.write("a.go", goV2)
	alphaChange := r.commit("2026-01-03T00:00:00Z", "Cy Diaz", "alpha")
	r.write("a.go", goV2+"\nfunc Extra() {}\n")
	r.commit("2026-01-04T00:00:00Z", "Bo Chen", "extra")

	in := DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("a.go#Alpha", "a.go#Beta", "a.go#Other")}
	d, _ := checkOne(t, r.dir, "2026-01-20T00:00:00Z", in)
	if d.Refs[0].Level != Stale || d.Refs[0].Commit != alphaChange || d.Refs[0].Author != "Cy Diaz" {
		t.Errorf("Alpha: %+v, want stale at %s", d.Refs[0], alphaChange)
	}
	if d.Refs[1].Level != Fresh {
		t.Errorf("Beta: %+v, want fresh", d.Refs[1])
	}
	if d.Refs[2].Level != Stale || d.Refs[2].Author != "Bo Chen" {
		t.Errorf("Other: %+v, want stale by Bo Chen", d.Refs[2])
	}
	// Three commits touched the file since; the count is of those that
	// changed the declaration.
	if d.Refs[0].Commits != 1 || d.Refs[2].Commits != 2 {
		t.Errorf("commits counted: Alpha %d, Other %d; want 1 and 2", d.Refs[0].Commits, d.Refs[2].Commits)
	}

	// Uncommitted: only Extra changes → Beta stays fresh; then Beta changes.
	r.write("doc.md", "doc updated\n")
	r.commit("2026-01-05T00:00:00Z", "Ana Lima", "doc")
	r.write("a.go", goV2+"\nfunc Extra() { println() }\n")
	in.Refs = refs("a.go#Beta")
	if d, _ = checkOne(t, r.dir, "2026-01-20T00:00:00Z", in); d.Level != Fresh {
		t.Errorf("uncommitted edit of another declaration: %+v", d)
	}
	r.write("a.go", strings.Replace(goV2, "return x + y", "return y + x", 1))
	r.touch("a.go", mustTime(t, "2026-01-19T00:00:00Z"))
	d, _ = checkOne(t, r.dir, "2026-01-20T00:00:00Z", in)
	if d.Level != PossiblyStale || !d.Refs[0].Uncommitted || d.Refs[0].Commit != "" {
		t.Errorf("uncommitted edit of Beta: %+v", d)
	}
}

// TestGitSymbolBusyFile: in a file with more commits since the document
// than are read one by one (maxSymbolRevisions), the commit reported for a
// declaration is still the one that changed it, wherever it falls among
// them, with its date and a count of one; commits changing other
// declarations are not it.
func TestGitSymbolBusyFile(t *testing.T) {
	src := func(foo string, bar int) string {
		return fmt.Sprintf("package a\n\nfunc Foo() int { return %s }\n\nvar Bar = %d\n", foo, bar)
	}
	for _, before := range []int{maxSymbolRevisions + 6, 3} {
		for _, afterN := range []int{5, maxSymbolRevisions + 3} {
			r := newTestRepo(t)
			r.write("a.go", src("1", 0))
			r.write("doc.md", "doc\n")
			r.commit("2025-01-01T00:00:00Z", "Ana Lima", "init")
			day := mustTime(t, "2025-02-01T00:00:00Z")
			n := 0
			bump := func(foo string) string {
				n++
				day = day.Add(24 * time.Hour)
				r.write("a.go", src(foo, n))
				return r.commit(day.Format(time.RFC3339), "Bo Chen", fmt.Sprintf("bar %d", n))
			}
			for range before {
				bump("1")
			}
			change := bump("2")
			realDay := day
			for range afterN {
				bump("2")
			}
			d, _ := checkOne(t, r.dir, day.Add(48*time.Hour).Format(time.RFC3339), DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("a.go#Foo")})
			got := d.Refs[0]
			// The commits after it are read one by one up to
			// maxSymbolRevisions; those past them count as for a file.
			wantCommits := 1 + max(0, afterN-maxSymbolRevisions)
			if got.Level != Stale || got.Commit != change || !got.ChangedAt.Equal(realDay) || got.Commits != wantCommits {
				t.Errorf("%d commits before the change, %d after: %s at %s (%s), %d commits; want stale at %s (%s), %d commits",
					before, afterN, got.Level, got.Commit, got.ChangedAt, got.Commits, change, realDay, wantCommits)
			}
		}
	}
}

// TestGitUncommitted covers uncommitted changes: a deleted file, a new file
// in a folder ref, a staged edit, and a reviewed: date after them.
func TestGitUncommitted(t *testing.T) {
	r := newTestRepo(t)
	r.write("gone.txt", "v1\n")
	r.write("dir/a.txt", "v1\n")
	r.write("staged.txt", "v1\n")
	r.write("doc.md", "doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.remove("gone.txt")
	r.touch("dir/a.txt", mustTime(t, "2026-01-01T00:00:00Z"))
	r.write("dir/new.txt", "untracked\n")
	r.write("staged.txt", "v2\n")
	r.git("add", "staged.txt")
	for _, p := range []string{"dir/new.txt", "dir", "staged.txt"} {
		r.touch(p, mustTime(t, "2026-01-18T00:00:00Z"))
	}
	in := DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("gone.txt", "dir", "staged.txt")}
	d, _ := checkOne(t, r.dir, "2026-01-20T00:00:00Z", in)
	want := []struct {
		level  Level
		reason Reason
	}{{Stale, Deleted}, {PossiblyStale, Modified}, {PossiblyStale, Modified}}
	for i, w := range want {
		if got := d.Refs[i]; got.Level != w.level || got.Reason != w.reason || !got.Uncommitted {
			t.Errorf("ref %s: %+v, want %s %s uncommitted", got.Ref, got, w.level, w.reason)
		}
	}
	in.Reviewed = "2026-01-18"
	d, _ = checkOne(t, r.dir, "2026-01-20T00:00:00Z", in)
	if d.Refs[1].Level != Fresh || d.Refs[2].Level != Fresh || d.Refs[0].Reason != Deleted {
		t.Errorf("reviewed on the day of the edits: %+v", d.Refs)
	}
}

// TestGitDocumentStates: a new uncommitted document, an empty repository,
// an ignored document and an invalid reviewed: date.
func TestGitDocumentStates(t *testing.T) {
	r := newTestRepo(t)
	r.write("code.txt", "v1\n")
	r.write("new.md", "draft\n")
	// No commits yet: every document is new, existing refs are fresh.
	d, _ := checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "new.md", RepoPath: "new.md", Refs: refs("code.txt", "missing.txt")})
	if d.Refs[0].Level != Fresh || d.Refs[1].Reason != NotFound {
		t.Errorf("empty repository: %+v", d.Refs)
	}

	r.write(".gitignore", "ignored.md\n")
	r.write("ignored.md", "ignored\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("code.txt", "v2\n")
	r.commit("2026-01-02T00:00:00Z", "Ana Lima", "change")

	d, rep := checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "ignored.md", RepoPath: "ignored.md", Refs: refs("code.txt"), Reviewed: "last week"})
	if d.Level != Fresh {
		t.Errorf("ignored document: %+v", d)
	}
	var msgs []string
	for _, w := range rep.Warnings {
		msgs = append(msgs, w.String())
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{`ignored.md: reviewed: "last week" is not a date`, "ignored.md: git does not track the document"} {
		if !strings.Contains(all, want) {
			t.Errorf("warnings %q lack %q", all, want)
		}
	}
}

// TestGitShallowClone: a shallow clone hides the document's commit; every
// visible change counts and a warning says to fetch the whole history.
func TestGitShallowClone(t *testing.T) {
	r := newTestRepo(t)
	r.write("code.txt", "v1\n")
	r.write("doc.md", "doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("other.txt", "v1\n")
	r.commit("2026-01-02T00:00:00Z", "Bo Chen", "other")
	r.write("code.txt", "v2\n")
	r.commit("2026-01-03T00:00:00Z", "Bo Chen", "change")
	clone := filepath.Join(t.TempDir(), "clone")
	// Depth 2: "change" and "other"; "other" is the boundary, whose files
	// git lists as all added: they must not count as changes.
	r.gitIn(r.dir, gitEnv(), "clone", "-q", "--depth", "2", "file://"+r.dir, clone)

	d, rep := checkOne(t, clone, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt")})
	if d.Level != Stale {
		t.Errorf("shallow clone: %+v", d)
	}
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0].Message, "fetch-depth: 0") {
		t.Errorf("warnings %v", rep.Warnings)
	}
	// The full clone knows the document came first.
	d, _ = checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt")})
	if d.Level != Stale || d.Refs[0].Author != "Bo Chen" {
		t.Errorf("full clone: %+v", d)
	}
}

// TestGitPathspecModes: the result is the same whether git is given the
// targets as pathspecs or reads the whole history.
func TestGitPathspecModes(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	a, err := Check(ctx, Options{Root: f.repo.dir, Baseline: BaselineGit, Now: f.now}, f.docs)
	if err != nil {
		t.Fatal(err)
	}
	// Past maxPathspecs targets, the whole history is read.
	many := append([]DocInput{}, f.docs...)
	var filler []index.SourceRef
	for i := 0; i <= maxPathspecs; i++ {
		filler = append(filler, index.SourceRef{Path: "filler/" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + ".txt", Line: 1})
	}
	many = append(many, DocInput{Filepath: "zz-filler.md", RepoPath: "docs/zz-filler.md", Refs: filler})
	b, err := Check(ctx, Options{Root: f.repo.dir, Baseline: BaselineGit, Now: f.now}, many)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range a.Documents {
		if got := b.Documents[i]; got.Level != d.Level || len(got.Refs) != len(d.Refs) {
			t.Fatalf("%s: %s with pathspecs, %s with the whole history", d.Filepath, d.Level, got.Level)
		}
		for k := range d.Refs {
			if d.Refs[k] != b.Documents[i].Refs[k] {
				t.Errorf("%s: %+v vs %+v", d.Filepath, d.Refs[k], b.Documents[i].Refs[k])
			}
		}
	}
}

func TestMayBeGit(t *testing.T) {
	r := newTestRepo(t)
	if !mayBeGit(filepath.Join(r.dir, "sub", "dir"), "") {
		t.Error("a folder inside a work tree was not recognised")
	}
}

// TestGitCanceled: a canceled context stops the check with its error.
func TestGitCanceled(t *testing.T) {
	f := newFixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Check(ctx, Options{Root: f.repo.dir, Baseline: BaselineGit, Now: f.now}, f.docs); err == nil {
		t.Error("no error from a canceled check")
	}
}

// TestGitSymbolReviewed: a declaration changed before the reviewed: date
// is confirmed; a later edit elsewhere in the file keeps it fresh, a later
// edit of the declaration makes it stale from that commit.
func TestGitSymbolReviewed(t *testing.T) {
	r := newTestRepo(t)
	r.write("a.go", goV1)
	r.write("doc.md", "doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("a.go", strings.Replace(goV1, `"hello"`, `"hi"`, 1))
	r.commit("2026-01-05T00:00:00Z", "Bo Chen", "alpha before the review")
	r.write("a.go", strings.Replace(strings.Replace(goV1, `"hello"`, `"hi"`, 1), "x + y", "y + x", 1))
	r.commit("2026-01-12T00:00:00Z", "Bo Chen", "beta after the review")
	in := DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("a.go#Alpha", "a.go#Beta"), Reviewed: "2026-01-10"}
	d, _ := checkOne(t, r.dir, "2026-01-30T00:00:00Z", in)
	if d.Refs[0].Level != Fresh || d.Refs[1].Level != Stale || d.Refs[1].ChangedAt.Format(time.DateOnly) != "2026-01-12" {
		t.Errorf("reviewed between the changes: %+v", d.Refs)
	}
	r.write("a.go", strings.Replace(strings.Replace(goV1, `"hello"`, `"hey"`, 1), "x + y", "y + x", 1))
	alpha := r.commit("2026-01-20T00:00:00Z", "Cy Diaz", "alpha after the review")
	d, _ = checkOne(t, r.dir, "2026-01-30T00:00:00Z", in)
	if d.Refs[0].Level != Stale || d.Refs[0].Commit != alpha {
		t.Errorf("Alpha changed after the review: %+v", d.Refs[0])
	}
}

// TestGoDeclarationLineEnds: a CRLF work tree (core.autocrlf=true, as on
// Windows runners) holds the same declarations as the LF text git stores:
// under the git baseline an unchanged multi-line declaration is fresh and
// a changed one stale at its commit; under the index baseline a hash
// recorded of the CRLF text (as syncs before LF hashing did) still means
// unchanged.
func TestGoDeclarationLineEnds(t *testing.T) {
	const v1 = "package a\n\n// Foo is foo.\nfunc Foo() int {\n\treturn 1\n}\n\n// Bar is bar.\nfunc Bar() int {\n\treturn 2\n}\n"
	r := newTestRepo(t)
	r.write("a.go", v1)
	r.write("doc.md", "doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("a.go", strings.Replace(v1, "return 1", "return 10", 1))
	change := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "change Foo")
	clone := filepath.Join(t.TempDir(), "clone")
	r.gitIn(r.dir, nil, "-c", "core.autocrlf=true", "clone", "-q", r.dir, clone)
	r.gitIn(clone, nil, "config", "core.autocrlf", "true")
	src, err := os.ReadFile(filepath.Join(clone, "a.go"))
	if err != nil || !strings.Contains(string(src), "\r\n") {
		t.Fatalf("the clone's a.go has no CRLF line ends: %q, %v", src, err)
	}
	if st := r.gitIn(clone, nil, "status", "--porcelain"); st != "" {
		t.Fatalf("clone not clean: %s", st)
	}
	d, _ := checkOne(t, clone, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("a.go#Bar", "a.go#Foo")})
	if d.Refs[0].Level != Fresh {
		t.Errorf("git baseline, Bar unchanged in a CRLF work tree: %+v", d.Refs[0])
	}
	if d.Refs[1].Level != Stale || d.Refs[1].Commit != change {
		t.Errorf("git baseline, Foo: %+v, want stale at %s", d.Refs[1], change)
	}

	written, found, _ := declTextAsWritten("a.go", src, "Bar")
	if !found || !strings.Contains(string(written), "\r\n") {
		t.Fatalf("Bar as written: %q", written)
	}
	rep, err := Check(context.Background(), Options{Root: clone, Baseline: BaselineIndex, Now: mustTime(t, "2026-01-20T00:00:00Z")}, []DocInput{{
		Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("a.go#Bar"), IndexedAt: mustTime(t, "2026-01-10T00:00:00Z"),
		Baselines: map[string]Fingerprint{"a.go#Bar": {Exists: true, SHA256: sha256Hex(written), Files: 1}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := rep.Documents[0]; got.Level != Fresh {
		t.Errorf("index baseline recorded of the CRLF text: %+v", got.Refs)
	}
}

// TestGitProjectRefLeavesOutOwnState: a ref to the whole project (./) is
// not changed by ubp's own folder, neither by a committed .ubp/config.json
// nor by the files SQLite keeps beside the index while ubp runs; a ref to
// a file inside .ubp still is.
func TestGitProjectRefLeavesOutOwnState(t *testing.T) {
	r := newTestRepo(t)
	r.write("src/a.txt", "v1\n")
	r.write("doc.md", "doc\n")
	r.write(".gitignore", ".ubp/index.db\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write(".ubp/config.json", "{}\n")
	cfg := r.commit("2026-01-02T00:00:00Z", "Ana Lima", "add ubp config")
	r.write(".ubp/index.db-wal", "journal")
	r.write(".ubp/sub/x", "journal")
	d, _ := checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("./", ".ubp/config.json")})
	if d.Refs[0].Level != Fresh {
		t.Errorf("./ changed by ubp's own files: %+v", d.Refs[0])
	}
	if d.Refs[1].Level != Stale || d.Refs[1].Commit != cfg {
		t.Errorf(".ubp/config.json: %+v, want stale at %s", d.Refs[1], cfg)
	}
}

// TestRefWithBracketsAsWritten: a ref with brackets that names an existing
// path (a Next.js route, app/[slug]/page.tsx) is that path, under both
// baselines, not a pattern matching app/s/…; one that exists nowhere as
// written is still a pattern.
func TestRefWithBracketsAsWritten(t *testing.T) {
	r := newTestRepo(t)
	r.write("app/[slug]/page.tsx", "v1\n")
	r.write("lib/a1.txt", "v1\n")
	r.write("doc.md", "doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("app/[slug]/page.tsx", "v2\n")
	change := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "route v2")
	d, _ := checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md",
		Refs: refs("app/[slug]/page.tsx", "app/[slug]/", "lib/a[0-9].txt")})
	for i, ref := range d.Refs[:2] {
		if ref.Level != Stale || ref.Reason != "modified" || ref.Commit != change {
			t.Errorf("ref %d: %+v, want stale (modified) at %s", i, ref, change)
		}
	}
	if d.Refs[2].Level != Fresh {
		t.Errorf("pattern lib/a[0-9].txt: %+v, want fresh", d.Refs[2])
	}
	for _, ref := range refs("app/[slug]/page.tsx", "app/[slug]/", "lib/a[0-9].txt") {
		fp, err := FingerprintRef(r.dir, ref)
		if err != nil || !fp.Exists || fp.Files != 1 {
			t.Errorf("index baseline %s: %+v, %v", ref.String(), fp, err)
		}
	}
}

// TestAutoBaselineSaysWhyNotGit: in a git work tree where git cannot run
// (not on PATH), the auto baseline falls back to the index's and the
// report says so, instead of an all-fresh answer without a word.
func TestAutoBaselineSaysWhyNotGit(t *testing.T) {
	r := newTestRepo(t)
	r.write("a.txt", "v1\n")
	r.write("doc.md", "doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	t.Setenv("PATH", t.TempDir())
	rep, err := Check(context.Background(), Options{Root: r.dir, Now: mustTime(t, "2026-01-20T00:00:00Z")},
		[]DocInput{{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("a.txt")}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Baseline != BaselineIndex || len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0].Message, "git could not read it") {
		t.Errorf("baseline %s, warnings %+v; want index with a warning", rep.Baseline, rep.Warnings)
	}
	for _, w := range rep.Warnings {
		assertNoCommandLine(t, "auto-baseline warning", w.Message)
	}
}

// TestGitShallowCloneOfTheWholeHistory: a shallow clone as deep as the
// history (its cut commit is the repository's first, with no parent) hides
// nothing: the report is complete, as for a full clone, not incomplete
// with exit 2.
func TestGitShallowCloneOfTheWholeHistory(t *testing.T) {
	r := newTestRepo(t)
	r.write("code.txt", "v1\n")
	r.write("doc.md", "doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("code.txt", "v2\n")
	change := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "change")
	clone := filepath.Join(t.TempDir(), "clone")
	r.gitIn(r.dir, gitEnv(), "clone", "-q", "--depth", "2", "file://"+r.dir, clone)
	if _, err := os.Stat(filepath.Join(clone, ".git", "shallow")); err != nil {
		t.Fatalf("the clone is not shallow: %v", err)
	}
	d, rep := checkOne(t, clone, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt")})
	if d.Level != Stale || d.Refs[0].Commit != change {
		t.Errorf("doc: %+v, want stale at %s", d, change)
	}
	if rep.Incomplete || len(rep.Warnings) != 0 || rep.ExitCode(Stale) != 1 {
		t.Errorf("incomplete %v, warnings %v, exit %d; want a complete report, exit 1", rep.Incomplete, rep.Warnings, rep.ExitCode(Stale))
	}
}

// TestChangedAtInUTC: a change's time is reported in UTC, as the reports
// document, whatever zone the committer wrote it in.
func TestChangedAtInUTC(t *testing.T) {
	r := newTestRepo(t)
	r.write("code.txt", "v1\n")
	r.write("doc.md", "doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("code.txt", "v2\n")
	r.commit("2026-01-02T09:30:00+09:00", "Bo Chen", "change")
	d, _ := checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt")})
	if got := d.Refs[0].ChangedAt.Format(time.RFC3339); got != "2026-01-02T00:30:00Z" {
		t.Errorf("changed_at %s, want 2026-01-02T00:30:00Z", got)
	}
}

// TestGitRevertedFileIsFresh: a file ref changed after the document and
// changed back since (a revert) holds what the document knew: fresh, as
// under the index baseline and for a Go declaration. A file that differs
// stays stale, dated by its first change after the document, and an
// uncommitted edit back to the document's text is fresh too.
func TestGitRevertedFileIsFresh(t *testing.T) {
	r := newTestRepo(t)
	r.write("code.txt", "v1\n")
	r.write("other.txt", "v1\n")
	r.write("doc.md", "doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("code.txt", "bad\n")
	r.write("other.txt", "v2\n")
	bad := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "bad change")
	r.write("code.txt", "v1\n")
	r.commit("2026-01-03T00:00:00Z", "Bo Chen", "revert bad change")

	d, _ := checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt", "other.txt")})
	if d.Refs[0].Level != Fresh {
		t.Errorf("reverted code.txt: %+v, want fresh", d.Refs[0])
	}
	if d.Refs[1].Level != Stale || d.Refs[1].Commit != bad || d.Refs[1].Reason != Modified {
		t.Errorf("changed other.txt: %+v, want stale at %s", d.Refs[1], bad)
	}
	// Changed again, then edited back in the work tree only.
	r.write("code.txt", "again\n")
	r.commit("2026-01-04T00:00:00Z", "Bo Chen", "change again")
	r.write("code.txt", "v1\n")
	d, _ = checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt")})
	if d.Refs[0].Level != Fresh {
		t.Errorf("code.txt edited back, uncommitted: %+v, want fresh", d.Refs[0])
	}
}

// TestGitRefThroughSymlink: a ref whose path goes through a symlink inside
// the project (to a file, or a folder on the way) follows the changes git
// records under the path it leads to: it was fresh whatever changed.
func TestGitRefThroughSymlink(t *testing.T) {
	r := newTestRepo(t)
	r.write("real/r.txt", "v1\n")
	r.write("real/s.txt", "v1\n")
	r.write("doc.md", "doc\n")
	if err := os.Symlink("real/r.txt", r.path("link.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", r.path("linkdir")); err != nil {
		t.Fatal(err)
	}
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("real/r.txt", "v2\n")
	c := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "change the target")

	d, _ := checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md",
		Refs: refs("link.txt", "linkdir/r.txt", "linkdir/", "linkdir/*.txt", "linkdir/s.txt")})
	for i, want := range []Level{Stale, Stale, Stale, Stale, Fresh} {
		got := d.Refs[i]
		if got.Level != want || (want == Stale && got.Commit != c) {
			t.Errorf("%s: %+v, want %s (at %s when stale)", got.Ref, got, want, c)
		}
	}
}

// TestGitReviewedDaySameDayChange: a reviewed: date hides the commits of
// the days before it, but a commit on that day that the document's
// commits do not cover (a code change after the review, the same
// afternoon) counts: it was hidden for good.
func TestGitReviewedDaySameDayChange(t *testing.T) {
	r := newTestRepo(t)
	r.write("code.txt", "v1\n")
	r.write("doc.md", "doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("code.txt", "v2\n")
	r.commit("2026-01-09T10:00:00Z", "Bo Chen", "change before the review")
	r.write("doc.md", "---\nreviewed: 2026-01-10\n---\ndoc\n")
	r.commit("2026-01-10T09:00:00Z", "Ana Lima", "review")
	in := DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt"), Reviewed: "2026-01-10"}
	if d, _ := checkOne(t, r.dir, "2026-01-20T00:00:00Z", in); d.Level != Fresh {
		t.Errorf("after the review: %+v, want fresh", d.Refs)
	}
	r.write("code.txt", "v3\n")
	after := r.commit("2026-01-10T15:00:00Z", "Bo Chen", "change after the review")
	if d, _ := checkOne(t, r.dir, "2026-01-20T00:00:00Z", in); d.Level != Stale || d.Refs[0].Commit != after {
		t.Errorf("a change the same afternoon: %+v, want stale at %s", d.Refs, after)
	}
}

// TestGitChangeAfterARevertIsDatedByIt: a ref changed after the document,
// changed back (a revert), then changed again is dated by the change made
// since it last held what the document knew, with the commits since then:
// the document was up to date between the revert and the new change. A
// file and a Go declaration alike. It was dated by the reverted change,
// 18 days old, and so stale at once though the new change is two days old.
func TestGitChangeAfterARevertIsDatedByIt(t *testing.T) {
	r := newTestRepo(t)
	r.writeCodeAndFoo("v1\n", "1")
	r.write("doc.md", "doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.writeCodeAndFoo("bad\n", "666")
	r.commit("2026-01-02T00:00:00Z", "Bo Chen", "bad change")
	r.writeCodeAndFoo("v1\n", "1")
	r.commit("2026-01-03T00:00:00Z", "Bo Chen", "revert bad change")
	r.writeCodeAndFoo("v2\n", "2")
	again := r.commit("2026-01-18T00:00:00Z", "Cy Diaz", "change again")
	r.writeCodeAndFoo("v3\n", "3")
	last := r.commit("2026-01-19T00:00:00Z", "Cy Diaz", "and again")

	d, _ := checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt", "a.go#Foo")})
	for _, got := range d.Refs {
		if got.Level != PossiblyStale || got.Reason != Modified || got.Commit != again || got.Commits != 2 ||
			!got.ChangedAt.Equal(mustTime(t, "2026-01-18T00:00:00Z")) {
			t.Errorf("%s: %+v, want possibly_stale, modified at %s (2026-01-18), 2 commits", got.Ref, got, again)
		}
	}

	// Back to the document's text in the last commit, changed in the
	// work tree only: an uncommitted change.
	r.writeCodeAndFoo("v1\n", "1")
	r.commit("2026-01-19T12:00:00Z", "Cy Diaz", "back once more")
	r.writeCodeAndFoo("v4\n", "4")
	d, _ = checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt", "a.go#Foo")})
	for _, got := range d.Refs {
		if got.Reason != Modified || got.Commit != "" || !got.Uncommitted {
			t.Errorf("%s: %+v, want modified, uncommitted, no commit (not %s)", got.Ref, got, last)
		}
	}
}

// TestGitRevertOnABranchUndoesNothingElse: a side branch that changed a
// ref and changed it back, merged after a change on main, leaves main's
// change standing: the ref is modified by it, not an uncommitted change,
// though the side branch's revert is the newest commit holding the
// document's text: commits of parallel branches undo nothing of each
// other. A revert on main after the merge does undo every change before
// it, merges or not.
func TestGitRevertOnABranchUndoesNothingElse(t *testing.T) {
	r := newTestRepo(t)
	r.writeCodeAndFoo("v1\n", "1")
	r.write("doc.md", "doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	synced := syncedDoc(t, r, "code.txt", "a.go#Foo")
	r.git("checkout", "-q", "-b", "side")
	r.writeCodeAndFoo("v3\n", "3")
	r.commit("2026-01-03T00:00:00Z", "Bo Chen", "side change")
	r.writeCodeAndFoo("v1\n", "1")
	r.commit("2026-01-04T00:00:00Z", "Bo Chen", "side revert")
	r.git("checkout", "-q", "main")
	r.writeCodeAndFoo("v2\n", "2")
	change := r.commit("2026-01-02T00:00:00Z", "Cy Diaz", "main change")
	r.merge("2026-01-05T00:00:00Z", "side", "merge side")

	d, _ := checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt", "a.go#Foo")})
	rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: BaselineIndex, Now: mustTime(t, "2026-01-20T00:00:00Z")}, []DocInput{synced})
	if err != nil {
		t.Fatal(err)
	}
	for _, got := range append(d.Refs, rep.Documents[0].Refs...) {
		if got.Level != Stale || got.Reason != Modified || got.Uncommitted || got.Commit == "" {
			t.Errorf("%s: %+v, want stale, modified by a commit (%s)", got.Ref, got, change)
		}
	}

	// Reverted on main after the merge, which has every change before it
	// in its history, then changed again: dated by the new change, in a
	// history with merges too.
	r.writeCodeAndFoo("v1\n", "1")
	r.commit("2026-01-06T00:00:00Z", "Cy Diaz", "main revert")
	r.writeCodeAndFoo("v4\n", "4")
	again := r.commit("2026-01-18T00:00:00Z", "Cy Diaz", "change again")
	d, _ = checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt", "a.go#Foo")})
	if rep, err = Check(t.Context(), Options{Root: r.dir, Baseline: BaselineIndex, Now: mustTime(t, "2026-01-20T00:00:00Z")}, []DocInput{synced}); err != nil {
		t.Fatal(err)
	}
	for _, got := range append(d.Refs, rep.Documents[0].Refs...) {
		if got.Level != PossiblyStale || got.Commit != again || got.Commits != 1 {
			t.Errorf("after a revert on main: %s: %+v, want possibly_stale at %s, 1 commit", got.Ref, got, again)
		}
	}
}
