package stale

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/index"
)

// Size of the generated benchmark project.
const (
	benchDocs     = 1000
	benchPackages = 50
	benchFiles    = 40 // per package: 2,000 Go files
	benchCommits  = 3000
)

// benchProject writes a git repository with fast-import: one commit with
// every Go file and document, then benchCommits commits each editing a
// few files (a document every tenth commit), an hour apart. With merges,
// the commits alternate between two lines of work, and every tenth commit
// (and the last) merges the other line in. It returns the root and the
// documents, each with 5 refs: two files, a Go symbol, a folder and a
// glob.
func benchProject(b *testing.B, merges bool) (string, []DocInput) {
	b.Helper()
	requireGit(b)
	dir := b.TempDir()
	run := func(stdin []byte, args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = gitEnv()
		cmd.Stdin = bytes.NewReader(stdin)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run(nil, "init", "-q", "-b", "main")

	goFile := func(p, f, version int) string {
		return fmt.Sprintf("package p%d\n\n// Func%d does things.\nfunc Func%d() int { return %d }\n\n// Other is untouched by most edits.\nfunc Other() int { return %d }\n",
			p, f, f, version, version%3)
	}
	docFile := func(i, version int) string {
		return fmt.Sprintf("---\ntitle: Doc %d\n---\n# Doc %d\n\nVersion %d.\n", i, i, version)
	}
	var s bytes.Buffer
	inline := func(path, content string) {
		fmt.Fprintf(&s, "M 100644 inline %s\ndata %d\n%s\n", path, len(content), content)
	}
	when := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	header := func(mark int, msg string) {
		fmt.Fprintf(&s, "commit refs/heads/main\nmark :%d\n", mark)
		fmt.Fprintf(&s, "author Bench <bench@example.com> %d +0000\ncommitter Bench <bench@example.com> %d +0000\n", when.Unix(), when.Unix())
		fmt.Fprintf(&s, "data %d\n%s\n", len(msg), msg)
		switch {
		case mark > 2 && merges:
			fmt.Fprintf(&s, "from :%d\n", mark-2)
			if mark%10 == 0 || mark == benchCommits+1 {
				fmt.Fprintf(&s, "merge :%d\n", mark-1)
			}
		case mark > 1:
			fmt.Fprintf(&s, "from :%d\n", mark-1)
		}
		when = when.Add(time.Hour)
	}
	header(1, "initial")
	for p := 0; p < benchPackages; p++ {
		for f := 0; f < benchFiles; f++ {
			inline(fmt.Sprintf("src/p%d/f%d.go", p, f), goFile(p, f, 0))
		}
	}
	for i := 0; i < benchDocs; i++ {
		inline(fmt.Sprintf("docs/d%d.md", i), docFile(i, 0))
	}
	for c := 2; c <= benchCommits+1; c++ {
		header(c, fmt.Sprintf("change %d", c))
		for k := 0; k < 3; k++ {
			n := (c*7 + k*13) % (benchPackages * benchFiles)
			inline(fmt.Sprintf("src/p%d/f%d.go", n/benchFiles, n%benchFiles), goFile(n/benchFiles, n%benchFiles, c))
		}
		if c%10 == 0 {
			i := (c * 31) % benchDocs
			inline(fmt.Sprintf("docs/d%d.md", i), docFile(i, c))
		}
	}
	s.WriteString("done\n")
	run(s.Bytes(), "fast-import", "--quiet", "--done")
	run(nil, "reset", "-q", "--hard", "main")

	docs := make([]DocInput, benchDocs)
	for i := range docs {
		p, f := i%benchPackages, i%benchFiles
		docs[i] = DocInput{
			Filepath: fmt.Sprintf("d%d.md", i),
			RepoPath: fmt.Sprintf("docs/d%d.md", i),
			Title:    fmt.Sprintf("Doc %d", i),
			Refs: []index.SourceRef{
				{Path: fmt.Sprintf("src/p%d/f%d.go", p, f), Line: 4},
				{Path: fmt.Sprintf("src/p%d/f%d.go", (p+1)%benchPackages, (f*7)%benchFiles), Line: 5},
				{Path: fmt.Sprintf("src/p%d/f%d.go", p, (f+3)%benchFiles), Symbol: fmt.Sprintf("Func%d", (f+3)%benchFiles), Line: 6},
				{Path: fmt.Sprintf("src/p%d/", (p*3)%benchPackages), Line: 7},
				{Path: fmt.Sprintf("src/p%d/f1*.go", (p+7)%benchPackages), Line: 8},
			},
		}
	}
	return dir, docs
}

// BenchmarkGitCheck: 1,000 documents with 5 refs each against the git
// baseline (one git log over 3,000 commits, one git status, cat-file for
// Go symbols). The budget is 2 s per check.
func BenchmarkGitCheck(b *testing.B) {
	benchGitCheck(b, false)
}

// BenchmarkGitCheckMerges: the same over two lines of work merged every
// ten commits: ancestry is then walked per document.
func BenchmarkGitCheckMerges(b *testing.B) {
	benchGitCheck(b, true)
}

func benchGitCheck(b *testing.B, merges bool) {
	root, docs := benchProject(b, merges)
	now := time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)
	var rep Report
	for b.Loop() {
		var err error
		rep, err = Check(context.Background(), Options{Root: root, Baseline: BaselineGit, Now: now}, docs)
		if err != nil {
			b.Fatal(err)
		}
	}
	if len(rep.Documents) != benchDocs || rep.Counts[Fresh]+rep.Counts[Stale]+rep.Counts[PossiblyStale] != benchDocs || rep.Counts[Stale] == 0 {
		b.Fatalf("unexpected report: counts %v", rep.Counts)
	}
	b.ReportMetric(float64(benchDocs*5), "refs/op")
	b.ReportMetric(float64(rep.Counts[Stale]), "stale-docs")
}

