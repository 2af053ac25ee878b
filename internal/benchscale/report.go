package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

// tool holds one tool's figures; zero values were not measured.
type tool struct {
	init, initCPU                      durations
	initRSS                            []int64
	dbBytes                            int64
	noopIndex, status                  durations
	cliSearchEN, cliSearchJA           durations
	initialize, firstSearch            durations
	startToAnswer                      durations
	search, fulltext                   durations
	searchFirst                        durations // each query's first time in the server
	listPages, getPage, editSearchable durations
	serveRSS                           int64
	// cpu holds the CPU times (user + system) of the CLI processes whose
	// wall times are in the keyed sample.
	cpu map[*durations]durations
}

type results struct {
	size, runs, initRuns int
	seed                 uint64
	corpusBytes          int
	machine, ubpVersion  string
	qmdError             string
	ubp, qmd             tool
	started              time.Time
	elapsed              time.Duration
}

// describeMachine names the CPU, the cores, the Go version and the load
// when the run started (a shared machine's load skews absolute times).
func describeMachine() string {
	model := "unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	load := "?"
	if data, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(data)); len(f) >= 3 {
			load = strings.Join(f[:3], " ")
		}
	}
	return fmt.Sprintf("%s, %d cores (GOMAXPROCS %d), %s/%s, %s, load average at start %s",
		model, runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH, runtime.Version(), load)
}

func trimLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

func ms(d time.Duration) string {
	switch {
	case d == 0:
		return "–"
	case d >= 10*time.Second:
		return fmt.Sprintf("%.1f s", d.Seconds())
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d >= 10*time.Millisecond:
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	default:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	}
}

// withCPU is a wall time with its CPU time, or "–".
func withCPU(wall, cpu time.Duration) string {
	if wall == 0 {
		return "–"
	}
	return fmt.Sprintf("%s (CPU %s)", ms(wall), ms(cpu))
}

func mb(bytes int64) string {
	if bytes == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f MB", float64(bytes)/(1<<20))
}

func ratio(a, b float64) string {
	if a == 0 || b == 0 {
		return ""
	}
	return fmt.Sprintf("%.2f ×", a/b)
}

