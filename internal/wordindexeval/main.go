// Command wordindexeval measures whether a morphological word index would
// rank Japanese documents better than character bigrams. It is a module of
// its own so that ubp does not depend on the analyser it measures
// (github.com/ikawaha/kagome/v2 with the IPA dictionary): run it with
// `make eval-words` (SHARED=../shared).
//
// For each Japanese set of SHARED/corpora it ranks the whole files by plain
// BM25 (k1 1.2, b 0.75, the shared baseline's formula) over four token
// streams and prints MRR@10 and nDCG@10 of each:
//
//   - bigram: the shared baseline's tokens (overlapping character bigrams
//     of each CJK run, lower-case Latin words);
//   - words: the analyser's content words (nouns, verbs, adjectives and
//     adverbs, but not pronouns, numbers, suffixes or dependent nouns), by
//     base form (書き換えた → 書き換える), with Latin words;
//   - all-words: every token by base form;
//   - bigram+words: the bigram score plus the words score at 0.5 and 1.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/ikawaha/kagome-dict/ipa"
	"github.com/ikawaha/kagome/v2/tokenizer"
)

const (
	k1     = 1.2
	b      = 0.75
	cutoff = 10
)

var (
	cjk       = `\x{3040}-\x{30ff}\x{3400}-\x{4dbf}\x{4e00}-\x{9fff}\x{f900}-\x{faff}\x{ff66}-\x{ff9f}\x{30fc}\x{3005}`
	runRE     = regexp.MustCompile("[" + cjk + "]+|[A-Za-z0-9]+")
	cjkRE     = regexp.MustCompile("^[" + cjk + "]")
	latinRE   = regexp.MustCompile("[A-Za-z0-9]")
	hiraganaR = regexp.MustCompile(`^[\x{3040}-\x{309f}ー]+$`)
)

func main() {
	shared := flag.String("shared", "../shared", "the shared folder holding corpora/")
	sets := flag.String("sets", "ja-docs,unified-blueprint-docs", "comma-separated Japanese sets")
	flag.Parse()
	tk, err := tokenizer.New(ipa.Dict(), tokenizer.OmitBosEos())
	if err != nil {
		fmt.Fprintln(os.Stderr, "wordindexeval: load the IPA dictionary:", err)
		os.Exit(1)
	}
	for _, name := range strings.Split(*sets, ",") {
		if err := run(filepath.Join(*shared, "corpora", name), name, tk); err != nil {
			fmt.Fprintf(os.Stderr, "wordindexeval: %s: %v\n", name, err)
			os.Exit(1)
		}
	}
}

// bigrams are the shared baseline's Japanese tokens.
func bigrams(text string) []string {
	var out []string
	for _, r := range runRE.FindAllString(text, -1) {
		if !cjkRE.MatchString(r) {
			out = append(out, strings.ToLower(r))
			continue
		}
		rs := []rune(r)
		if len(rs) == 1 {
			out = append(out, r)
			continue
		}
		for i := 0; i+1 < len(rs); i++ {
			out = append(out, string(rs[i:i+2]))
		}
	}
	return out
}

// words are the analyser's tokens by base form: content words only when
// content is set.
func words(tk *tokenizer.Tokenizer, text string, content bool) []string {
	var out []string
	for _, t := range tk.Tokenize(text) {
		if t.Class == tokenizer.DUMMY {
			continue
		}
		f := t.Features()
		base := t.Surface
		if bf, ok := t.BaseForm(); ok && bf != "*" {
			base = bf
		}
		if content && !isContent(f) && !latinRE.MatchString(t.Surface) {
			continue
		}
		base = strings.ToLower(strings.TrimSpace(base))
		if base == "" || !runRE.MatchString(base) {
			continue
		}
		if content && hiraganaR.MatchString(base) && len([]rune(base)) < 2 {
			continue
		}
		out = append(out, base)
	}
	return out
}

func isContent(f []string) bool {
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "名詞", "動詞", "形容詞", "副詞":
	default:
		return false
	}
	return len(f) < 2 || f[1] != "非自立" && f[1] != "代名詞" && f[1] != "数" && f[1] != "接尾"
}

// index is a BM25 index over one token stream of the documents.
type index struct {
	tf   []map[string]int
	len  []int
	idf  map[string]float64
	post map[string][]int
	avg  float64
}

func newIndex(docs []string, tok func(string) []string) *index {
	x := &index{idf: map[string]float64{}, post: map[string][]int{}}
	df := map[string]int{}
	total := 0
	for i, d := range docs {
		c := map[string]int{}
		n := 0
		for _, t := range tok(d) {
			c[t]++
			n++
		}
		x.tf = append(x.tf, c)
		x.len = append(x.len, n)
		total += n
		for t := range c {
			df[t]++
			x.post[t] = append(x.post[t], i)
		}
	}
	n := float64(len(docs))
	x.avg = float64(total) / n
	for t, f := range df {
		x.idf[t] = math.Log(1 + (n-float64(f)+0.5)/(float64(f)+0.5))
	}
	return x
}

// add adds w × the BM25 score of each document for the query tokens q.
func (x *index) add(q []string, w float64, acc map[int]float64) {
	qf := map[string]int{}
	for _, t := range q {
		qf[t]++
	}
	for t, n := range qf {
		idf, ok := x.idf[t]
		if !ok {
			continue
		}
		for _, i := range x.post[t] {
			f := float64(x.tf[i][t])
			norm := k1 * (1 - b + b*float64(x.len[i])/x.avg)
			acc[i] += w * float64(n) * idf * f * (k1 + 1) / (f + norm)
		}
	}
}

