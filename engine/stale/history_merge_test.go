package stale

import (
	"context"
	"fmt"
	"testing"
)

// merge merges branch into the checked-out branch with a merge commit
// dated when and returns its hash.
func (r *testRepo) merge(when, branch, msg string) string {
	r.t.Helper()
	r.gitIn(r.dir, gitEnv("GIT_AUTHOR_DATE="+when, "GIT_COMMITTER_DATE="+when),
		"-c", "user.name=Ana Lima", "-c", "user.email=a@example.com", "merge", "-q", "--no-ff", "--no-gpg-sign", "-m", msg, branch)
	return r.git("rev-parse", "HEAD")
}

// crissCross builds criss-cross merges: a rewords the document, then
// changes the code; b merges a's code change and then updates the
// document; a merges b's older tip. main merges both, first then second
// (the second with strategy ours, keeping main's files). b's document
// update saw the code change; a's rewording did not.
func crissCross(r *testRepo, first, second string) {
	r.write("code.txt", "v1\n")
	r.write("doc.md", "v1\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.git("branch", "b")
	r.git("checkout", "-q", "-b", "a")
	r.write("doc.md", "v1 a-side wording\n")
	r.commit("2026-01-01T12:00:00Z", "Ana Lima", "a: reword")
	r.write("code.txt", "v2\n")
	r.commit("2026-01-02T00:00:00Z", "Ana Lima", "a: code v2")
	r.git("checkout", "-q", "b")
	r.write("other.md", "b1\n")
	r.commit("2026-01-02T12:00:00Z", "Bo Chen", "b: other")
	r.git("checkout", "-q", "a")
	r.merge("2026-01-03T00:00:00Z", "b", "a: merge b")
	r.git("checkout", "-q", "b")
	r.merge("2026-01-03T12:00:00Z", "a~1", "b: merge a~1")
	r.write("doc.md", "v2\n")
	r.commit("2026-01-04T00:00:00Z", "Bo Chen", "b: docs for v2")
	r.git("checkout", "-q", "main")
	r.merge("2026-01-05T00:00:00Z", first, "merge "+first)
	r.gitIn(r.dir, gitEnv("GIT_AUTHOR_DATE=2026-01-06T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-06T00:00:00Z"),
		"-c", "user.name=Ana Lima", "-c", "user.email=a@example.com", "merge", "-q", "--no-ff", "--no-gpg-sign", "-s", "ours", "-m", "merge "+second, second)
}

// TestGitMergeTopologies: a ref change counts only when no commit that
// touched the document has it in its history, whatever order `git log
// --topo-order` lists the branches in.
func TestGitMergeTopologies(t *testing.T) {
	const now = "2026-03-01T00:00:00Z"
	doc := DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt")}
	init := func(r *testRepo) {
		r.write("code.txt", "v1\n")
		r.write("doc.md", "v1\n")
		r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	}
	cases := []struct {
		name string
		// build makes the history; it returns the commit expected in the
		// result ("" when the document is fresh).
		build func(r *testRepo) string
	}{
		{
			// The code changed and the document followed on main; a
			// docs-only fix made on a branch before either is merged
			// afterwards and is listed first.
			name: "doc updated on main, docs-only branch merged later",
			build: func(r *testRepo) string {
				init(r)
				r.git("checkout", "-q", "-b", "typo")
				r.write("doc.md", "v1 typo fixed\n")
				r.commit("2026-01-02T00:00:00Z", "Bo Chen", "docs: typo")
				r.git("checkout", "-q", "main")
				r.write("code.txt", "v2\n")
				r.commit("2026-01-03T00:00:00Z", "Ana Lima", "code v2")
				r.write("doc.md", "v2\n")
				r.commit("2026-01-04T00:00:00Z", "Ana Lima", "docs for v2")
				r.git("checkout", "-q", "typo")
				r.write("doc.md", "v1 typo fixed twice\n")
				r.commit("2026-01-05T00:00:00Z", "Bo Chen", "docs: another typo")
				r.git("checkout", "-q", "main")
				r.gitIn(r.dir, gitEnv("GIT_AUTHOR_DATE=2026-01-06T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-06T00:00:00Z"),
					"-c", "user.name=Ana Lima", "-c", "user.email=a@example.com", "merge", "-q", "--no-ff", "--no-gpg-sign", "-s", "ours", "-m", "merge typo", "typo")
				return ""
			},
		},
		{
			// A docs fix on a branch does not cover a code change it never
			// saw: the code changed on main after the branch forked.
			name: "docs fix on a branch, code changed on main",
			build: func(r *testRepo) string {
				init(r)
				r.git("checkout", "-q", "-b", "docfix")
				r.write("doc.md", "v1 fixed\n")
				r.commit("2026-01-03T00:00:00Z", "Bo Chen", "docs: fix")
				r.git("checkout", "-q", "main")
				r.write("code.txt", "v2\n")
				c := r.commit("2026-01-02T00:00:00Z", "Ana Lima", "code v2")
				r.merge("2026-01-04T00:00:00Z", "docfix", "merge docfix")
				return c
			},
		},
		{
			// A pull request changes the code and its document; main got a
			// docs-only commit meanwhile; the PR is merged with a merge
			// commit.
			name: "PR merge commit with code and doc",
			build: func(r *testRepo) string {
				init(r)
				r.git("checkout", "-q", "-b", "pr")
				r.write("code.txt", "v2\n")
				r.commit("2026-01-02T00:00:00Z", "Bo Chen", "code v2")
				r.write("doc.md", "v2\n")
				r.commit("2026-01-03T00:00:00Z", "Bo Chen", "docs for v2")
				r.git("checkout", "-q", "main")
				r.write("other.md", "x\n")
				r.commit("2026-01-04T00:00:00Z", "Ana Lima", "unrelated")
				r.merge("2026-01-05T00:00:00Z", "pr", "Merge pull request #1 from bo/pr")
				return ""
			},
		},
		{
			// The same pull request without the doc update, merged after a
			// docs-only commit on main: the code change counts.
			name: "PR merge commit with code only",
			build: func(r *testRepo) string {
				init(r)
				r.git("checkout", "-q", "-b", "pr")
				r.write("code.txt", "v2\n")
				c := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "code v2")
				r.git("checkout", "-q", "main")
				r.write("doc.md", "v1 reworded\n")
				r.commit("2026-01-04T00:00:00Z", "Ana Lima", "docs: reword")
				r.merge("2026-01-05T00:00:00Z", "pr", "Merge pull request #2 from bo/pr")
				return c
			},
		},
		{
			// Criss-cross merges; the document update on b saw the code
			// change (b merged a's commit first), whichever branch main
			// merged last.
			name: "criss-cross, doc saw the code, b merged last",
			build: func(r *testRepo) string {
				crissCross(r, "a", "b")
				return ""
			},
		},
		{
			name: "criss-cross, doc saw the code, a merged last",
			build: func(r *testRepo) string {
				crissCross(r, "b", "a")
				return ""
			},
		},
		{
			// Criss-cross where neither document commit saw the code
			// change: both branches touched the document before merging
			// the code.
			name: "criss-cross, doc never saw the code",
			build: func(r *testRepo) string {
				init(r)
				r.git("branch", "b")
				r.git("checkout", "-q", "-b", "a")
				r.write("doc.md", "v1 a\n")
				r.commit("2026-01-02T00:00:00Z", "Ana Lima", "a: doc")
				r.git("checkout", "-q", "b")
				r.write("code.txt", "v2\n")
				c := r.commit("2026-01-02T12:00:00Z", "Bo Chen", "b: code v2")
				r.git("checkout", "-q", "a")
				r.merge("2026-01-03T00:00:00Z", "b", "a: merge b")
				r.git("checkout", "-q", "b")
				r.merge("2026-01-03T12:00:00Z", "a~1", "b: merge a~1")
				r.git("checkout", "-q", "main")
				r.merge("2026-01-05T00:00:00Z", "a", "merge a")
				r.merge("2026-01-06T00:00:00Z", "b", "merge b")
				return c
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newTestRepo(t)
			want := tc.build(r)
			if st := r.git("status", "--porcelain"); st != "" {
				t.Fatalf("work tree not clean: %s", st)
			}
			d, _ := checkOne(t, r.dir, now, doc)
			if want == "" {
				if d.Level != Fresh {
					t.Errorf("got %s %+v, want fresh\n%s", d.Level, d.Refs, r.git("log", "--graph", "--oneline", "--name-status", "--topo-order"))
				}
				return
			}
			if d.Level != Stale || d.Refs[0].Commit != want {
				t.Errorf("got %s %+v, want stale at %s\n%s", d.Level, d.Refs, want, r.git("log", "--graph", "--oneline", "--name-status", "--topo-order"))
			}
		})
	}
}

