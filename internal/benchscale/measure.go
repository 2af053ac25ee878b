package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ubp-dev/ubp/internal/scalecorpus"
)

// measureCLI times ubp as whole processes: init (from nothing), a no-op
// index, status and search.
func measureCLI(c config, root string, q scalecorpus.Queries, res *results) error {
	for i := range c.initRuns {
		if err := os.RemoveAll(filepath.Join(root, ".ubp")); err != nil {
			return err
		}
		r, err := timed(root, nil, c.ubp, "init")
		if err != nil {
			return err
		}
		logf("ubp init %d/%d: %v wall, %v CPU, %d MB peak", i+1, c.initRuns, r.wall.Round(time.Millisecond), r.cpu.Round(time.Millisecond), r.rssKB/1024)
		res.ubp.init = append(res.ubp.init, r.wall)
		res.ubp.initCPU = append(res.ubp.initCPU, r.cpu)
		res.ubp.initRSS = append(res.ubp.initRSS, r.rssKB)
	}
	var err error
	if res.ubp.dbBytes, err = filesSize(filepath.Join(root, ".ubp"), func(name string) bool {
		return strings.HasPrefix(name, "index.db")
	}); err != nil {
		return err
	}
	each := func(label string, into *durations, args func(i int) []string) error {
		for i := range c.runs {
			r, err := timed(root, nil, c.ubp, args(i)...)
			if err != nil {
				return err
			}
			*into = append(*into, r.wall)
			res.ubp.cpu[into] = append(res.ubp.cpu[into], r.cpu)
		}
		logf("%s: median %v", label, into.median().Round(time.Millisecond))
		return nil
	}
	if err := each("ubp index (no-op)", &res.ubp.noopIndex, func(int) []string { return []string{"index"} }); err != nil {
		return err
	}
	if err := each("ubp status", &res.ubp.status, func(int) []string { return []string{"status"} }); err != nil {
		return err
	}
	if err := each("ubp search (en)", &res.ubp.cliSearchEN, func(i int) []string {
		return []string{"search", q.English[i%len(q.English)]}
	}); err != nil {
		return err
	}
	return each("ubp search (ja)", &res.ubp.cliSearchJA, func(i int) []string {
		return []string{"search", q.Japanese[i%len(q.Japanese)]}
	})
}

// measureServer drives `ubp serve` over stdio: fresh starts for
// initialize and the first search, then one long session for the rest.
func measureServer(ctx context.Context, c config, root string, corpus *scalecorpus.Corpus, q scalecorpus.Queries, res *results) error {
	log, err := os.Create(filepath.Join(c.work, "serve.log"))
	if err != nil {
		return err
	}
	defer log.Close()
	for i := range c.runs {
		s, err := startServer(ctx, c.ubp, root, log)
		if err != nil {
			return err
		}
		_, took, err := s.call(ctx, "ubp_search", map[string]any{"query": q.English[i%len(q.English)]})
		if err != nil {
			s.close()
			return err
		}
		res.ubp.initialize = append(res.ubp.initialize, s.initialize)
		res.ubp.firstSearch = append(res.ubp.firstSearch, took)
		res.ubp.startToAnswer = append(res.ubp.startToAnswer, time.Since(s.started))
		if err := s.close(); err != nil {
			return err
		}
	}
	logf("serve: initialize median %v, first search median %v", res.ubp.initialize.median().Round(time.Millisecond), res.ubp.firstSearch.median().Round(time.Millisecond))

	s, err := startServer(ctx, c.ubp, root, log)
	if err != nil {
		return err
	}
	defer s.close()
	all := append(append([]string(nil), q.English...), q.Japanese...)
	for i := range 3 { // warm-up, not counted
		if _, _, err := s.call(ctx, "ubp_search", map[string]any{"query": all[i]}); err != nil {
			return err
		}
	}
	for round := range 3 {
		for i, text := range all {
			_, took, err := s.call(ctx, "ubp_search", map[string]any{"query": text})
			if err != nil {
				return err
			}
			res.ubp.search = append(res.ubp.search, took)
			if round == 0 && i >= 3 { // the first three warmed the server up
				res.ubp.searchFirst = append(res.ubp.searchFirst, took)
			}
		}
		for _, text := range q.Keywords {
			_, took, err := s.call(ctx, "ubp_fulltext_search", map[string]any{"query": text})
			if err != nil {
				return err
			}
			res.ubp.fulltext = append(res.ubp.fulltext, took)
		}
	}
	logf("ubp_search p50 %v p95 %v; ubp_fulltext_search p50 %v", res.ubp.search.median(), res.ubp.search.pct(95), res.ubp.fulltext.median())
	for range c.runs {
		_, took, err := s.call(ctx, "ubp_list_pages", map[string]any{})
		if err != nil {
			return err
		}
		res.ubp.listPages = append(res.ubp.listPages, took)
	}
	for i := range max(c.runs, 20) {
		d := corpus.Docs[(i*7919)%len(corpus.Docs)]
		_, took, err := s.call(ctx, "ubp_get_page", map[string]any{"filepath": d.Path})
		if err != nil {
			return err
		}
		res.ubp.getPage = append(res.ubp.getPage, took)
	}
	for i := range c.runs {
		d := corpus.Docs[(i*104729+17)%len(corpus.Docs)]
		took, err := editToSearchable(ctx, s, root, d, i)
		if err != nil {
			return err
		}
		logf("edit → searchable %d/%d: %v", i+1, c.runs, took.Round(time.Millisecond))
		res.ubp.editSearchable = append(res.ubp.editSearchable, took)
	}
	if res.ubp.serveRSS, err = s.peakRSSKB(); err != nil {
		return err
	}
	return nil
}

