package stale

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/index"
)

// fixtureNow is the fixed "now" of the fixture: reports made at it are
// the same on every run.
const fixtureNow = "2026-03-01T12:00:00Z"

const goV1 = `package a

// Alpha says hello.
func Alpha() string { return "hello" }

// Beta adds.
func Beta(x, y int) int { return x + y }

// Gamma is renamed later.
func Gamma() {}

// T is a thing.
type T struct{ N int }

// M returns N.
func (t *T) M() int { return t.N }

const (
	// Limit bounds things.
	Limit = 10 // ten
	Other = 2
)
`

// goV2 changes Alpha's body and renames Gamma; Beta, T, T.M and Limit
// keep their text but move down a line.
const goV2 = `package a

// Alpha says hello.
func Alpha() string {
	return "hello, world"
}

// Beta adds.
func Beta(x, y int) int { return x + y }

// Gamma2 was Gamma.
func Gamma2() {}

// T is a thing.
type T struct{ N int }

// M returns N.
func (t *T) M() int { return t.N }

const (
	// Limit bounds things.
	Limit = 10 // ten
	Other = 3
)
`

// docSpec is one document of the fixture.
type docSpec struct {
	name     string // file name under docs/
	title    string
	refs     []string // path or path#Symbol
	reviewed string
}

// content renders the document with source_refs from line 4 on.
func (d docSpec) content() string {
	var b strings.Builder
	fmt.Fprintf(&b, "---\ntitle: %s\nsource_refs:\n", d.title)
	for _, r := range d.refs {
		fmt.Fprintf(&b, "  - %s\n", r)
	}
	if d.reviewed != "" {
		fmt.Fprintf(&b, "reviewed: %s\n", d.reviewed)
	}
	fmt.Fprintf(&b, "---\n# %s\n\nText.\n", d.title)
	return b.String()
}

// input builds the DocInput the engine would pass for the document.
func (d docSpec) input() DocInput {
	in := DocInput{Filepath: d.name, RepoPath: "docs/" + d.name, Title: d.title, Reviewed: d.reviewed}
	for i, r := range d.refs {
		p, sym, _ := strings.Cut(r, "#")
		in.Refs = append(in.Refs, index.SourceRef{Path: p, Symbol: sym, Line: 4 + i})
	}
	return in
}

var fixtureDocs = []docSpec{
	{name: "fresh.md", title: "Fresh", refs: []string{"src/b.txt"}},
	{name: "modified-old.md", title: "Modified long ago", refs: []string{"old.txt"}},
	{name: "modified-new.md", title: "Modified recently", refs: []string{"new.txt"}},
	{name: "deleted.md", title: "Deleted", refs: []string{"gone.txt"}},
	{name: "not-found.md", title: "Not found", refs: []string{"never.txt"}},
	{name: "folder.md", title: "Folder", refs: []string{"lib/x/"}},
	{name: "glob.md", title: "Glob", refs: []string{"pkg/**/*.go"}},
	{name: "glob-fresh.md", title: "Glob, top level only", refs: []string{"pkg/*.go"}},
	{name: "sym-changed.md", title: "Symbol changed", refs: []string{"src/a.go#Alpha"}},
	{name: "sym-other.md", title: "Other symbols", refs: []string{"src/a.go#Beta", "src/a.go#T.M", "src/a.go#Limit", "src/a.go#T"}},
	{name: "sym-renamed.md", title: "Symbol renamed", refs: []string{"src/a.go#Gamma"}},
	{name: "reviewed.md", title: "Reviewed | mid-month", refs: []string{"rev1.txt", "rev2.txt"}, reviewed: "2026-02-15"},
	{name: "reviewed-all.md", title: "Reviewed after every change", refs: []string{"rev1.txt"}, reviewed: "2026-02-15"},
	{name: "uncommitted.md", title: "Uncommitted change", refs: []string{"wip.txt"}},
	{name: "later.md", title: "Doc updated after the code", refs: []string{"later.txt"}},
	{name: "same.md", title: "Doc and code in one commit", refs: []string{"same.txt"}},
	{name: "dirty-doc.md", title: "Doc being edited", refs: []string{"old.txt"}},
	{name: "untracked.md", title: "No refs"},
	{name: "rejected.md", title: "Some refs rejected", refs: []string{"/etc/passwd", "../outside.txt", "escape/secret.txt", "src/b.txt"}},
	{name: "only-rejected.md", title: "Every ref rejected", refs: []string{"src/../../x.txt"}},
}