// BenchmarkIndexCheck: the same documents against the index baseline with
// nothing changed, the path get_page, search and status take: stats only.
func BenchmarkIndexCheck(b *testing.B) {
	root, docs := benchProject(b, false)
	// Synced an hour from now: the files' mtimes are then well before the
	// sync, not racily close to it, so the cheap path applies.
	synced := time.Now().Add(time.Hour)
	for i := range docs {
		docs[i].Baselines = map[string]Fingerprint{}
		docs[i].IndexedAt = synced
		for _, r := range docs[i].Refs {
			fp, err := FingerprintRef(root, r)
			if err != nil {
				b.Fatal(err)
			}
			docs[i].Baselines[r.String()] = fp
		}
	}
	var rep Report
	for b.Loop() {
		var err error
		rep, err = Check(context.Background(), Options{Root: root, Baseline: BaselineIndex}, docs)
		if err != nil {
			b.Fatal(err)
		}
	}
	if rep.Counts[Fresh] != benchDocs {
		b.Fatalf("nothing changed, yet counts %v", rep.Counts)
	}
	b.ReportMetric(float64(benchDocs*5), "refs/op")
}

// BenchmarkRefStatter stats the refs of 2,000 documents as status does at
// scale: 100 folders of 3 Go files, each document naming two of a file's
// declarations and the file itself (1,500 path-and-symbol pairs), through
// one RefStatter a pass.
func BenchmarkRefStatter(b *testing.B) {
	root := b.TempDir()
	var docs [][]index.SourceRef
	for pkg := range 100 {
		for f := range 3 {
			rel := fmt.Sprintf("src/pkg%03d/file%d.go", pkg, f)
			p := filepath.Join(root, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(p, []byte("package p\n\nfunc A() {}\n"), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	for i := range 2000 {
		rel := fmt.Sprintf("src/pkg%03d/file%d.go", i%100, i%3)
		docs = append(docs, []index.SourceRef{
			{Path: rel, Symbol: fmt.Sprintf("H%d", i%5), Line: 1},
			{Path: rel, Symbol: fmt.Sprintf("H%d", (i+1)%5), Line: 2},
			{Path: rel, Line: 3},
		})
	}
	for b.Loop() {
		s, err := NewRefStatter(root)
		if err != nil {
			b.Fatal(err)
		}
		for _, refs := range docs {
			if _, err := s.Stat(refs); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkSymbolMoves: 40 path.go#Symbol refs into one file of 40
// declarations that one commit moved out, each into a new file of its
// own, against the git baseline: every ref reads the file at the commits
// back to the one that still held its declaration, and where it went.
func BenchmarkSymbolMoves(b *testing.B) {
	const n = 40
	r := newTestRepo(b)
	decl := func(i int) string {
		return fmt.Sprintf("\n// Func%d does things.\nfunc Func%d() int {\n\treturn %d\n}\n", i, i, i)
	}
	var all strings.Builder
	all.WriteString("package src\n")
	for i := range n {
		all.WriteString(decl(i))
	}
	all.WriteString("\n// Stay stays.\nfunc Stay() {}\n")
	r.write("src/a.go", all.String())
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("src/a.go", "package src\n\n// Stay stays.\nfunc Stay() {}\n")
	for i := range n {
		r.write(fmt.Sprintf("src/f%d.go", i), "package src\n"+decl(i))
	}
	r.commit("2026-01-02T00:00:00Z", "Bo Chen", "split a.go")
	doc := DocInput{Filepath: "d.md", RepoPath: "docs/d.md"}
	for i := range n {
		doc.Refs = append(doc.Refs, index.SourceRef{Path: "src/a.go", Symbol: fmt.Sprintf("Func%d", i), Line: i + 1})
	}
	now := time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)
	var rep Report
	for b.Loop() {
		var err error
		rep, err = Check(context.Background(), Options{Root: r.dir, Baseline: BaselineGit, Now: now, DocsDir: "docs"}, []DocInput{doc})
		if err != nil {
			b.Fatal(err)
		}
	}
	for _, ref := range rep.Documents[0].Refs {
		if ref.Reason != Moved {
			b.Fatalf("%s: %s, want moved", ref.Ref, ref.Reason)
		}
	}
}
