package stale

import "strings"

// Line numbers are no part of a source_ref: a ref names a file, a folder,
// a glob or a Go declaration, and its history is read as a whole. GitHub's
// line anchors (src/a.go#L3-L4) and an editor's positions (src/a.go:3)
// are refused, saying what to write instead; until 2026-11-27 the first
// was refused as "not a Go declaration name" and the second reported
// not_found.

// isLineAnchor reports whether symbol is a GitHub line anchor: L3, L3-L4
// or L3-4.
func isLineAnchor(symbol string) bool {
	rest, ok := strings.CutPrefix(symbol, "L")
	if !ok {
		return false
	}
	from, to, isRange := strings.Cut(rest, "-")
	if !isRange {
		return allDigits(from)
	}
	return allDigits(from) && allDigits(strings.TrimPrefix(to, "L"))
}

// lineSuffix is where an editor's position (":3", ":3-4", ":3:7") starts
// at the end of p, -1 when it has none.
func lineSuffix(p string) int {
	i := strings.LastIndexByte(p, ':')
	if i < 0 {
		return -1
	}
	from, to, isRange := strings.Cut(p[i+1:], "-")
	if !allDigits(from) || isRange && !allDigits(to) {
		return -1
	}
	if j := strings.LastIndexByte(p[:i], ':'); !isRange && j >= 0 && allDigits(p[j+1:i]) {
		return j // line:column
	}
	return i
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// noLines is the rejection of a ref to the file file with line numbers.
func noLines(file string) string {
	if strings.HasSuffix(file, ".go") {
		return "source_refs take no line numbers: write " + file + ", or " + file + "#Name for a Go declaration"
	}
	return "source_refs take no line numbers: write " + file + ", the whole file"
}
