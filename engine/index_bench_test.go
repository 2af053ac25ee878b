package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/internal/scalecorpus"
)

// coreGenerateDocs writes n documents into docs: frontmatter, an intro,
// five sections of prose (one in Japanese), and links to five other
// documents (wiki, typed, Markdown), like a large design-docs folder.
func coreGenerateDocs(tb testing.TB, docs string, n int) {
	tb.Helper()
	types := []string{"spec", "design", "adr", "guide", "api", "meeting", "todo"}
	for i := 0; i < n; i++ {
		dir := fmt.Sprintf("area-%02d", i%20)
		var b strings.Builder
		fmt.Fprintf(&b, "---\ntitle: Document %d\ndoc_type: %s\naliases: [doc%d]\n---\n", i, types[i%len(types)], i)
		fmt.Fprintf(&b, "# Document %d\n\nThis document describes component %d of the system and how it talks to its neighbours. ", i, i)
		b.WriteString(strings.Repeat("It keeps state in the index and answers questions from agents. ", 3))
		for s := 0; s < 5; s++ {
			fmt.Fprintf(&b, "\n\n## Topic %d\n\n", s)
			if s == 3 {
				b.WriteString(strings.Repeat("この節は検索アルゴリズムとグラフの近さについて説明する。", 4))
			} else {
				b.WriteString(strings.Repeat(fmt.Sprintf("Topic %d covers requests, caching, retries and failure handling in detail. ", s), 4))
			}
			switch s {
			case 0:
				fmt.Fprintf(&b, " See [[doc-%04d]] and [[Document %d]].", (i+1)%n, (i+7)%n)
			case 1:
				fmt.Fprintf(&b, " Depends on [[area-%02d/doc-%04d|depends_on]].", (i+13)%n%20, (i+13)%n)
			case 2:
				fmt.Fprintf(&b, " Background: [the design](../area-%02d/doc-%04d.md).", (i+29)%n%20, (i+29)%n)
			case 4:
				fmt.Fprintf(&b, " Also [[doc%d]] and [[missing-%d]].", (i+31)%n, i%50)
			}
		}
		p := filepath.Join(docs, dir, fmt.Sprintf("doc-%04d.md", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(b.String()+"\n"), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

const benchDocs = 1000

func BenchmarkIndexFull(b *testing.B) {
	src := b.TempDir()
	docs := filepath.Join(src, "docs")
	coreGenerateDocs(b, docs, benchDocs)
	benchIndexFromScratch(b, src, []string{"docs"}, benchDocs)
}

// benchIndexFromScratch times a full Index of a new project whose folders
// dirs are copies of those of src (a symlink leading out of the project is
// refused), b.N times, and checks that it added want
// documents; it reports ms/run and the size of index.db.
func benchIndexFromScratch(b *testing.B, src string, dirs []string, want int) {
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		root := b.TempDir()
		for _, dir := range dirs {
			if err := os.CopyFS(filepath.Join(root, dir), os.DirFS(filepath.Join(src, dir))); err != nil {
				b.Fatal(err)
			}
		}
		cfg := DefaultConfig()
		cfg.DocsDir = "docs"
		p, _, err := InitProject(root, cfg)
		if err != nil {
			b.Fatal(err)
		}
		e, err := Open(ctx, p, OpenOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		rep, err := e.Index(ctx, IndexOptions{})
		b.StopTimer()
		if err != nil || rep.Added != want {
			b.Fatalf("Index: %+v, %v", rep, err)
		}
		if fi, err := os.Stat(p.DBPath()); err == nil {
			b.ReportMetric(float64(fi.Size())/(1<<20), "MB-db")
		}
		e.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/run")
}

func BenchmarkIndexNoop(b *testing.B) {
	root := b.TempDir()
	coreGenerateDocs(b, filepath.Join(root, "docs"), benchDocs)
	e := coreProject(b, root, "docs")
	ctx := context.Background()
	if rep, err := e.Index(ctx, IndexOptions{}); err != nil || rep.Added != benchDocs {
		b.Fatalf("first Index: %+v, %v", rep, err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep, err := e.Index(ctx, IndexOptions{})
		if err != nil || rep.Unchanged != benchDocs {
			b.Fatalf("Index: %+v, %v", rep, err)
		}
	}
}

func BenchmarkIndexOneEdit(b *testing.B) {
	root := b.TempDir()
	docs := filepath.Join(root, "docs")
	coreGenerateDocs(b, docs, benchDocs)
	e := coreProject(b, root, "docs")
	ctx := context.Background()
	if _, err := e.Index(ctx, IndexOptions{}); err != nil {
		b.Fatal(err)
	}
	target := filepath.Join(docs, "area-00", "doc-0000.md")
	orig, _ := os.ReadFile(target)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		coreEdit(b, target, string(orig)+fmt.Sprintf("\nEdit %d.\n", i))
		b.StartTimer()
		rep, err := e.IndexPaths(ctx, []string{target})
		if err != nil || rep.Updated != 1 {
			b.Fatalf("IndexPaths: %+v, %v", rep, err)
		}
	}
}

func BenchmarkGetPage(b *testing.B) {
	root := b.TempDir()
	coreGenerateDocs(b, filepath.Join(root, "docs"), benchDocs)
	e := coreProject(b, root, "docs")
	ctx := context.Background()
	if _, err := e.Index(ctx, IndexOptions{}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := e.GetPage(ctx, fmt.Sprintf("Document %d", i%benchDocs)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIndexFullScale indexes the scale benchmark's corpus (English
// and Japanese, see internal/scalecorpus) from nothing, embeddings
// included: UBP_BENCH_DOCS documents (default 2,000).
func BenchmarkIndexFullScale(b *testing.B) {
	n := benchDocsFromEnv(b, 2000)
	src := b.TempDir()
	if err := scalecorpus.Generate(scalecorpus.Options{Docs: n, Seed: 1}).Write(src); err != nil {
		b.Fatal(err)
	}
	benchIndexFromScratch(b, src, []string{"docs", "src"}, n)
}

// indexedScaleCorpus writes the scale benchmark's corpus of n documents
// (seed 1) into a new project and indexes it with the default
// configuration; the engine closes when the benchmark ends.
func indexedScaleCorpus(b *testing.B, n int) (*Engine, *scalecorpus.Corpus, string) {
	b.Helper()
	root := b.TempDir()
	c := scalecorpus.Generate(scalecorpus.Options{Docs: n, Seed: 1})
	if err := c.Write(root); err != nil {
		b.Fatal(err)
	}
	p, _, err := InitProject(root, DefaultConfig())
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	e, err := Open(ctx, p, OpenOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { e.Close() })
	if _, err := e.Index(ctx, IndexOptions{}); err != nil {
		b.Fatal(err)
	}
	return e, c, root
}

// BenchmarkIndexOneEditScale re-indexes one edited document of the scale
// benchmark's corpus (see BenchmarkIndexFullScale; UBP_BENCH_DOCS
// documents, default 2,000) through IndexPaths, as the watcher of `ubp
// serve` does: the per-edit cost, which must not grow with the corpus.
func BenchmarkIndexOneEditScale(b *testing.B) {
	n := benchDocsFromEnv(b, 2000)
	e, c, root := indexedScaleCorpus(b, n)
	ctx := context.Background()
	target := filepath.Join(root, "docs", filepath.FromSlash(c.Docs[n/2].Path))
	orig, err := os.ReadFile(target)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		coreEdit(b, target, string(orig)+fmt.Sprintf("\nEdit %d changes the closing words.\n", i))
		b.StartTimer()
		rep, err := e.IndexPaths(ctx, []string{target})
		if err != nil || rep.Updated != 1 {
			b.Fatalf("IndexPaths: %+v, %v", rep, err)
		}
	}
}