// editToSearchable appends a paragraph with a word found nowhere else to
// d and returns how long until ubp_search returns d for that word. The
// word is letters only (no other edit's word shares a trigram run with it).
func editToSearchable(ctx context.Context, s *server, root string, d scalecorpus.Doc, i int) (time.Duration, error) {
	word := fmt.Sprintf("zqvk%c%cwmbt", 'a'+rune(i%26), 'a'+rune(i/26%26))
	path := filepath.Join(root, "docs", filepath.FromSlash(d.Path))
	start := time.Now()
	if err := os.WriteFile(path, []byte(d.Text+"\nA late note mentions "+word+" once.\n"), 0o644); err != nil {
		return 0, err
	}
	for time.Since(start) < time.Minute {
		text, _, err := s.call(ctx, "ubp_search", map[string]any{"query": word, "limit": 3})
		if err != nil {
			return 0, err
		}
		if strings.Contains(text, d.Path) {
			return time.Since(start), nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return 0, fmt.Errorf("edit of %s not searchable after a minute", d.Path)
}

// measureQMD indexes and searches the same documents with qmd, its data
// kept in a home folder of its own under the work folder.
func measureQMD(c config, root string, q scalecorpus.Queries, res *results) error {
	home := filepath.Join(c.work, "qmd-home")
	env := []string{"HOME=" + home, "XDG_CACHE_HOME=" + filepath.Join(home, ".cache"), "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "NO_COLOR=1"}
	for i := range c.initRuns {
		if err := os.RemoveAll(home); err != nil {
			return err
		}
		if err := os.MkdirAll(home, 0o755); err != nil {
			return err
		}
		r, err := timed(root, env, c.qmd, "collection", "add", "docs", "--name", "bench", "--mask", "**/*.md")
		if err != nil {
			return err
		}
		logf("qmd collection add %d/%d: %v wall, %v CPU", i+1, c.initRuns, r.wall.Round(time.Millisecond), r.cpu.Round(time.Millisecond))
		res.qmd.init = append(res.qmd.init, r.wall)
		res.qmd.initCPU = append(res.qmd.initCPU, r.cpu)
		res.qmd.initRSS = append(res.qmd.initRSS, r.rssKB)
	}
	var err error
	if res.qmd.dbBytes, err = filesSize(home, func(name string) bool {
		return strings.Contains(name, ".sqlite")
	}); err != nil {
		return err
	}
	each := func(into *durations, args func(i int) []string) error {
		for i := range c.runs {
			r, err := timed(root, env, c.qmd, args(i)...)
			if err != nil {
				return err
			}
			*into = append(*into, r.wall)
			res.qmd.cpu[into] = append(res.qmd.cpu[into], r.cpu)
		}
		return nil
	}
	if err := each(&res.qmd.noopIndex, func(int) []string { return []string{"update"} }); err != nil {
		return err
	}
	if err := each(&res.qmd.status, func(int) []string { return []string{"status"} }); err != nil {
		return err
	}
	if err := each(&res.qmd.cliSearchEN, func(i int) []string {
		return []string{"search", "-n", "10", q.English[i%len(q.English)]}
	}); err != nil {
		return err
	}
	if err := each(&res.qmd.cliSearchJA, func(i int) []string {
		return []string{"search", "-n", "10", q.Japanese[i%len(q.Japanese)]}
	}); err != nil {
		return err
	}
	logf("qmd: init %v, search en %v, ja %v", res.qmd.init.median(), res.qmd.cliSearchEN.median(), res.qmd.cliSearchJA.median())
	return nil
}

// filesSize sums the sizes of the files under dir whose names match.
func filesSize(dir string, match func(name string) bool) (int64, error) {
	var n int64
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && match(d.Name()) {
			info, err := d.Info()
			if err != nil {
				return err
			}
			n += info.Size()
		}
		return nil
	})
	return n, err
}
