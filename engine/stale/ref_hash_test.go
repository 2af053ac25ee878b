package stale

import (
	"context"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

// hashRef is a source_refs entry as the frontmatter parse gives it: split
// on the last '#' into path and symbol.
func hashRef(s string, line int) index.SourceRef {
	path, sym := s, ""
	if i := strings.LastIndexByte(s, '#'); i >= 0 {
		path, sym = s[:i], s[i+1:]
	}
	return index.SourceRef{Path: path, Symbol: sym, Line: line}
}

// TestRefWithHashInFileName: a ref whose whole text names a file or
// folder that exists is that path, '#' included ("notes/c#.md",
// "gen#1.go", "x#y/"), under both baselines. Until 2026-11-27 it was split
// into path and Go declaration and rejected, so such a file could not be
// referenced. path.go#Symbol still names a declaration; a '#' path that no
// longer exists is rejected with a message that says both readings.
func TestRefWithHashInFileName(t *testing.T) {
	r := newTestRepo(t)
	r.write("notes/c#.md", "v1\n")
	r.write("gen#1.go", "package a\n")
	r.write("x#y/f.txt", "v1\n")
	r.write("a.go", "package a\n\nfunc F() {}\n")
	r.write("doc.md", "# Doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	texts := []string{"notes/c#.md", "gen#1.go", "x#y/", "a.go#F"}
	var rs []index.SourceRef
	for i, s := range texts {
		rs = append(rs, hashRef(s, 3+i))
	}
	for _, ref := range rs {
		if err := CheckPath(r.dir, ref); err != nil {
			t.Errorf("CheckPath(%q): %v", ref.String(), err)
		}
	}
	// The index baseline, recorded now.
	base := map[string]Fingerprint{}
	for _, ref := range rs {
		fp, err := FingerprintRef(r.dir, ref)
		if err != nil {
			t.Fatalf("FingerprintRef(%q): %v", ref.String(), err)
		}
		if !fp.Exists {
			t.Errorf("FingerprintRef(%q): does not exist", ref.String())
		}
		base[ref.String()] = fp
	}
	r.write("notes/c#.md", "v2\n")
	r.write("gen#1.go", "package a // v2\n")
	r.write("x#y/f.txt", "v2\n")
	r.commit("2026-01-02T00:00:00Z", "Bo Chen", "change")
	now := mustTime(t, "2026-01-20T00:00:00Z")
	in := DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: rs, Baselines: base, IndexedAt: mustTime(t, "2026-01-01T12:00:00Z")}
	for _, baseline := range []string{BaselineGit, BaselineIndex} {
		rep, err := Check(context.Background(), Options{Root: r.dir, Baseline: baseline, Now: now}, []DocInput{in})
		if err != nil {
			t.Fatal(err)
		}
		d := rep.Documents[0]
		if len(d.Rejected) != 0 || len(d.Refs) != len(texts) {
			t.Fatalf("%s: rejected %+v, warnings %v", baseline, d.Rejected, rep.Warnings)
		}
		for i, ref := range d.Refs {
			want := Stale
			if i == 3 {
				want = Fresh // a.go did not change
			}
			if ref.Ref != texts[i] || ref.Level != want {
				t.Errorf("%s: ref %d: %+v, want %s at %s", baseline, i, ref, texts[i], want)
			}
		}
	}

	// A rejection the document's last indexing recorded (by an older ubp,
	// or before the file was made) is not repeated when the check accepts
	// the ref: the report's rejections are the check's own.
	in.Warnings = []index.Warning{{File: "doc.md", Line: 3, Message: `source_ref "notes/c#.md" rejected: #.md names a Go declaration, so the path must be a single .go file`}}
	rep, err := Check(context.Background(), Options{Root: r.dir, Baseline: BaselineGit, Now: now}, []DocInput{in})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Warnings) != 0 {
		t.Errorf("warnings %v: a recorded rejection the check does not make again is repeated", rep.Warnings)
	}

	// Gone: neither reading holds, and the rejection says so.
	r.remove("notes/c#.md")
	err = CheckPath(r.dir, rs[0])
	if err == nil || !strings.Contains(err.Error(), "no file or folder notes/c#.md exists") {
		t.Errorf("CheckPath of a missing '#' path: %v", err)
	}
}

// TestDeletedRefWithHashInFileName: a ref to a file whose name holds '#'
// (notes/c#.md) that is deleted afterwards is deleted, like any other
// ref, not rejected as a malformed Go declaration: git history (or, under
// the index baseline, the fingerprint recorded when the document was
// synced) shows the path existed. Until 2026-11-27 it was rejected, and
// the document lost the ref. A '#' text that never named a path
// (guide.md#setup, a heading anchor) is still rejected.
func TestDeletedRefWithHashInFileName(t *testing.T) {
	for _, tc := range []struct {
		name      string
		baseline  string
		committed bool // the deletion is committed, else only in the work tree
		noGit     bool // the project is no git work tree
		want      Reason
	}{
		{name: "git, deletion committed", baseline: BaselineGit, committed: true, want: Deleted},
		{name: "git, deletion uncommitted", baseline: BaselineGit, want: Deleted},
		{name: "index, deletion committed", baseline: BaselineIndex, committed: true, want: Deleted},
		{name: "index, no git", baseline: BaselineIndex, noGit: true, want: Deleted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newTestRepo(t)
			r.write("notes/c#.md", "v1\n")
			r.write("doc.md", "# Doc\n")
			r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
			refs := []index.SourceRef{hashRef("notes/c#.md", 3), hashRef("guide.md#setup", 4)}
			base := map[string]Fingerprint{}
			for _, ref := range refs {
				fp, err := FingerprintRef(r.dir, ref)
				if err == nil {
					base[ref.String()] = fp
				}
			}
			var del string
			r.remove("notes/c#.md")
			if tc.committed {
				del = r.commit("2026-01-02T00:00:00Z", "Bo Chen", "remove c#")
			}
			if tc.noGit {
				r.remove(".git")
			}
			in := DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs, Baselines: base, IndexedAt: mustTime(t, "2026-01-01T12:00:00Z")}
			rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: tc.baseline, Now: mustTime(t, "2026-01-20T00:00:00Z")}, []DocInput{in})
			if err != nil {
				t.Fatal(err)
			}
			d := rep.Documents[0]
			if len(d.Refs) != 1 || d.Refs[0].Ref != "notes/c#.md" || d.Refs[0].Reason != tc.want || d.Refs[0].Level != Stale {
				t.Fatalf("refs %+v, rejected %+v: want notes/c#.md %s, stale", d.Refs, d.Rejected, tc.want)
			}
			if tc.baseline == BaselineGit && tc.committed && d.Refs[0].Commit != del {
				t.Errorf("commit %q, want the deletion %s", d.Refs[0].Commit, del)
			}
			if len(d.Rejected) != 1 || d.Rejected[0].Ref != "guide.md#setup" {
				t.Errorf("rejected %+v: want guide.md#setup only (it never named a path)", d.Rejected)
			}
			for _, w := range rep.Warnings {
				if strings.Contains(w.Message, "c#.md") {
					t.Errorf("warning %v about a deleted ref", w)
				}
			}
		})
	}
}
