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
		{"leading HTML h1", "README.md", "<h1 align=\"center\">My Project</h1>\n\nText.\n", "My Project"},
		{"HTML h1 over lines with tags and entities", "r.md", "<H1 align=\"center\">\n  <img src=\"logo.png\" alt=\"logo\"><br>\n  Tom &amp; <b>Jerry</b>&#39;s\n</H1>\n<p>tagline</p>\n\n## Use\n", "Tom & Jerry's"},
		{"HTML h1 after a comment block", "r.md", "<!-- badge -->\n\n<h1>Later</h1>\n", "r"},
		{"HTML h1 not first is no title", "r.md", "Intro.\n\n<h1>Later</h1>\n", "r"},
		{"HTML h1 of only an image is no title", "r.md", "<h1><img src=\"logo.png\"></h1>\n", "r"},
		{"unclosed HTML h1 is no title", "r.md", "<h1>Open\n\ntext\n", "r"},
		{"a line break in an HTML h1 is a space", "r.md", "<h1>Tom<br/>Jerry</h1>\n", "Tom Jerry"},
		{"HTML h2 is no title", "r.md", "<h2>Sub</h2>\n", "r"},
		{"a Markdown H1 wins over a leading HTML h1", "r.md", "<h1>Html</h1>\n\n# Markdown\n", "Markdown"},
		{"frontmatter title wins over an HTML h1", "r.md", "---\ntitle: Yaml\n---\n<h1>Html</h1>\n", "Yaml"},
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

// TestParseBareCRLines: a file whose lines end with a bare CR (old Mac
// files; a line ending for CommonMark) has its frontmatter, headings and
// lines, not one line holding everything; its hash stays the file's.
func TestParseBareCRLines(t *testing.T) {
	src := "---\rtitle: T\rdoc_type: spec\r---\r# Top\r\r## Alpha\r\rtext walrus [[b]]\r"
	doc, warns := Parse("cr.md", []byte(src))
	if len(warns) != 0 {
		t.Errorf("warnings %v", warns)
	}
	if doc.Title != "T" || doc.DocType != DocSpec || doc.Frontmatter.BodyLine != 5 {
		t.Errorf("title %q, type %q, body line %d; want T, spec, 5", doc.Title, doc.DocType, doc.Frontmatter.BodyLine)
	}
	var headings []string
	for _, s := range doc.Sections {
		headings = append(headings, fmt.Sprintf("%s@%d", s.Heading, s.StartLine))
	}
	if got := strings.Join(headings, " "); !strings.HasSuffix(got, "Alpha@7") {
		t.Errorf("sections %s, want Alpha at line 7", got)
	}
	if len(doc.Links) != 1 || doc.Links[0].Line != 9 {
		t.Errorf("links %+v, want b on line 9", doc.Links)
	}
	if doc.Hash != hashHex([]byte(src)) {
		t.Error("the hash is not the file's")
	}
	checkInvariants(t, src, doc)
	if got := bareCRToLF([]byte("a\r\nb\rc\r")); string(got) != "a\r\nb\nc\n" {
		t.Errorf("bareCRToLF = %q", got)
	}
}
