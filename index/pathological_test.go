package index

import (
	"fmt"
	"strings"
)

// Pathological inputs: Markdown whose shape makes a parser do work far
// beyond its size (deep nesting of brackets, lists or quotes).
type pathoCase struct {
	name string
	gen  func(size int) []byte
}

var pathoCases = []pathoCase{
	{"brackets", func(n int) []byte {
		return []byte(strings.Repeat("[", n/2) + strings.Repeat("]", n/2))
	}},
	{"bracket-links", func(n int) []byte {
		return []byte(strings.Repeat("[a](", n/4) + strings.Repeat(")", n/4))
	}},
	{"nested-lists", func(n int) []byte {
		var b strings.Builder
		for d := 0; b.Len() < n; d = (d + 1) % 200 {
			b.WriteString(strings.Repeat("  ", d))
			b.WriteString("- item\n")
		}
		return []byte(b.String())
	}},
	{"list-markers", func(n int) []byte {
		var b strings.Builder
		for b.Len() < n {
			b.WriteString(strings.Repeat("- ", 500))
			b.WriteString("x\n")
		}
		return []byte(b.String())
	}},
	{"blockquotes", func(n int) []byte {
		var b strings.Builder
		for b.Len() < n {
			b.WriteString(strings.Repeat(">", 1000))
			b.WriteString(" x\n")
		}
		return []byte(b.String())
	}},
	{"emphasis", func(n int) []byte {
		return []byte(strings.Repeat("*a **b ", n/7))
	}},
	{"backticks", func(n int) []byte {
		var b strings.Builder
		for i := 1; b.Len() < n; i++ {
			b.WriteString(strings.Repeat("`", i%300+1) + " a ")
		}
		return []byte(b.String())
	}},
	{"wikilinks", func(n int) []byte {
		return []byte(strings.Repeat("[[", n/4) + strings.Repeat("]]", n/4))
	}},
}

func init() {
	pathoCases = append(pathoCases,
		pathoCase{"table-columns", func(n int) []byte {
			row := strings.Repeat("| a ", 2000) + "|\n"
			sep := strings.Repeat("|---", 2000) + "|\n"
			var b strings.Builder
			b.WriteString(row + sep)
			for b.Len() < n {
				b.WriteString(row)
			}
			return []byte(b.String())
		}},
		pathoCase{"normal", func(n int) []byte {
			var b strings.Builder
			for i := 0; b.Len() < n; i++ {
				b.WriteString("## Heading\n\nSome *text* with a [link](x.md) and [[wiki]] and `code`.\n\n- item\n  - nested\n\n> quote\n\n")
			}
			return []byte(b.String())
		}},
		pathoCase{"html", func(n int) []byte {
			return []byte(strings.Repeat("<a ", n/3))
		}},
		// Link openings whose destination never closes: goldmark scans
		// from each to the end of the run.
		pathoCase{"unclosed-links", func(n int) []byte {
			return []byte(strings.Repeat("[x](", n/4))
		}},
		pathoCase{"unclosed-angle-links", func(n int) []byte {
			return []byte(strings.Repeat("[x](<", n/5))
		}},
		pathoCase{"angle-links-closed-far", func(n int) []byte {
			return []byte(strings.Repeat("[x](<)", n/6))
		}},
		// MkDocs admonitions nested by indentation: goldmark finds the
		// column of every open block on every line.
		pathoCase{"nested-admonitions", func(n int) []byte {
			var b strings.Builder
			for d := 0; b.Len() < n; d = (d + 1) % 200 {
				b.WriteString(strings.Repeat("    ", d))
				b.WriteString("!!! x\n")
			}
			return []byte(b.String())
		}},
		// A run of link reference definitions: goldmark copies the rest
		// of the run after each one.
		pathoCase{"reference-definitions", func(n int) []byte {
			var b strings.Builder
			for i := 0; b.Len() < n; i++ {
				fmt.Fprintf(&b, "[r%d]: /x%d.md\n", i, i)
			}
			return []byte(b.String())
		}},
	)
}
