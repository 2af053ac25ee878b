package index

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// contextAroundWhole is contextAround as it was before it bounded what it
// keeps: the whole window collapsed, then cut.
func contextAroundWhole(src []byte, from, at, to int) string {
	const before = ContextRunes * 2 / 5
	// Bound the work on huge single-line paragraphs.
	from = max(from, at-ContextRunes*8)
	to = min(to, at+ContextRunes*8, len(src))
	for from > 0 && from < len(src) && !utf8.RuneStart(src[from]) {
		from++
	}
	for to < len(src) && to > at && !utf8.RuneStart(src[to]) {
		to--
	}
	if from > at || at > to {
		return ""
	}
	out := make([]rune, 0, 2*ContextRunes)
	linkIdx := -1
	space := false
	for off, r := range string(src[from:to]) {
		if linkIdx < 0 && from+off >= at {
			if space && len(out) > 0 {
				out = append(out, ' ')
			}
			space = false
			linkIdx = len(out)
		}
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && len(out) > 0 {
			out = append(out, ' ')
		}
		space = false
		out = append(out, r)
	}
	if linkIdx < 0 {
		linkIdx = len(out)
	}
	start := max(0, linkIdx-before)
	end := min(len(out), start+ContextRunes)
	start = max(0, end-ContextRunes)
	return strings.TrimSpace(string(out[start:end]))
}

// TestContextAroundKeepsLittle: the bounded contextAround gives what the
// whole-window one gave, on paragraphs of links, spaces and Japanese.
func TestContextAroundKeepsLittle(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	scratch := new([]rune)
	pieces := []string{"[[t1]] ", "word ", "   ", "\n", "日本語の文", "a", "\t\t", "リンク[[x]]"}
	for n := range 300 {
		var b strings.Builder
		for b.Len() < 50+n*20 {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		src := []byte(b.String())
		for range 20 {
			at := rng.IntN(len(src))
			for at > 0 && !utf8.RuneStart(src[at]) {
				at--
			}
			from, to := rng.IntN(at+1), at+rng.IntN(len(src)-at+1)
			if got, want := contextAround(src, from, at, to, scratch), contextAroundWhole(src, from, at, to); got != want {
				t.Fatalf("contextAround(%q, %d, %d, %d) = %q, want %q", src, from, at, to, got, want)
			}
		}
	}
}