// section renders this run's part of the results file.
func (r *results) section() string {
	u, q := r.ubp, r.qmd
	var b strings.Builder
	fmt.Fprintf(&b, "## %d documents\n\n", r.size)
	fmt.Fprintf(&b, "Corpus: seed %d, %.1f MB of Markdown. %s. ubp %s", r.seed, float64(r.corpusBytes)/(1<<20), r.machine, r.ubpVersion)
	switch {
	case r.qmdError != "":
		fmt.Fprintf(&b, "; qmd failed: %s", strings.ReplaceAll(trimLine(r.qmdError), "|", "/"))
	case len(q.init) > 0:
		b.WriteString("; qmd beside it on the same documents (BM25 only: `qmd collection add`, `qmd search`)")
	default:
		b.WriteString("; qmd not available, so no ratios")
	}
	fmt.Fprintf(&b, ". Medians of %d runs (init: %d), measured %s in %s.\n\n",
		r.runs, r.initRuns, r.started.UTC().Format("2006-01-02 15:04 UTC"), r.elapsed.Round(time.Second))
	b.WriteString("| measure | target | ubp | qmd | ubp / qmd |\n|---|---|---|---|---|\n")
	row := func(name, target string, a, c time.Duration) {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", name, target, ms(a), ms(c), ratio(float64(a), float64(c)))
	}
	row("full `ubp init` (wall)", "≤ 20 s", u.init.median(), q.init.median())
	row("full `ubp init` (CPU, user + system)", "", u.initCPU.median(), q.initCPU.median())
	fmt.Fprintf(&b, "| full `ubp init` peak RSS | | %s | %s | %s |\n", mb(medianInt(u.initRSS)*1024), mb(medianInt(q.initRSS)*1024),
		ratio(float64(medianInt(u.initRSS)), float64(medianInt(q.initRSS))))
	row("edit → searchable while serving", "≤ 500 ms", u.editSearchable.median(), 0)
	fmt.Fprintf(&b, "| `ubp_search` p50 / p95 in the server | 15 / 40 ms | %s / %s | | |\n", ms(u.search.median()), ms(u.search.pct(95)))
	if len(u.searchFirst) > 0 {
		fmt.Fprintf(&b, "| `ubp_search` p50 / p95, each query's first time | | %s / %s | | |\n", ms(u.searchFirst.median()), ms(u.searchFirst.pct(95)))
	}
	row("`ubp_fulltext_search` p50", "≤ 5 ms", u.fulltext.median(), 0)
	cliRow := func(name, target string, a, c *durations) {
		fmt.Fprintf(&b, "| %s | %s | %s (CPU %s) | %s | %s |\n", name, target, ms(a.median()), ms(r.ubp.cpu[a].median()),
			withCPU(c.median(), r.qmd.cpu[c].median()), ratio(float64(a.median()), float64(c.median())))
	}
	cliRow("`ubp search` CLI process, English", "≤ 60 ms", &r.ubp.cliSearchEN, &r.qmd.cliSearchEN)
	cliRow("`ubp search` CLI process, Japanese", "≤ 60 ms", &r.ubp.cliSearchJA, &r.qmd.cliSearchJA)
	row("first `ubp_search` after `ubp serve` starts", "≤ 100 ms", u.firstSearch.median(), 0)
	row("spawn `ubp serve` → first search answered", "", u.startToAnswer.median(), 0)
	fmt.Fprintf(&b, "| serve peak RSS | ≤ 200 MB | %s | | |\n", mb(u.serveRSS*1024))
	fmt.Fprintf(&b, "| `index.db` size (with WAL) | ≤ qmd's | %s | %s | %s |\n", mb(u.dbBytes), mb(q.dbBytes), ratio(float64(u.dbBytes), float64(q.dbBytes)))
	row("`ubp_list_pages` (all pages)", "≤ 20 ms", u.listPages.median(), 0)
	cliRow("`ubp status`", "≤ 20 ms", &r.ubp.status, &r.qmd.status)
	cliRow("no-op `ubp index` (qmd: `qmd update`)", "≤ 1 s", &r.ubp.noopIndex, &r.qmd.noopIndex)
	row("`ubp_get_page`", "≤ 2 ms", u.getPage.median(), 0)
	row("initialize (spawn → handshake done)", "≤ 100 ms", u.initialize.median(), 0)
	return b.String()
}

// notesMarker starts hand-written notes (profiles, explanations) at the
// end of the results file; a run keeps them as they are.
const notesMarker = "<!-- notes -->"

var sectionRE = regexp.MustCompile(`(?s)<!-- size (\d+) -->\n(.*?)<!-- /size -->\n`)

const header = `# Scale benchmark results

Written by ` + "`make bench-scale SIZE=N`" + ` (internal/benchscale): a seeded synthetic
corpus of N documents (internal/scalecorpus: English and Japanese, wiki-links,
source_refs), every figure the median of several runs of whole processes or of
MCP calls over stdio to ` + "`ubp serve`" + `. Each size has its own section; a run
replaces the section of its size and keeps the notes at the end. Absolute times depend on the machine and its
load (the machines used are shared); the ratios to qmd on the same run say more.

`

// write replaces this size's section of the results file (keeping the
// others, in size order) and writes it.
func (r *results) write(path string) error {
	sections := map[int]string{}
	notes := ""
	if old, err := os.ReadFile(path); err == nil {
		for _, m := range sectionRE.FindAllStringSubmatch(string(old), -1) {
			n, _ := strconv.Atoi(m[1])
			sections[n] = m[2]
		}
		if i := strings.Index(string(old), notesMarker); i >= 0 {
			notes = string(old[i:])
		}
	}
	sections[r.size] = r.section()
	sizes := make([]int, 0, len(sections))
	for n := range sections {
		sizes = append(sizes, n)
	}
	sort.Ints(sizes)
	var b strings.Builder
	b.WriteString(header)
	for _, n := range sizes {
		fmt.Fprintf(&b, "<!-- size %d -->\n%s<!-- /size -->\n", n, strings.TrimRight(sections[n], "\n")+"\n\n")
	}
	if notes != "" {
		b.WriteString("\n" + notes)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(path, []byte(strings.TrimRight(b.String(), "\n")+"\n"), 0o644); err != nil {
		return err
	}
	logf("wrote %s", path)
	return nil
}
