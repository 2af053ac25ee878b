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
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/ikawaha/kagome-dict/ipa"
	"github.com/ikawaha/kagome/v2/tokenizer"

	"github.com/ubp-dev/ubp/internal/relevance"
)

var (
	latinRE    = regexp.MustCompile(`[A-Za-z0-9]`)
	hiraganaRE = regexp.MustCompile(`^[\x{3040}-\x{309f}ー]+$`)
)

// hasWordRune reports whether s holds a character the baseline makes
// tokens of: a CJK character (relevance.IsCJK) or an ASCII letter or digit.
func hasWordRune(s string) bool {
	return strings.IndexFunc(s, relevance.IsCJK) >= 0 || latinRE.MatchString(s)
}

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

// words are the analyser's tokens by base form: content words only when
// content is set.
func words(tk *tokenizer.Tokenizer, text string, content bool) []string {
	var out []string
	for _, t := range tk.Tokenize(text) {
		if t.Class == tokenizer.DUMMY {
			continue
		}
		base := t.Surface
		if bf, ok := t.BaseForm(); ok && bf != "*" {
			base = bf
		}
		if content && !isContent(t.Features()) && !latinRE.MatchString(t.Surface) {
			continue
		}
		base = strings.ToLower(strings.TrimSpace(base))
		if base == "" || !hasWordRune(base) {
			continue
		}
		if content && hiraganaRE.MatchString(base) && len([]rune(base)) < 2 {
			continue
		}
		out = append(out, base)
	}
	return out
}

// isContent reports whether a token's part of speech (its features) is a
// noun, verb, adjective or adverb, but not a dependent noun, pronoun,
// number or suffix.
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

func run(dir, name string, tk *tokenizer.Tokenizer) error {
	s, ok, err := relevance.LoadSet(name, dir, filepath.Join(dir, "docs"))
	if err != nil {
		return err
	}
	if !ok || len(s.Queries) == 0 {
		return fmt.Errorf("no judged queries in %s", dir)
	}
	content := func(text string) []string { return words(tk, text, true) }
	bi, err := relevance.NewBM25(s.DocsDir, relevance.TokensJa)
	if err != nil {
		return err
	}
	wd, err := relevance.NewBM25(s.DocsDir, content)
	if err != nil {
		return err
	}
	all, err := relevance.NewBM25(s.DocsDir, func(text string) []string { return words(tk, text, false) })
	if err != nil {
		return err
	}
	// Each index holds the same files in the same order, so document
	// indexes agree and scores of two token streams add up.
	variants := []struct {
		name  string
		parts []part
	}{
		{"bigram", []part{{bi, relevance.TokensJa, 1}}},
		{"words", []part{{wd, content, 1}}},
		{"all-words", []part{{all, func(text string) []string { return words(tk, text, false) }, 1}}},
		{"bigram+words×0.5", []part{{bi, relevance.TokensJa, 1}, {wd, content, 0.5}}},
		{"bigram+words×1", []part{{bi, relevance.TokensJa, 1}, {wd, content, 1}}},
	}
	fmt.Printf("%s: %d queries\n", name, len(s.Queries))
	for _, v := range variants {
		var ms []relevance.Measures
		for _, q := range s.Queries {
			scores := map[int]float64{}
			for _, p := range v.parts {
				p.index.AddScores(p.tok(q.Text), p.weight, scores)
			}
			ms = append(ms, relevance.Measure(bi.Rank(scores), q.Rel))
		}
		m := relevance.Mean(ms)
		fmt.Printf("  %-18s MRR@10 %.3f  nDCG@10 %.3f\n", v.name, m.MRR, m.NDCG)
	}
	return nil
}

// part is one token stream of a variant: its index, the tokeniser of the
// query and the weight of its scores.
type part struct {
	index  *relevance.BM25
	tok    func(string) []string
	weight float64
}
