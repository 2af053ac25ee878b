package stale

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestGitMovedRefNamesWhereItWent: a source_ref to a file later moved
// (git mv, unchanged or lightly edited) is reported moved, naming the new
// path and the commit that moved it, so the document can be fixed; it
// still makes the document stale. History read limited to the refs sees
// the move as a deletion: it was reported deleted, with no hint.
func TestGitMovedRefNamesWhereItWent(t *testing.T) {
	const src = "package src\n\n// Foo does foo.\nfunc Foo() int {\n\treturn 1\n}\n\n// Bar does bar.\nfunc Bar() int {\n\treturn 2\n}\n\n// Baz does baz.\nfunc Baz() int {\n\treturn 3\n}\n"
	for _, tc := range []struct {
		name, edit string
	}{
		{name: "unchanged"},
		{name: "lightly edited", edit: strings.Replace(src, "return 3", "return 4", 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newTestRepo(t)
			r.write("src/old.go", src)
			r.write("src/gone.go", "package src\n\nconst Gone = 1\n")
			r.write("docs/d.md", "# D\n")
			r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
			r.move("src/old.go", "src/new/place.go")
			if tc.edit != "" {
				r.write("src/new/place.go", tc.edit)
			}
			r.remove("src/gone.go")
			moved := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "reorganise src")
			rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: BaselineGit, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: "docs"},
				[]DocInput{{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs("src/old.go", "src/old.go#Foo", "src/gone.go")}})
			if err != nil {
				t.Fatal(err)
			}
			assertRefs(t, rep.Documents[0], []movedRef{{Moved, "src/new/place.go", moved}, {Moved, "src/new/place.go#Foo", moved}, {Deleted, "", moved}})

			// Every format says where it went.
			for _, f := range []struct {
				name  string
				write func(*bytes.Buffer) error
				want  string
			}{
				{"text", func(b *bytes.Buffer) error { return WriteText(b, rep, PossiblyStale) }, "moved to src/new/place.go#Foo"},
				{"markdown", func(b *bytes.Buffer) error { return WriteMarkdown(b, rep, PossiblyStale) }, "moved to `src/new/place.go#Foo`"},
				{"json", func(b *bytes.Buffer) error { return WriteJSON(b, rep, PossiblyStale) }, `"moved_to": "src/new/place.go#Foo"`},
				{"sarif", func(b *bytes.Buffer) error { return WriteSARIF(b, rep, PossiblyStale) }, "was moved to src/new/place.go#Foo"},
			} {
				var b bytes.Buffer
				if err := f.write(&b); err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(b.String(), f.want) {
					t.Errorf("%s: no %q in\n%s", f.name, f.want, b.String())
				}
				if f.name == "sarif" {
					var s struct {
						Runs []struct {
							Results []struct {
								RuleID string `json:"ruleId"`
							} `json:"results"`
						} `json:"runs"`
					}
					if err := json.Unmarshal(b.Bytes(), &s); err != nil || len(s.Runs) != 1 || len(s.Runs[0].Results) != 3 || s.Runs[0].Results[0].RuleID != "ubp/source-ref-moved" {
						t.Errorf("sarif: %v, results %+v; want ubp/source-ref-moved first", err, s.Runs)
					}
				}
			}
		})
	}
}

// TestIndexMovedRefNamesWhereItWent: under the index baseline too, a ref
// to a file moved since the sync is reported moved, with where it went.
func TestIndexMovedRefNamesWhereItWent(t *testing.T) {
	r := newTestRepo(t)
	r.write("src/old.go", "package src\n\n// Foo does foo.\nfunc Foo() {}\n")
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.move("src/old.go", "src/new/place.go")
	moved := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "move")
	checkIndexMoved(t, r, "src/old.go", 1, "src/new/place.go", moved)
}

// checkIndexMoved checks the index baseline, synced before the commit
// moved (the ref then named files files), reports ref moved to wantTo.
func checkIndexMoved(t *testing.T, r *testRepo, ref string, files int, wantTo, moved string) {
	t.Helper()
	rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: BaselineIndex, Now: mustTime(t, "2026-01-20T00:00:00Z")},
		[]DocInput{{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs(ref), IndexedAt: mustTime(t, "2026-01-01T12:00:00Z"),
			Baselines: map[string]Fingerprint{ref: {Exists: true, SHA256: "x", Files: files}}}})
	if err != nil {
		t.Fatal(err)
	}
	assertRefs(t, rep.Documents[0], []movedRef{{Moved, wantTo, moved}})
}

// movedRef is what one ref of a document should report: its reason, its
// moved_to ("" unless moved) and the commit that changed it.
type movedRef struct {
	reason Reason
	to     string
	commit string
}

// assertRefs checks that doc is stale and reports exactly the refs of
// want, in order, each stale with its reason, moved_to and commit.
func assertRefs(t *testing.T, doc DocResult, want []movedRef) {
	t.Helper()
	if doc.Level != Stale || len(doc.Refs) != len(want) {
		t.Fatalf("got %+v, want stale with %d refs", doc, len(want))
	}
	for i, w := range want {
		got := doc.Refs[i]
		if got.Reason != w.reason || got.MovedTo != w.to || got.Commit != w.commit || got.Level != Stale {
			t.Errorf("%s: got %s to %q at %s (%+v), want %s to %q at %s, stale", got.Ref, got.Reason, got.MovedTo, got.Commit, got, w.reason, w.to, w.commit)
		}
	}
}
