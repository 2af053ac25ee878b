package index

import (
	"fmt"
	"path"
	"strings"
	"testing"
)

// words returns n distinct English words ("w0-tag w1-tag …" style tokens are
// avoided: each returned word is one letters+digits run), so a text of n
// words estimates to ceil(1.3·n) tokens.
func words(n int, tag string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprintf("%s%d", tag, i)
	}
	return strings.Join(parts, " ")
}

// mustParse parses src and fails the test on any warning.
func mustParse(t *testing.T, path, src string) *Document {
	t.Helper()
	doc, warns := Parse(path, []byte(src))
	if len(warns) > 0 {
		t.Fatalf("unexpected warnings: %v", warns)
	}
	checkInvariants(t, src, doc)
	return doc
}

// checkInvariants verifies what must hold for every parsed document.
func checkInvariants(t testing.TB, src string, doc *Document) {
	t.Helper()
	src = string(bareCRToLF([]byte(src))) // lines as Parse counts them
	nLines := strings.Count(src, "\n")
	if !strings.HasSuffix(src, "\n") {
		nLines++
	}
	prevEnd := 0
	for i, s := range doc.Sections {
		if s.Order != i {
			t.Fatalf("section %d has Order %d", i, s.Order)
		}
		if s.StartLine < 1 || s.EndLine < s.StartLine || s.EndLine > nLines {
			t.Fatalf("section %d lines %d-%d outside file of %d lines", i, s.StartLine, s.EndLine, nLines)
		}
		if s.StartLine <= prevEnd {
			t.Fatalf("section %d starts at %d, before the end of the previous (%d)", i, s.StartLine, prevEnd)
		}
		prevEnd = s.EndLine
		if got := strings.Count(s.Content, "\n") + 1; got != s.EndLine-s.StartLine+1 {
			t.Fatalf("section %d content has %d lines, range %d-%d", i, got, s.StartLine, s.EndLine)
		}
		if s.Tokens != EstimateTokens(s.Content) {
			t.Fatalf("section %d Tokens %d != EstimateTokens(Content) %d", i, s.Tokens, EstimateTokens(s.Content))
		}
	}
	for _, l := range doc.Links {
		if l.SectionOrder < 0 || l.SectionOrder >= len(doc.Sections) {
			t.Fatalf("link %+v points at section %d of %d", l, l.SectionOrder, len(doc.Sections))
		}
		s := doc.Sections[l.SectionOrder]
		if l.Line < s.StartLine || l.Line > s.EndLine {
			t.Fatalf("link on line %d assigned to section %d (lines %d-%d)", l.Line, s.Order, s.StartLine, s.EndLine)
		}
		if n := len([]rune(l.Context)); n > ContextRunes {
			t.Fatalf("link context has %d runes (> %d): %q", n, ContextRunes, l.Context)
		}
		// Only a Markdown link can be to a rendered name or route, and it is
		// one exactly when it does not name the Markdown file.
		ext := strings.ToLower(path.Ext(l.Target))
		if wantRendered := l.Kind == KindMarkdown && !IsMarkdownExt(ext); l.Rendered != wantRendered {
			t.Fatalf("link %+v: rendered %v, want %v", l, l.Rendered, wantRendered)
		}
		if l.Kind == KindMarkdown && strings.TrimSpace(l.Target) == "" {
			t.Fatalf("markdown link %+v names no file or folder", l)
		}
	}
}
