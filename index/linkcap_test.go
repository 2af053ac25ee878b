package index

import (
	"fmt"
	"strings"
	"testing"
)

// TestDocLinksCapped: a document keeps its first MaxDocLinks links, in
// document order with their context, and warns, naming the file, how many
// it dropped; the frontmatter's links count too.
func TestDocLinksCapped(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\nrelated: [\"[[fm]]\"]\n---\n# T\n\n")
	for i := range MaxDocLinks + 5 {
		fmt.Fprintf(&b, "See [[p%d]] and more.\n\n", i)
	}
	doc, warns := Parse("many.md", []byte(b.String()))
	if len(doc.Links) != MaxDocLinks {
		t.Fatalf("%d links, want %d", len(doc.Links), MaxDocLinks)
	}
	if l := doc.Links[len(doc.Links)-1]; l.Target != fmt.Sprintf("p%d", MaxDocLinks-2) || !strings.Contains(l.Context, l.Target) {
		t.Errorf("last link kept %+v, want p%d with its context", l, MaxDocLinks-2)
	}
	var found bool
	for _, w := range warns {
		if w.File == "many.md" && strings.Contains(w.Message, "6 links after the first 10000") {
			found = true
		}
	}
	if !found {
		t.Errorf("warnings %v, want one naming many.md and the 6 links dropped", warns)
	}
	small, warns := Parse("few.md", []byte("# T\n\n[[a]] [[b]]\n"))
	if len(small.Links) != 2 || len(warns) != 0 {
		t.Errorf("few links: %d, warnings %v", len(small.Links), warns)
	}
}

// TestDocLinksCappedByOne: one link past the cap is counted in the singular,
// as ubp counts everywhere ("1 link … was", not "1 links … were").
func TestDocLinksCappedByOne(t *testing.T) {
	var b strings.Builder
	b.WriteString("# T\n\n")
	for i := range MaxDocLinks + 1 {
		fmt.Fprintf(&b, "[[p%d]] ", i)
	}
	_, warns := Parse("one-over.md", []byte(b.String()))
	want := fmt.Sprintf("1 link after the first %d was not indexed", MaxDocLinks)
	for _, w := range warns {
		if strings.Contains(w.Message, want) {
			return
		}
	}
	t.Errorf("warnings %v, want one saying %q", warns, want)
}