type labelled struct {
	id, text string
	rel      map[string]int
}

func run(dir, name string, tk *tokenizer.Tokenizer) error {
	paths, docs, err := readDocs(filepath.Join(dir, "docs"))
	if err != nil {
		return err
	}
	qs, err := readQueries(dir)
	if err != nil {
		return err
	}
	bi := newIndex(docs, bigrams)
	wd := newIndex(docs, func(s string) []string { return words(tk, s, true) })
	all := newIndex(docs, func(s string) []string { return words(tk, s, false) })
	variants := []struct {
		name  string
		score func(q string) map[int]float64
	}{
		{"bigram", func(q string) map[int]float64 { a := map[int]float64{}; bi.add(bigrams(q), 1, a); return a }},
		{"words", func(q string) map[int]float64 { a := map[int]float64{}; wd.add(words(tk, q, true), 1, a); return a }},
		{"all-words", func(q string) map[int]float64 { a := map[int]float64{}; all.add(words(tk, q, false), 1, a); return a }},
		{"bigram+words×0.5", func(q string) map[int]float64 {
			a := map[int]float64{}
			bi.add(bigrams(q), 1, a)
			wd.add(words(tk, q, true), 0.5, a)
			return a
		}},
		{"bigram+words×1", func(q string) map[int]float64 {
			a := map[int]float64{}
			bi.add(bigrams(q), 1, a)
			wd.add(words(tk, q, true), 1, a)
			return a
		}},
	}
	fmt.Printf("%s: %d documents, %d queries\n", name, len(docs), len(qs))
	for _, v := range variants {
		var mrr, ndcg float64
		for _, q := range qs {
			r, n := measure(rank(v.score(q.text), paths), q.rel)
			mrr += r
			ndcg += n
		}
		fmt.Printf("  %-18s MRR@10 %.3f  nDCG@10 %.3f\n", v.name, mrr/float64(len(qs)), ndcg/float64(len(qs)))
	}
	return nil
}

// rank returns the top cutoff paths by score (ties by path).
func rank(scores map[int]float64, paths []string) []string {
	ids := make([]int, 0, len(scores))
	for i := range scores {
		ids = append(ids, i)
	}
	sort.Slice(ids, func(x, y int) bool {
		if scores[ids[x]] != scores[ids[y]] {
			return scores[ids[x]] > scores[ids[y]]
		}
		return paths[ids[x]] < paths[ids[y]]
	})
	var out []string
	for _, i := range ids {
		if len(out) == cutoff {
			break
		}
		out = append(out, paths[i])
	}
	return out
}

// measure is the reciprocal rank and nDCG@10 (gain 2^rel − 1) of ranked.
func measure(ranked []string, rel map[string]int) (rr, ndcg float64) {
	var dcg float64
	for r, p := range ranked {
		g := rel[p]
		if g > 0 && rr == 0 {
			rr = 1 / float64(r+1)
		}
		dcg += (math.Pow(2, float64(g)) - 1) / math.Log2(float64(r+2))
	}
	var ideal []int
	for _, g := range rel {
		ideal = append(ideal, g)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ideal)))
	var idcg float64
	for r, g := range ideal {
		if r == cutoff {
			break
		}
		idcg += (math.Pow(2, float64(g)) - 1) / math.Log2(float64(r+2))
	}
	if idcg > 0 {
		ndcg = dcg / idcg
	}
	return rr, ndcg
}

func readDocs(root string) (paths, docs []string, err error) {
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		text, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		paths = append(paths, filepath.ToSlash(rel))
		docs = append(docs, string(text))
		return nil
	})
	if err == nil && len(docs) == 0 {
		err = fmt.Errorf("no Markdown files in %s", root)
	}
	return paths, docs, err
}

// readQueries reads queries.tsv and the judgments: qrels.tsv, or the
// queries' third column (relevant paths separated by '|').
func readQueries(dir string) ([]labelled, error) {
	lines, err := readTSV(filepath.Join(dir, "queries.tsv"))
	if err != nil {
		return nil, err
	}
	rel := map[string]map[string]int{}
	var qs []labelled
	for _, l := range lines {
		if len(l) < 2 {
			continue
		}
		qs = append(qs, labelled{id: l[0], text: l[1]})
		if len(l) >= 3 {
			rel[l[0]] = map[string]int{}
			for _, p := range strings.Split(l[2], "|") {
				rel[l[0]][p] = 1
			}
		}
	}
	if len(rel) == 0 {
		judged, err := readTSV(filepath.Join(dir, "qrels.tsv"))
		if err != nil {
			return nil, err
		}
		for _, l := range judged {
			if len(l) < 3 {
				continue
			}
			g, err := strconv.Atoi(l[2])
			if err != nil {
				return nil, fmt.Errorf("qrels.tsv: relevance %q of %s: %w", l[2], l[0], err)
			}
			if rel[l[0]] == nil {
				rel[l[0]] = map[string]int{}
			}
			rel[l[0]][l[1]] = g
		}
	}
	var out []labelled
	for _, q := range qs {
		if len(rel[q.id]) > 0 {
			q.rel = rel[q.id]
			out = append(out, q)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no judged queries in %s", dir)
	}
	return out, nil
}

// readTSV reads a file of tab-separated lines after its header line.
func readTSV(path string) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for first := true; sc.Scan(); first = false {
		if first || strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		out = append(out, strings.Split(sc.Text(), "\t"))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}
