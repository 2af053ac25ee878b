package index

import (
	"sort"
	"strings"
)

// bodyLines indexes the lines of a document body and keeps per-line token
// counts so the size of any line range is O(1).
//
// It holds 16 bytes a line, in slices of the exact length: a body of 5 MiB
// of blank lines has 5 million lines (the slices grown by append and
// counts of 8 bytes held 24 bytes a line and up to 160 MB, and the heap
// goal of the garbage collector, twice what is live, doubled that).
type bodyLines struct {
	src    string
	starts []int // byte offset of each line
	// cumCJK[i], cumWords[i]: totals over lines [0, i), modulo 2³²: a
	// difference taken in uint32 is exact for any range of fewer units.
	cumCJK, cumWords []uint32
}

func newBodyLines(src string) *bodyLines {
	n := strings.Count(src, "\n")
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++ // a last line without a line end
	}
	l := &bodyLines{src: src, starts: make([]int, 0, n)}
	for off := 0; off < len(src); {
		l.starts = append(l.starts, off)
		i := strings.IndexByte(src[off:], '\n')
		if i < 0 {
			break
		}
		off += i + 1
	}
	l.cumCJK = make([]uint32, len(l.starts)+1)
	l.cumWords = make([]uint32, len(l.starts)+1)
	for i := range l.starts {
		cjk, words := countTokenUnits(l.text(i))
		l.cumCJK[i+1] = l.cumCJK[i] + uint32(cjk)       //nolint:gosec // running count modulo 2^32, wrapping on purpose
		l.cumWords[i+1] = l.cumWords[i] + uint32(words) //nolint:gosec // as cumCJK
	}
	return l
}

// count is the number of lines (a final newline does not open a line).
func (l *bodyLines) count() int { return len(l.starts) }

// lineOf returns the 0-based line holding byte offset off (clamped).
func (l *bodyLines) lineOf(off int) int {
	if len(l.starts) == 0 {
		return 0
	}
	i := sort.SearchInts(l.starts, off+1) - 1
	return max(0, min(i, len(l.starts)-1))
}

// span returns the byte range of line i without its line ending.
func (l *bodyLines) span(i int) (int, int) {
	start := l.starts[i]
	end := len(l.src)
	if i+1 < len(l.starts) {
		end = l.starts[i+1]
	}
	if end > start && l.src[end-1] == '\n' {
		end--
	}
	if end > start && l.src[end-1] == '\r' {
		end--
	}
	return start, end
}

func (l *bodyLines) text(i int) string {
	s, e := l.span(i)
	return l.src[s:e]
}

func (l *bodyLines) blank(i int) bool {
	return strings.Trim(l.text(i), " \t") == ""
}

// join returns lines from..to (inclusive) joined with '\n'.
func (l *bodyLines) join(from, to int) string {
	var b strings.Builder
	for i := from; i <= to; i++ {
		if i > from {
			b.WriteByte('\n')
		}
		b.WriteString(l.text(i))
	}
	return b.String()
}

// tokens estimates the tokens of lines from..to (inclusive); it equals
// EstimateTokens(l.join(from, to)).
func (l *bodyLines) tokens(from, to int) int {
	if from > to {
		return 0
	}
	cjk := l.cumCJK[to+1] - l.cumCJK[from]
	words := l.cumWords[to+1] - l.cumWords[from]
	return tokensFromUnits(int(cjk), int(words))
}
