package index

import (
	"fmt"
	"strings"
	"testing"
)

// pageShapes are whole pages of one shape, built to size bytes (the last
// unit that fits): deeply nested containers, very long lists and tables,
// one huge line, many headings. Each is what a real page may hold in
// small, repeated to the size of the largest page ubp reads.
var pageShapes = []struct {
	name string
	unit func(i int) string
}{
	// A list nested 2,000 levels deep, then again from the top.
	{"nested-list", func(i int) string { return strings.Repeat("  ", i%2000) + "- item\n" }},
	{"nested-quotes", func(i int) string { return strings.Repeat(">", i%2000+1) + " x\n" }},
	{"nested-quotes-spaced", func(i int) string { return strings.Repeat("> ", i%1000+1) + "x\n" }},
	{"nested-ordered-list", func(i int) string { return strings.Repeat("   ", i%1000) + "1. item\n" }},
	{"long-list", func(i int) string { return fmt.Sprintf("- item %d with [a link](p%d.md) wwwwww\n", i, i%50) }},
	{"long-table", func(i int) string {
		if i == 0 {
			return "| a | b | c |\n|---|---|---|\n"
		}
		return fmt.Sprintf("| cell %d | [l](x%d.md) | some more text in the row |\n", i, i%50)
	}},
	{"one-line", func(int) string { return "word " }},
	{"headings", func(i int) string {
		return fmt.Sprintf("## Heading %d\n\nSome text about %d with a [link](x%d.md) and [[wiki %d]] and `code` %s.\n\n", i, i, i%50, i%30, strings.Repeat("lorem ipsum ", 27))
	}},
}

// pageOfShape is the page of the shape made of unit, about size bytes.
func pageOfShape(unit func(int) string, size int) []byte {
	var b strings.Builder
	for i := 0; ; i++ {
		u := unit(i)
		if b.Len()+len(u) > size {
			break
		}
		b.WriteString(u)
	}
	return []byte(b.String())
}

// BenchmarkParsePageShapes parses each page shape at 1 and 4 MiB: the
// time per byte should not grow with the size.
func BenchmarkParsePageShapes(b *testing.B) {
	for _, s := range pageShapes {
		for _, size := range []int{1 << 20, 4 << 20} {
			src := pageOfShape(s.unit, size)
			b.Run(fmt.Sprintf("%s/%dMiB", s.name, size>>20), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					Parse("page.md", src)
				}
			})
		}
	}
}
