// Command gen converts the EDICT Japanese–English dictionary (EUC-JP, one
// entry per line, as Debian's edict package ships it) into ubp's built-in
// glossary: a text file with one line per Japanese headword, sorted by
// headword (the engine embeds it as it is and searches it in place),
//
//	headword TAB gloss|gloss;gloss|gloss
//
// where ';' separates senses and '|' the glosses of one sense. Only what
// query translation uses is kept: headwords with kanji or katakana (a query's
// hiragana are particles and inflections), of at most maxHeadRunes
// characters; short English glosses (at most maxGlossWords words, with
// explanations in parentheses and a leading "to " removed); at most
// maxSenses senses and maxGlosses glosses per headword. Archaic, obsolete,
// rare, vulgar and slang senses and outdated spellings are dropped. Lines for
// the same headword (different readings) are merged, common words first.
//
//	go run ./internal/lexicongen -in edict.utf8 -out engine/lexicon/jaen.txt
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

const (
	maxHeadRunes  = 8
	maxGlossWords = 3
	maxSenses     = 5
	maxGlosses    = 16
)

func main() {
	in := flag.String("in", "", "EDICT file, UTF-8")
	out := flag.String("out", "", "glossary to write (jaen.txt)")
	flag.Parse()
	if *in == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: lexicongen -in edict.utf8 -out jaen.txt")
		os.Exit(2)
	}
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	entries, err := parse(f)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	w, err := os.Create(out)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	if err := write(bw, entries); err != nil {
		_ = w.Close() // the write error is the one to report
		return err
	}
	if err := bw.Flush(); err != nil {
		_ = w.Close() // the flush error is the one to report
		return err
	}
	return w.Close()
}

// entry is one headword's senses, each a list of glosses.
type entry struct {
	common bool
	senses [][]string
}

func parse(r io.Reader) (map[string]*entry, error) {
	entries := map[string]*entry{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		head, senses, common, ok := parseLine(sc.Text())
		if !ok || len(senses) == 0 {
			continue
		}
		e := entries[head]
		if e == nil {
			e = &entry{}
			entries[head] = e
		}
		if common && !e.common {
			// A common reading's senses come first.
			e.senses = append(senses, e.senses...)
			e.common = true
		} else {
			e.senses = append(e.senses, senses...)
		}
	}
	return entries, sc.Err()
}

// badTags mark senses and spellings a search should not use.
var badTags = map[string]bool{
	"arch": true, "obs": true, "obsc": true, "rare": true, "vulg": true, "X": true,
	"sl": true, "derog": true, "joc": true, "ok": true, "oK": true, "ik": true, "iK": true,
	"io": true, "m-sl": true, "male-sl": true, "fem": true, "male": true, "poet": true,
}

func parseLine(s string) (head string, senses [][]string, common, ok bool) {
	slash := strings.Index(s, " /")
	if slash < 0 {
		return "", nil, false, false
	}
	head = strings.Fields(s[:slash])[0]
	if !usefulHead(head) {
		return "", nil, false, false
	}
	var cur []string
	skip := false
	flush := func() {
		if !skip && len(cur) > 0 {
			senses = append(senses, cur)
		}
		cur, skip = nil, false
	}
	for i, part := range strings.Split(s[slash+2:], "/") {
		part = strings.TrimSpace(part)
		if part == "" || strings.HasPrefix(part, "EntL") {
			continue
		}
		if part == "(P)" {
			common = true
			continue
		}
		tags, rest := leadingTags(part)
		for _, t := range tags {
			if isSenseNumber(t) {
				flush() // a new sense, whatever tags come before its number
			}
		}
		for _, t := range tags {
			for _, tt := range strings.Split(t, ",") {
				if badTags[tt] {
					if i == 0 && (tt == "ok" || tt == "oK" || tt == "iK" || tt == "ik" || tt == "io") {
						return "", nil, false, false // an outdated or irregular spelling
					}
					skip = true
				}
			}
		}
		if g := cleanGloss(rest); g != "" {
			cur = append(cur, g)
		}
	}
	flush()
	return head, senses, common, true
}

// usefulHead keeps headwords with a kanji or katakana letter.
func usefulHead(h string) bool {
	if utf8.RuneCountInString(h) > maxHeadRunes {
		return false
	}
	for _, r := range h {
		if unicode.Is(unicode.Han, r) || unicode.Is(unicode.Katakana, r) && r != 'ー' && r != '・' {
			return true
		}
	}
	return false
}

// leadingTags splits "(n,vs) (1) word" into ["n,vs", "1"] and "word".
func leadingTags(s string) ([]string, string) {
	var tags []string
	for strings.HasPrefix(s, "(") || strings.HasPrefix(s, "{") {
		closeCh := ")"
		if s[0] == '{' {
			closeCh = "}"
		}
		end := strings.Index(s, closeCh)
		if end < 0 {
			break
		}
		tags = append(tags, s[1:end])
		s = strings.TrimSpace(s[end+1:])
	}
	return tags, s
}

func isSenseNumber(t string) bool {
	if t == "" {
		return false
	}
	for _, r := range t {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// cleanGloss drops explanations in parentheses, a leading "to " and
// articles, and keeps glosses of a few plain words.
func cleanGloss(g string) string {
	var b strings.Builder
	depth := 0
	for _, r := range g {
		switch r {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		default:
			if depth == 0 {
				b.WriteRune(r)
			}
		}
	}
	words := strings.Fields(strings.ToLower(b.String()))
	for len(words) > 0 && (words[0] == "to" || words[0] == "a" || words[0] == "an" || words[0] == "the") {
		words = words[1:]
	}
	if len(words) == 0 || len(words) > maxGlossWords {
		return ""
	}
	out := strings.Join(words, " ")
	for _, r := range out {
		if !(r >= 'a' && r <= 'z' || r == ' ' || r == '-' || r == '\'') {
			return ""
		}
	}
	return out
}

func write(w io.Writer, entries map[string]*entry) error {
	heads := make([]string, 0, len(entries))
	for h := range entries {
		heads = append(heads, h)
	}
	sort.Strings(heads)
	bw := bufio.NewWriter(w)
	for _, h := range heads {
		var senses []string
		seen := map[string]bool{}
		n := 0
		for _, s := range entries[h].senses {
			if len(senses) == maxSenses || n == maxGlosses {
				break
			}
			var gs []string
			for _, g := range s {
				if seen[g] || n == maxGlosses {
					continue
				}
				seen[g] = true
				gs = append(gs, g)
				n++
			}
			if len(gs) > 0 {
				senses = append(senses, strings.Join(gs, "|"))
			}
		}
		if len(senses) == 0 {
			continue
		}
		if _, err := fmt.Fprintf(bw, "%s\t%s\n", h, strings.Join(senses, ";")); err != nil {
			return err
		}
	}
	return bw.Flush()
}
