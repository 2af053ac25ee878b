// Command benchscale is ubp's scale benchmark (make bench-scale SIZE=N).
//
// It generates a seeded corpus of N documents (internal/scalecorpus) in a
// work folder outside the repository, then measures, with a ubp binary:
// a full `ubp init`; a no-op `ubp index`; `ubp status`; `ubp search` as a
// CLI process in English and Japanese; and, with `ubp serve` driven over
// stdio by an MCP client (the go-sdk's), initialize, the first search
// after start, ubp_search and ubp_fulltext_search latency, ubp_list_pages,
// ubp_get_page, edit → searchable, and the server's peak memory; and the
// size of index.db. When qmd is found it indexes and searches the same
// documents, and the table shows ubp/qmd ratios (absolute times on a
// shared machine are noise, ratios much less so).
//
// Figures are medians (and p95 for search in the server). The results go
// into one section of the output file per corpus size, so runs at
// several sizes build one table each.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/ubp-dev/ubp/internal/scalecorpus"
)

type config struct {
	size, runs, initRuns int
	seed                 uint64
	ubp, qmd, out, work  string
}

func main() {
	var c config
	flag.IntVar(&c.size, "size", 1000, "number of documents")
	flag.Uint64Var(&c.seed, "seed", 1, "corpus seed")
	flag.IntVar(&c.runs, "runs", 5, "runs of each CLI process and server start (the median is reported)")
	flag.IntVar(&c.initRuns, "init-runs", 0, "runs of the full init (0: 5 up to 1,000 documents, 3 up to 10,000, else 1)")
	flag.StringVar(&c.ubp, "ubp", "bin/ubp", "ubp binary")
	flag.StringVar(&c.qmd, "qmd", "", "qmd command to compare with (default: qmd on PATH, if any; \"none\" to skip)")
	flag.StringVar(&c.out, "out", "bench/results.md", "results file (the section of this size is replaced)")
	flag.StringVar(&c.work, "work", "", "work folder for the corpus and indexes (default: a folder in the temp dir, removed after)")
	generate := flag.String("generate", "", "only write the corpus into `DIR` (docs/ and src/) and exit")
	flag.Parse()
	if *generate != "" {
		if err := scalecorpus.Generate(scalecorpus.Options{Docs: c.size, Seed: c.seed}).Write(*generate); err != nil {
			fmt.Fprintln(os.Stderr, "bench-scale:", err)
			os.Exit(1)
		}
		return
	}
	if err := benchmark(context.Background(), c); err != nil {
		fmt.Fprintln(os.Stderr, "bench-scale:", err)
		os.Exit(1)
	}
}

func benchmark(ctx context.Context, c config) error {
	if c.size < 10 {
		return fmt.Errorf("-size must be at least 10, not %d", c.size)
	}
	if c.runs < 1 {
		return fmt.Errorf("-runs must be at least 1, not %d", c.runs)
	}
	if c.initRuns == 0 {
		c.initRuns = 1
		switch {
		case c.size <= 1000:
			c.initRuns = 5
		case c.size <= 10000:
			c.initRuns = 3
		}
	}
	ubp, err := filepath.Abs(c.ubp)
	if err != nil {
		return err
	}
	if _, err := os.Stat(ubp); err != nil {
		return fmt.Errorf("ubp binary: %w (run make build first)", err)
	}
	c.ubp = ubp
	if c.qmd == "" {
		c.qmd, _ = exec.LookPath("qmd")
	} else if c.qmd == "none" {
		c.qmd = ""
	}
	if c.work == "" {
		dir, err := os.MkdirTemp("", "ubp-bench-scale-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		c.work = dir
	}
	root := filepath.Join(c.work, fmt.Sprintf("corpus-%d", c.size))
	if err := os.RemoveAll(root); err != nil {
		return err
	}
	logf("generating %d documents (seed %d) in %s", c.size, c.seed, root)
	corpus := scalecorpus.Generate(scalecorpus.Options{Docs: c.size, Seed: c.seed})
	if err := corpus.Write(root); err != nil {
		return err
	}
	res := &results{size: c.size, seed: c.seed, runs: c.runs, initRuns: c.initRuns,
		corpusBytes: corpus.Bytes(), machine: describeMachine(), started: time.Now(),
		ubp: tool{cpu: map[*durations]durations{}}, qmd: tool{cpu: map[*durations]durations{}}}
	res.ubpVersion = version(c.ubp)
	queries := scalecorpus.MakeQueries(c.seed, 30)

	if err := measureCLI(c, root, queries, res); err != nil {
		return err
	}
	if err := measureServer(ctx, c, root, corpus, queries, res); err != nil {
		return err
	}
	// The edits of the server run are undone, so qmd sees the same corpus.
	if err := corpus.Write(root); err != nil {
		return err
	}
	if c.qmd != "" {
		if err := measureQMD(c, root, queries, res); err != nil {
			logf("qmd failed, the table has no qmd column: %v", err)
			res.qmdError = err.Error()
		}
	}
	res.elapsed = time.Since(res.started)
	return res.write(c.out)
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, time.Now().Format("15:04:05 ")+format+"\n", args...)
}

func version(ubp string) string {
	r, err := timed("", nil, ubp, "--version")
	if err != nil {
		return "unknown"
	}
	return versionText(r.stdout)
}

// versionText is the version in what `ubp --version` printed: "ubp
// e929989" (cobra's default wording, "ubp version e929989", before).
func versionText(out string) string {
	line := trimLine(out)
	for _, prefix := range []string{"ubp version ", "ubp "} {
		if v, ok := strings.CutPrefix(line, prefix); ok {
			return v
		}
	}
	return line
}
