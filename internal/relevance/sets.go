package relevance

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Set is a labelled corpus: a docs folder, its queries and graded
// judgments.
type Set struct {
	Name    string
	DocsDir string
	Queries []Query
	// Lang is the BM25 baseline's tokenisation: "ja" when the documents
	// hold Japanese, else "en".
	Lang string
}

// Query is one judged query.
type Query struct {
	ID    string
	Text  string
	Group string         // the id without its trailing digits ("en-k"), "" when ungrouped
	Rel   map[string]int // document path (relative to docs/) → relevance ≥ 1
}

var groupID = regexp.MustCompile(`^([a-z]+-[a-z])\d+$`)

// GroupOf is a query's group: its id without trailing digits, kept only for
// ids that carry a kind letter after a language prefix ("ja-k01" → "ja-k").
func GroupOf(id string) string {
	if m := groupID.FindStringSubmatch(id); m != nil {
		return m[1]
	}
	return ""
}

// LoadSet reads dir/queries.tsv and, when present, dir/qrels.tsv. Without
// qrels.tsv the queries file must carry a third column of expected paths
// separated by '|' (relevance 1). Queries without a judgment are dropped.
// A folder without queries.tsv is not a set (ok false).
func LoadSet(name, dir, docs string) (s Set, ok bool, err error) {
	qpath := filepath.Join(dir, "queries.tsv")
	if _, err := os.Stat(qpath); errors.Is(err, fs.ErrNotExist) {
		return Set{}, false, nil
	} else if err != nil {
		return Set{}, false, fmt.Errorf("eval set %s: %w", name, err)
	}
	rows, err := readTSV(qpath)
	if err != nil {
		return Set{}, false, err
	}
	judged := map[string]map[string]int{}
	rpath := filepath.Join(dir, "qrels.tsv")
	if _, err := os.Stat(rpath); err == nil {
		rr, err := readTSV(rpath)
		if err != nil {
			return Set{}, false, err
		}
		for _, r := range rr {
			if len(r.cols) != 3 {
				return Set{}, false, fmt.Errorf("%s:%d: want 3 tab-separated columns (query_id, doc_path, relevance), got %d", rpath, r.line, len(r.cols))
			}
			rel, err := strconv.Atoi(r.cols[2])
			if err != nil {
				return Set{}, false, fmt.Errorf("%s:%d: relevance %q is not an integer", rpath, r.line, r.cols[2])
			}
			if rel <= 0 {
				continue
			}
			if judged[r.cols[0]] == nil {
				judged[r.cols[0]] = map[string]int{}
			}
			judged[r.cols[0]][r.cols[1]] = rel
		}
	}
	s = Set{Name: name, DocsDir: docs}
	for _, r := range rows {
		if len(r.cols) < 2 {
			return Set{}, false, fmt.Errorf("%s:%d: want at least 2 tab-separated columns (id, query)", qpath, r.line)
		}
		q := Query{ID: r.cols[0], Text: r.cols[1], Group: GroupOf(r.cols[0]), Rel: judged[r.cols[0]]}
		if q.Rel == nil && len(r.cols) >= 3 {
			q.Rel = map[string]int{}
			for _, p := range strings.Split(r.cols[2], "|") {
				if p = strings.TrimSpace(p); p != "" {
					q.Rel[p] = 1
				}
			}
		}
		if len(q.Rel) > 0 {
			s.Queries = append(s.Queries, q)
		}
	}
	s.Lang, err = DocsLang(docs)
	return s, true, err
}

type tsvRow struct {
	line int
	cols []string
}

// readTSV reads a tab-separated file, skipping its header line and blank
// lines.
func readTSV(path string) ([]tsvRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	defer f.Close()
	var out []tsvRow
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if line == 1 || strings.TrimSpace(text) == "" {
			continue
		}
		out = append(out, tsvRow{line: line, cols: strings.Split(text, "\t")})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return out, nil
}

// DocsLang is "ja" when more than 5% of the letters of the Markdown files
// under dir are Japanese, else "en".
func DocsLang(dir string) (string, error) {
	var ja, all int
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		b, err := os.ReadFile(p) //nolint:gosec // a file of the benchmark folder the developer points make eval at
		if err != nil {
			return err
		}
		for _, r := range string(b) {
			switch {
			case IsCJK(r):
				ja++
				all++
			case unicode.IsLetter(r):
				all++
			}
		}
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("read %s: %w", dir, err)
	}
	if all > 0 && float64(ja)/float64(all) > 0.05 {
		return "ja", nil
	}
	return "en", nil
}

// DiscoverSets lists the sets under shared/corpora (folders with a
// queries.tsv, sorted by name) and the repository's own eval folder. A
// corpus folder without queries is reported in skipped.
func DiscoverSets(shared, own string) (sets []Set, skipped []string, err error) {
	root := filepath.Join(shared, "corpora")
	ents, err := os.ReadDir(root)
	if err != nil {
		return nil, nil, fmt.Errorf("the shared corpora are missing (%w): pass -shared with the folder holding corpora/", err)
	}
	var names []string
	for _, e := range ents {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for _, n := range names {
		dir := filepath.Join(root, n)
		s, ok, err := LoadSet(n, dir, filepath.Join(dir, "docs"))
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			skipped = append(skipped, n)
			continue
		}
		sets = append(sets, s)
	}
	if own != "" {
		s, ok, err := LoadSet("eval (own)", own, filepath.Join(own, "docs"))
		if err != nil {
			return nil, nil, err
		}
		if ok {
			sets = append(sets, s)
		}
	}
	return sets, skipped, nil
}
