package index

import (
	"os"
	"testing"
)

// BenchmarkParse parses a realistic 18 KB design document (frontmatter,
// tables, code blocks, wiki-links).
func BenchmarkParse(b *testing.B) {
	src, err := os.ReadFile(corpusDir(b, "taskflow-docs", "designs", "database.md"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		doc, _ := Parse("designs/database.md", src)
		if len(doc.Sections) == 0 {
			b.Fatal("no sections")
		}
	}
}

// BenchmarkParseJapanese parses a Japanese API spec.
func BenchmarkParseJapanese(b *testing.B) {
	src, err := os.ReadFile(corpusDir(b, "unified-blueprint-docs", "docs", "designs", "mcp-tools.ja.md"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Parse("designs/mcp-tools.ja.md", src)
	}
}

func BenchmarkEstimateTokens(b *testing.B) {
	s := "UBP は Markdown の設計書を knowledge graph に変換する。Sections are split at H2/H3 headings. "
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		EstimateTokens(s)
	}
}
