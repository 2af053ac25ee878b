package main

import (
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"

	"github.com/ubp-dev/ubp/internal/termsafe"
)

// TestTablesLineUpWithDecomposedKana: a file name or title written with
// decomposed kana (デ as テ and U+3099, as files copied from macOS often
// are) takes the columns of its composed form on a terminal: the combining
// mark takes none. It was counted as a wide character, so the list-pages
// row of such a page pushed its TYPE column two columns right per mark,
// and get-page underlined the title with too many "=".
func TestTablesLineUpWithDecomposedKana(t *testing.T) {
	nfd := norm.NFD.String("データ設計")
	if nfd == "データ設計" {
		t.Fatal("the fixture's name is not decomposed")
	}
	root := initProjectWith(t, map[string]string{
		"docs/" + nfd + ".md": "# " + nfd + "\n\n本文。\n",
		"docs/guide.md":       "# ガイド\n\n本文。\n",
	})
	// The columns each line starts its TYPE at, measured on the composed
	// form, which has no combining marks.
	out := mustCLI(t, root, "list-pages")
	var cols []int
	for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if i := strings.Index(line, "other"); i > 0 {
			cols = append(cols, termsafe.Width(norm.NFC.String(line[:i])))
		} else if i := strings.Index(line, "TYPE"); i > 0 {
			cols = append(cols, termsafe.Width(line[:i]))
		}
	}
	if len(cols) != 3 || cols[1] != cols[0] || cols[2] != cols[0] {
		t.Errorf("TYPE starts at columns %v, want one column for the header and both rows:\n%s", cols, out)
	}
	page := mustCLI(t, root, "get-page", nfd+".md")
	lines := strings.SplitN(page, "\n", 3)
	if want := strings.Repeat("=", 10); len(lines) < 2 || lines[1] != want {
		t.Errorf("title underlined %q, want %q (five wide characters)", lines[1], want)
	}
}