// TestGitEditInMergeManyTargets: a ref changed in a merge commit itself
// (while resolving it) counts, with more targets than maxPathspecs as
// with fewer: above it the log is read without pathspecs, where git lists
// no file of a merge unless asked.
func TestGitEditInMergeManyTargets(t *testing.T) {
	for _, n := range []int{3, maxPathspecs + 10} {
		r := newTestRepo(t)
		var docs []DocInput
		for i := range n {
			code := fmt.Sprintf("src/f%d.txt", i)
			r.write(code, "v1\n")
			r.write(fmt.Sprintf("docs/d%d.md", i), "doc\n")
			docs = append(docs, DocInput{Filepath: fmt.Sprintf("docs/d%d.md", i), RepoPath: fmt.Sprintf("docs/d%d.md", i), Refs: refs(code)})
		}
		r.write("src/y.txt", "v1\n")
		r.write("docs/e.md", "doc\n")
		docs = append(docs, DocInput{Filepath: "docs/e.md", RepoPath: "docs/e.md", Refs: refs("src/y.txt")})
		r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
		r.git("checkout", "-q", "-b", "feat")
		r.write("feat.txt", "f\n")
		r.commit("2026-01-02T00:00:00Z", "Bo Chen", "feat")
		r.git("checkout", "-q", "main")
		r.write("main.txt", "m\n")
		r.commit("2026-01-03T00:00:00Z", "Ana Lima", "main")
		r.gitIn(r.dir, gitEnv("GIT_AUTHOR_DATE=2026-01-04T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-04T00:00:00Z"),
			"-c", "user.name=Ana Lima", "-c", "user.email=a@example.com", "merge", "-q", "--no-ff", "--no-commit", "feat")
		r.write("src/y.txt", "v2, changed while merging\n")
		merge := r.commit("2026-01-04T00:00:00Z", "Ana Lima", "merge feat, with y changed")
		rep, err := Check(context.Background(), Options{Root: r.dir, Baseline: BaselineGit, Now: mustTime(t, "2026-03-01T00:00:00Z")}, docs)
		if err != nil {
			t.Fatal(err)
		}
		e := rep.Documents[len(docs)-1]
		if e.Level != Stale || len(e.Refs) == 0 || e.Refs[0].Commit != merge {
			t.Errorf("%d targets: e.md %s %+v, want stale at the merge %s", n+1, e.Level, e.Refs, merge)
		}
		if e.Filepath != "docs/e.md" {
			t.Fatalf("last document %s", e.Filepath)
		}
		if rep.Counts[Stale] != 1 {
			t.Errorf("%d targets: %d stale, want 1", n+1, rep.Counts[Stale])
		}
	}
}
