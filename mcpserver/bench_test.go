package mcpserver

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine"
)

// writeGeneratedDocs writes n linked Markdown documents into dir/docs.
func writeGeneratedDocs(tb testing.TB, dir string, n int) {
	tb.Helper()
	types := []string{"spec", "design", "adr", "guide", "api"}
	topics := []string{"cache", "queue", "auth", "search", "billing", "storage", "sync", "audit"}
	for i := 0; i < n; i++ {
		sub := filepath.Join(dir, "docs", types[i%len(types)])
		if err := os.MkdirAll(sub, 0o755); err != nil {
			tb.Fatal(err)
		}
		topic := topics[i%len(topics)]
		var b strings.Builder
		fmt.Fprintf(&b, "---\ntitle: %s component %d\ndoc_type: %s\n---\n\n# %s component %d\n\n", topic, i, types[i%len(types)], topic, i)
		fmt.Fprintf(&b, "## Overview\n\nThe %s component %d stores records and answers queries for the %s service. ", topic, i, topic)
		fmt.Fprintf(&b, "It depends on [[%s/doc-%04d|depends_on]] and extends [[%s/doc-%04d|extends]].\n\n",
			types[(i+1)%len(types)], (i+1)%n, types[(i+7)%len(types)], (i+7)%n)
		fmt.Fprintf(&b, "## Design\n\nRequests are validated, queued and written in batches of %d. Failures retry with backoff.\n\n", 10+i%50)
		fmt.Fprintf(&b, "## 運用\n\n%sコンポーネント%dはログを出力し、監視対象とする。\n", topic, i)
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("doc-%04d.md", i)), []byte(b.String()), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkServeInitialize measures the time from Serve starting to the
// initialize response on stdout, over an os.Pipe, on an indexed project of
// 1,000 documents, with the serve lock and the file watcher on (the watcher
// starts in the background and must not delay the answer). Target: well
// under 100 ms.
func BenchmarkServeInitialize(b *testing.B) {
	root := b.TempDir()
	writeGeneratedDocs(b, root, 1000)
	e := openIndexed(b, root, "docs")
	if st, err := e.ListPages(context.Background(), engine.ListPagesOptions{}); err != nil || st.Total != 1000 {
		b.Fatalf("generated project: %d pages, %v", st.Total, err)
	}
	var total time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		inR, inW, _ := os.Pipe()
		outR, outW, _ := os.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		start := time.Now()
		go func() { done <- Serve(ctx, e, inR, outW, Options{Stderr: io.Discard}) }()
		io.WriteString(inW, fuzzInit)
		line, err := bufio.NewReader(outR).ReadString('\n')
		elapsed := time.Since(start)
		b.StopTimer()
		if err != nil || !strings.Contains(line, `"capabilities"`) {
			b.Fatalf("initialize answer %q: %v", line, err)
		}
		total += elapsed
		inW.Close()
		cancel()
		if err := <-done; err != nil {
			b.Fatal(err)
		}
		inR.Close()
		outW.Close()
		outR.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms/initialize")
}