// fixture is a git repository with a dated history covering every level
// and reason, and the documents to check in it.
type fixture struct {
	repo    *testRepo
	docs    []DocInput
	now     time.Time
	commits map[string]string // name → hash
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	r := newTestRepo(t)
	f := &fixture{repo: r, now: mustTime(t, fixtureNow), commits: map[string]string{}}
	for _, p := range []string{"src/b.txt", "old.txt", "new.txt", "gone.txt", "lib/x/one.txt", "lib/x/two.txt",
		"rev1.txt", "rev2.txt", "wip.txt", "later.txt", "same.txt"} {
		r.write(p, "v1 of "+p+"\n")
	}
	r.write("src/a.go", goV1)
	r.write("pkg/p1.go", "package pkg\n")
	r.write("pkg/sub/p2.go", "package sub\n")
	f.commits["initial"] = r.commit("2026-02-01T10:00:00Z", "Ana Lima", "initial code")

	for _, d := range fixtureDocs {
		r.write("docs/"+d.name, d.content())
	}
	f.commits["docs"] = r.commit("2026-02-05T10:00:00Z", "Ana Lima", "docs")

	r.write("old.txt", "v2\n")
	r.write("src/a.go", goV2)
	r.write("lib/x/three.txt", "new file\n")
	r.write("rev1.txt", "v2\n")
	r.write("later.txt", "v2\n")
	f.commits["change"] = r.commit("2026-02-10T09:00:00Z", "Bo Chen", "change old code")

	r.write("docs/later.md", strings.Replace(docByName("later.md").content(), "Text.", "Text, updated.", 1))
	f.commits["later-doc"] = r.commit("2026-02-11T09:00:00Z", "Ana Lima", "update later doc")

	r.remove("gone.txt")
	f.commits["delete"] = r.commit("2026-02-12T09:00:00Z", "Bo Chen", "remove gone")

	r.write("rev2.txt", "v2\n")
	f.commits["rev2"] = r.commit("2026-02-20T09:00:00Z", "Bo Chen", "touch rev2")

	r.write("new.txt", "v2\n")
	r.write("pkg/sub/p2.go", "package sub\n\nvar X = 1\n")
	r.write("same.txt", "v2\n")
	r.write("docs/same.md", strings.Replace(docByName("same.md").content(), "Text.", "Text, same commit.", 1))
	f.commits["recent"] = r.commit("2026-02-27T09:00:00Z", "Cy Diaz", "recent changes")

	// Uncommitted: a ref edited, a document edited, a symlink leading out.
	r.write("wip.txt", "work in progress\n")
	r.touch("wip.txt", mustTime(t, "2026-02-28T12:00:00Z"))
	r.write("docs/dirty-doc.md", docByName("dirty-doc.md").content()+"\nMore text.\n")
	outside := t.TempDir()
	if err := os.WriteFile(outside+"/secret.txt", []byte("secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, r.path("escape")); err != nil {
		t.Fatal(err)
	}
	r.git("remote", "add", "origin", "git@github.com:ubp-dev/example.git")

	for _, d := range fixtureDocs {
		f.docs = append(f.docs, d.input())
	}
	return f
}

func docByName(name string) docSpec {
	for _, d := range fixtureDocs {
		if d.name == name {
			return d
		}
	}
	panic("no fixture doc " + name)
}
