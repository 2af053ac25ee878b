package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// benchVocabulary mixes English and Japanese words so generated documents
// exercise both the trigram index and the short-term scan.
var benchVocabulary = strings.Fields(`search ranking graph vector storage index section document link
	cache memory pressure pipeline worker queue batch sensor device firmware release rollback tenant
	quota alert rule threshold notification dashboard chart retention backup restore cluster replica
	検索 設計 変更 検出 ファイル データベース モデル ツール 文書 仕組み 精度 課題 依存関係 表現 提供
	通知 監視 更新 削除 保存 認証 権限 性能 障害 復旧`)

// benchProject indexes n generated documents with 6 sections each and a
// few typed links, using the given embedding provider. Words follow a Zipf
// distribution, as in real text: 300 generated words play the part of the
// most frequent (function) words, the real vocabulary above comes next, and
// generated words fill the long tail up to 5,000.
func benchProject(b *testing.B, n int, provider string) *Engine {
	b.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	var vocab []string
	for i := 0; len(vocab) < 300; i++ {
		vocab = append(vocab, fmt.Sprintf("f%xz", i*104729))
	}
	vocab = append(vocab, benchVocabulary...)
	for i := 0; len(vocab) < 5000; i++ {
		vocab = append(vocab, fmt.Sprintf("w%xq%d", i*7919, i%13))
	}
	zipf := rand.NewZipf(r, 1.1, 8, uint64(len(vocab)-1))
	words := func(k int) string {
		ws := make([]string, k)
		for i := range ws {
			ws[i] = vocab[zipf.Uint64()]
		}
		return strings.Join(ws, " ")
	}
	files := map[string]string{}
	types := []string{"design", "spec", "adr", "guide"}
	for i := 0; i < n; i++ {
		var sb strings.Builder
		fmt.Fprintf(&sb, "---\ntitle: Doc %d %s\ndoc_type: %s\n---\n\n# Doc %d\n\n%s\n", i, words(2), types[i%len(types)], i, words(30))
		for s := 0; s < 5; s++ {
			fmt.Fprintf(&sb, "\n## %s\n\n%s.\n\n%s.\n", words(2), words(60), words(60))
		}
		for l := 0; l < 3; l++ {
			fmt.Fprintf(&sb, "\nSee [[doc-%d|%s]].\n", r.IntN(n), []string{"references", "depends_on", "implements"}[l])
		}
		files[fmt.Sprintf("d%02d/doc-%d.md", i%20, i)] = sb.String()
	}
	if dir := os.Getenv("UBP_BENCH_DIR"); dir != "" {
		return reusedBenchProject(b, filepath.Join(dir, fmt.Sprintf("search-%d-%s", n, provider)), files, provider)
	}
	return searchProject(b, files, provider)
}

// reusedBenchProject is searchProject in root, a folder kept between runs
// (UBP_BENCH_DIR): the first run writes and indexes the files, later runs
// open the index they left and only check it is up to date.
func reusedBenchProject(b *testing.B, root string, files map[string]string, provider string) *Engine {
	b.Helper()
	if _, err := os.Stat(filepath.Join(root, ".ubp", "config.json")); err != nil {
		coreWriteFiles(b, filepath.Join(root, "docs"), files)
	}
	cfg := DefaultConfig()
	cfg.DocsDir = "docs"
	cfg.Embedding.Provider = provider
	p, _, err := InitProject(root, cfg)
	if err != nil {
		b.Fatalf("InitProject: %v", err)
	}
	e := coreOpen(b, p)
	coreIndex(b, e, false)
	return e
}

// runTimed runs fn b.N times and reports the median duration in ms.
func runTimed(b *testing.B, fn func() error) {
	b.Helper()
	var ds []time.Duration
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		if err := fn(); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(start))
	}
	slices.Sort(ds)
	b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, "p50-ms")
}

var benchQueries = []string{
	"search ranking with graph", "ファイルの変更を検出する仕組み", "検索", "sensor alert threshold notification", "データベース設計",
}

// searchBenchDocs is the number of generated documents of BenchmarkSearch and
// BenchmarkFulltext: 1,000, or UBP_BENCH_DOCS (UBP_BENCH_DOCS=10000 for
// the scale target). UBP_BENCH_DIR names a folder where the generated
// project is kept, indexed, between runs.
func searchBenchDocs(b *testing.B) int { return benchDocsFromEnv(b, 1000) }

// benchDocsFromEnv is UBP_BENCH_DOCS, the number of documents a benchmark
// generates, or def when it is unset.
func benchDocsFromEnv(b *testing.B, def int) int {
	v := os.Getenv("UBP_BENCH_DOCS")
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		b.Fatalf("UBP_BENCH_DOCS=%q: want a positive number of documents", v)
	}
	return n
}

// BenchmarkSearch is hybrid search at 1,000 documents (see searchBenchDocs) with
// the default embedding provider (full text and graph only when it gives no
// vector).
func BenchmarkSearch(b *testing.B) {
	e := benchProject(b, searchBenchDocs(b), DefaultConfig().Embedding.Provider)
	ctx := context.Background()
	for _, q := range benchQueries {
		b.Run(q, func(b *testing.B) {
			runTimed(b, func() error {
				_, err := e.Search(ctx, SearchOptions{Query: q})
				return err
			})
		})
	}
}

// BenchmarkFulltext is FulltextSearch at 1,000 documents (see searchBenchDocs).
func BenchmarkFulltext(b *testing.B) {
	e := benchProject(b, searchBenchDocs(b), "none")
	ctx := context.Background()
	for _, q := range benchQueries {
		b.Run(q, func(b *testing.B) {
			runTimed(b, func() error {
				_, err := e.FulltextSearch(ctx, FulltextOptions{Query: q})
				return err
			})
		})
	}
}

// benchLongQueries have at least ranking.LatentMinConcepts concepts, so
// they get the latent signal.
var benchLongQueries = []string{
	"sensor alert threshold notification dashboard chart retention backup restore cluster replica quota",
	"ファイルの変更を検出する仕組みと検索の精度、データベース設計の課題、依存関係の表現、通知と監視の性能",
}

// BenchmarkSearchLong is hybrid search of long queries at 1,000 documents
// (see searchBenchDocs), with the latent signal and without it
// (search.latent_weight 0): what the signal costs a search.
func BenchmarkSearchLong(b *testing.B) {
	e := benchProject(b, searchBenchDocs(b), DefaultConfig().Embedding.Provider)
	ctx := context.Background()
	for _, weight := range []float64{DefaultConfig().Search.LatentWeight, 0} {
		for i, q := range benchLongQueries {
			b.Run(fmt.Sprintf("latent=%g/q%d", weight, i), func(b *testing.B) {
				e.Project().Config.Search.LatentWeight = weight
				runTimed(b, func() error {
					_, err := e.Search(ctx, SearchOptions{Query: q})
					return err
				})
			})
		}
	}
}
