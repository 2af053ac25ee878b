package scalecorpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

func TestGenerateIsDeterministic(t *testing.T) {
	a := Generate(Options{Docs: 50, Seed: 7})
	b := Generate(Options{Docs: 50, Seed: 7})
	c := Generate(Options{Docs: 50, Seed: 8})
	if len(a.Docs) != 50 {
		t.Fatalf("got %d documents, want 50", len(a.Docs))
	}
	same, differ := true, false
	for i := range a.Docs {
		if a.Docs[i] != b.Docs[i] {
			same = false
		}
		if a.Docs[i].Text != c.Docs[i].Text {
			differ = true
		}
	}
	if !same {
		t.Error("the same seed and size gave different documents")
	}
	if !differ {
		t.Error("another seed gave the same documents")
	}
}

// TestGeneratedDocumentsParse checks the shape the benchmark relies on:
// every document parses without warnings into several sections with links,
// most declare source_refs that exist, and some are Japanese.
func TestGeneratedDocumentsParse(t *testing.T) {
	c := Generate(Options{Docs: 200, Seed: 1})
	var sections, links, refs, ja int
	for _, d := range c.Docs {
		doc, warns := index.Parse(d.Path, []byte(d.Text))
		if len(warns) > 0 {
			t.Fatalf("%s: warnings %v\n%s", d.Path, warns, d.Text)
		}
		if doc.Title != d.Title {
			t.Errorf("%s: title %q, want %q", d.Path, doc.Title, d.Title)
		}
		sections += len(doc.Sections)
		links += len(doc.Links)
		for _, r := range doc.Frontmatter.SourceRefs {
			refs++
			if _, ok := c.Sources[r.Path]; !ok {
				t.Errorf("%s: source ref %s names no generated file", d.Path, r.Path)
			}
		}
		if d.Japanese {
			ja++
		}
	}
	perDoc := float64(c.Bytes()) / float64(len(c.Docs))
	t.Logf("200 docs: %d sections, %d links, %d source refs, %d Japanese, %.0f bytes a document", sections, links, refs, ja, perDoc)
	if sections < 5*200 || links < 3*200 || refs < 100 || ja < 20 || ja > 80 {
		t.Errorf("corpus shape off: %d sections, %d links, %d refs, %d Japanese", sections, links, refs, ja)
	}
	if perDoc < 1500 || perDoc > 3000 {
		t.Errorf("%.0f bytes a document, want about 2,100", perDoc)
	}
}

func TestWrite(t *testing.T) {
	root := t.TempDir()
	c := Generate(Options{Docs: 10, Seed: 3})
	if err := c.Write(root); err != nil {
		t.Fatal(err)
	}
	for _, d := range c.Docs {
		got, err := os.ReadFile(filepath.Join(root, "docs", d.Path))
		if err != nil || string(got) != d.Text {
			t.Fatalf("%s: %v", d.Path, err)
		}
	}
	for p := range c.Sources {
		if _, err := os.Stat(filepath.Join(root, p)); err != nil {
			t.Fatal(err)
		}
	}
}

func TestMakeQueries(t *testing.T) {
	q := MakeQueries(1, 12)
	if len(q.English) != 12 || len(q.Japanese) != 12 || len(q.Keywords) != 12 {
		t.Fatalf("got %d/%d/%d queries", len(q.English), len(q.Japanese), len(q.Keywords))
	}
	for _, s := range q.Japanese {
		if strings.IndexFunc(s, func(r rune) bool { return r > 0x3000 }) < 0 {
			t.Errorf("Japanese query %q has no Japanese", s)
		}
	}
}
