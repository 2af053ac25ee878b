package index

import (
	"bytes"
	"sort"
)

// indentCuts tells where boundIndentCuts cut a body's indentation, so that
// an offset of the bounded body can be read back as one of the body:
// at[k] is the offset, in the bounded body, just after the blanks that
// the k-th cut left (the first byte after the line's indentation), and
// removed[k] how many bytes cuts 0 to k removed in all.
type indentCuts struct {
	at, removed []int
}

// original is the offset in the body of the offset off of the bounded
// body: off itself before the first cut. Nil cuts map every offset to
// itself.
func (c *indentCuts) original(off int) int {
	if c == nil {
		return off
	}
	k := sort.SearchInts(c.at, off+1) // cuts at or before off
	if k == 0 {
		return off
	}
	return off + c.removed[k-1]
}

// boundIndentCuts returns md with the indentation of every line indented
// beyond column (spaces and tabs, a tab to the next multiple of four) cut
// to column spaces, and where it cut; md itself and nil cuts when no line
// is. The lines stay the same, each as blank as it was; only their
// offsets move.
func boundIndentCuts(md []byte, column int) ([]byte, *indentCuts) {
	var out []byte // copy made on the first cut
	var cuts *indentCuts
	done := 0 // md[:done] is in out
	for start := 0; start < len(md); {
		i, w := start, 0
		for i < len(md) && (md[i] == ' ' || md[i] == '\t') {
			if md[i] == '\t' {
				w += 4 - w%4
			} else {
				w++
			}
			i++
		}
		if w > column {
			if out == nil {
				out = make([]byte, 0, len(md))
				cuts = &indentCuts{}
			}
			out = append(out, md[done:start]...)
			for range column {
				out = append(out, ' ')
			}
			done = i
			cuts.at = append(cuts.at, len(out))
			cuts.removed = append(cuts.removed, done-len(out))
		}
		end := bytes.IndexByte(md[i:], '\n')
		if end < 0 {
			break
		}
		start = i + end + 1
	}
	if out == nil {
		return md, nil
	}
	return append(out, md[done:]...), cuts
}
