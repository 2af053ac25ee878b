package answer

import (
	"strings"
	"unicode/utf8"

	"github.com/ubp-dev/ubp/index"
)

// centreCut cuts the content of a context's centre into its first lines.
type centreCut struct {
	whole ContextCenter
	// ends[i] is the byte of the content just after line i (0-based) and
	// its newline.
	ends []int
	// fences[i] is the code block open after line i (nil: none).
	fences []*CodeFence
}

func newCentreCut(c ContextCenter) centreCut {
	k := centreCut{whole: c, fences: FencesAfter(strings.Split(c.Content, "\n"), c.StartLine)}
	for i := 0; ; {
		j := strings.IndexByte(c.Content[i:], '\n')
		if j < 0 || i+j+1 == len(c.Content) {
			k.ends = append(k.ends, len(c.Content))
			return k
		}
		i += j + 1
		k.ends = append(k.ends, i)
	}
}

// lines is the centre with its first n lines (all of them: the centre as
// read), and the code block they end inside, if any.
func (k centreCut) lines(n int) ContextCenter {
	if n >= len(k.ends) {
		return k.whole
	}
	c := k.whole
	c.Content, c.Truncated = "", true
	if n > 0 {
		c.Content = k.whole.Content[:k.ends[n-1]]
		c.EndsInCode = k.fences[n-1]
	}
	c.EndLine = c.StartLine + n - 1
	c.NextStartLine = c.StartLine + n
	return c
}

// part is the centre with its first n lines and the first chars
// characters of line n (0-based) after them (none: lines(n)); inside the
// code block the n lines end inside, if any.
func (k centreCut) part(n, chars int) ContextCenter {
	c := k.lines(n)
	if chars == 0 {
		return c
	}
	line := k.whole.Content[k.startOf(n):k.ends[n]]
	i := 0
	for range chars {
		_, w := utf8.DecodeRuneInString(line[i:])
		i += w
	}
	c.Content += line[:i]
	c.EndLine = c.StartLine + n
	c.NextStartLine = c.EndLine
	c.NextStartColumn = chars + 1
	return c
}

// fit is the answer build gives with the longest start of the centre that
// keeps it within maxSize, and whether one does (not even an empty centre
// may). The centre is cut at a line boundary: before the last heading
// within the lines that fit (index.Headings: top-level ones, not those in
// code, lists or quotes), else after the last blank line, when that keeps
// at least half of their bytes; else after the last whole line that fits;
// and before the opening fence of a code block that cut would be inside,
// when that keeps at least half of their bytes too (else the cut stays in
// the block, and the centre names its fence: EndsInCode).
// When the line after those is longer than maxSize (so no answer could
// hold it whole), or not even the first line fits, that line is cut at a
// character instead: the lines before it and as much of it as fits.
func (k centreCut) fit(build func(ContextCenter) ContextResult, maxSize int) (ContextResult, bool, error) {
	measure := func(c ContextCenter) (ContextResult, bool, error) {
		r := build(c)
		n, err := r.measure()
		r.TotalSize = n
		return r, n <= maxSize, err
	}
	if r, ok, err := measure(k.whole); err != nil || ok {
		return r, ok, err
	}
	r, ok, err := measure(k.lines(0))
	if err != nil || !ok {
		return r, false, err
	}
	// Bisect on whole lines: the most that fit, fewer than all.
	lo, err := mostThatFit(len(k.ends)-1, func(n int) (bool, error) {
		_, ok, err := measure(k.lines(n))
		return ok, err
	})
	if err != nil {
		return ContextResult{}, false, err
	}
	if lo > 0 && len(k.whole.Content[k.startOf(lo):k.ends[lo]]) <= maxSize {
		r, _, err := measure(k.lines(k.boundary(lo)))
		return r, true, err
	}
	// Line lo does not fit, nor would it in an answer of its own (or it
	// is the first): the most of its characters that fit after the lo
	// lines, as ubp_get_page sends a line longer than its budget.
	line := strings.TrimRight(k.whole.Content[k.startOf(lo):k.ends[lo]], "\r\n")
	n := lo
	chars, err := mostThatFit(utf8.RuneCountInString(line), func(c int) (bool, error) {
		_, ok, err := measure(k.part(n, c))
		return ok, err
	})
	if err != nil {
		return ContextResult{}, false, err
	}
	r, _, err = measure(k.part(n, chars))
	return r, true, err
}

// boundary is where to cut a centre of which n lines fit (0 < n < all):
// the number of lines to keep, n or fewer (see fit). A cut inside a code
// block moves before its opening fence when that keeps at least half of
// the bytes of the n lines.
func (k centreCut) boundary(n int) int {
	m := k.lineBoundary(n)
	// A cut inside a code block would leave its fence open: cut before
	// the fence when that keeps enough.
	if f := k.fences[m-1]; f != nil {
		if at := f.Line - k.whole.StartLine + 1; at > 1 && k.ends[at-2] >= k.ends[n-1]/2 {
			return at - 1
		}
	}
	return m
}

// lineBoundary is boundary without regard to code blocks.
func (k centreCut) lineBoundary(n int) int {
	enough := k.ends[n-1] / 2
	// The lines that fit and the next two: a heading on the line after
	// them, and a setext heading's underline, count.
	upto := k.ends[min(n+1, len(k.ends)-1)]
	heading := 0
	for _, h := range index.Headings(k.whole.Content[:upto]) {
		if h.Line > n {
			break
		}
		heading = h.Line
	}
	if heading > 0 && k.ends[heading-1] >= enough {
		return heading
	}
	for m := n; m > 0 && k.ends[m-1] >= enough; m-- {
		if line := k.whole.Content[k.startOf(m-1):k.ends[m-1]]; strings.TrimSpace(line) == "" {
			return m
		}
	}
	return n
}

// startOf is the byte of the content line i (0-based) starts at.
func (k centreCut) startOf(i int) int {
	if i == 0 {
		return 0
	}
	return k.ends[i-1]
}

// mostThatFit is the largest n in [0, hi] for which fits holds, by
// bisection: fits must hold for 0 and, once false, stay false for larger n.
func mostThatFit(hi int, fits func(n int) (bool, error)) (int, error) {
	lo := 0
	for lo < hi {
		mid := (lo + hi + 1) / 2
		ok, err := fits(mid)
		if err != nil {
			return 0, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo, nil
}
