package index

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
)

func TestTitle(t *testing.T) {
	tests := []struct {
		name, path, src, want string
	}{
		{"frontmatter title wins", "a/b.md", "---\ntitle: From YAML\n---\n# From H1\n", "From YAML"},
		{"first H1 when no title", "a/b.md", "Intro\n\n# First *Bold* `code` [link](x.md) H1\n\n# Second\n", "First Bold code link H1"},
		{"setext H1", "a/b.md", "Setext Title\n============\n", "Setext Title"},
		{"H1 with escapes and entities", "a.md", "# A \\* b &amp; c\n", "A * b & c"},
		{"H2 is not a title", "guides/set-up.md", "## Only H2\n", "set-up"},
		{"file name without .md", "notes/2024 plan (draft).md", "text only\n", "2024 plan (draft)"},
		{"file name without .markdown", "x/Read Me.markdown", "", "Read Me"},
		{"empty frontmatter title falls back", "a/c.md", "---\ntitle: \"\"\n---\n# H\n", "H"},
		{"H1 in a block quote is not a title", "q.md", "> # Quoted\n", "q"},
		{"Japanese H1", "ja.md", "# 設計 ドキュメント\n", "設計 ドキュメント"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustParse(t, tt.path, tt.src)
			if doc.Title != tt.want {
				t.Errorf("Title = %q, want %q", doc.Title, tt.want)
			}
			if doc.Path != tt.path {
				t.Errorf("Path = %q, want %q", doc.Path, tt.path)
			}
		})
	}
}

func TestDocumentHashAndBody(t *testing.T) {
	src := "---\ntitle: x\n---\nbody line\n"
	doc := mustParse(t, "x.md", src)
	sum := sha256.Sum256([]byte(src))
	if doc.Hash != hex.EncodeToString(sum[:]) {
		t.Errorf("Hash = %s, want SHA-256 of the raw file", doc.Hash)
	}
	if doc.Body != "body line\n" {
		t.Errorf("Body = %q", doc.Body)
	}
	if doc.Frontmatter.BodyLine != 4 {
		t.Errorf("BodyLine = %d, want 4", doc.Frontmatter.BodyLine)
	}
}

func TestParseNeverFailsOnOddInput(t *testing.T) {
	inputs := []string{
		"", "\n", "---", "---\n", "---\n---", "\xff\xfe\x00binary", "```\nunclosed fence\n## not a heading\n",
		"| a |\n|---|\n| [[x]] |", strings.Repeat("[[", 1000), strings.Repeat("> ", 500) + "[[deep]]",
		"# \n## \n### \n", "\r\n\r\n## A\r\n[[x]]\r\n",
	}
	for i, in := range inputs {
		t.Run(fmt.Sprint("input ", i), func(t *testing.T) {
			doc, _ := parse("odd.md", []byte(in))
			checkInvariants(t, in, doc)
		})
	}
}
