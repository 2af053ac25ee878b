// Package plural words counts in English as the front ends (the CLI and
// the MCP summaries) print them: the singular for one ("1 document"), the
// plural for any other number ("0 documents", "3 documents").
package plural

import "strconv"

// Noun is one when n is 1, else many: "file" or "files".
func Noun(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Count is n with its noun: "1 file", "3 files".
func Count(n int, one, many string) string {
	return strconv.Itoa(n) + " " + Noun(n, one, many)
}
