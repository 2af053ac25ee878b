package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
)

// missWords name the documents of missDocs.
var missWords = []string{"install", "release", "deploy", "monitor", "backup", "network", "storage", "account"}

// missDocs is a docs folder of n documents spread over folders, named
// word-number (install-00008.md in area-02/), plus the pages of
// missQuality's cases.
func missDocs(n int) map[string]string {
	files := map[string]string{
		"architecture.md":         "# Architecture\n\nThe parts.\n",
		"guides/configuration.md": "# Configuration\n\nThe settings.\n",
		"検索.md":                   "# 検索エンジン\n\n全文検索。\n",
		"reference/api-keys.md":   "# API keys\n\nKeys.\n",
	}
	for i := range n {
		w := missWords[i%len(missWords)]
		files[fmt.Sprintf("area-%02d/%s-%05d.md", i%max(4, n/100), w, i)] = fmt.Sprintf("# %s %d\n\nText of %d.\n", w, i, i)
	}
	return files
}

// missCase is a page name that names no document and the page it must
// suggest first.
type missCase struct {
	name, ref, first string
}

var missQuality = []missCase{
	{"first letter", "srchitecture", "architecture.md"},
	{"middle letter", "architexture.md", "architecture.md"},
	{"transposed letters", "arhcitecture", "architecture.md"},
	{"letter missing, no .md", "architectre", "architecture.md"},
	{"letter added in a folder", "guides/configurations", "guides/configuration.md"},
	{"Japanese title typo", "検策エンジン", "検索.md"},
	{"a prefix of the file name", "config", "guides/configuration.md"},
	{"a prefix of a title", "api ke", "reference/api-keys.md"},
	{"typo in a numbered name", "area-05/instal-00040", "area-00/install-00040.md"},
}

// TestGetPageMissSuggestions: a page name that misses suggests the page
// it is one typo from, or the page whose name it starts, first.
func TestGetPageMissSuggestions(t *testing.T) {
	e := searchProject(t, missDocs(400), "none")
	for _, c := range missQuality {
		t.Run(c.name, func(t *testing.T) {
			_, err := e.GetPage(context.Background(), c.ref)
			var nf *NotFoundError
			if !errors.As(err, &nf) {
				t.Fatalf("GetPage(%q): %v, want *NotFoundError", c.ref, err)
			}
			if len(nf.Suggestions) == 0 || nf.Suggestions[0] != c.first {
				t.Errorf("GetPage(%q) suggests %v, want %s first", c.ref, nf.Suggestions, c.first)
			}
		})
	}
}

// TestGetPageMissReadsBoundedDocs: a page lookup that misses (a typo)
// costs about the same in a corpus 8 times larger: it reads the documents
// the name can mean or is close to, not every document's names (twice,
// once to match and once to suggest, a cost proportional to the corpus).
func TestGetPageMissReadsBoundedDocs(t *testing.T) {
	ctx := context.Background()
	const ref = "area-00/instal-00040" // area-00/install-00040.md less a letter
	allocs := map[int]float64{}
	for _, n := range []int{250, 2000} {
		e := searchProject(t, missDocs(n), "none")
		var got []string
		allocs[n] = testing.AllocsPerRun(5, func() {
			_, err := e.GetPage(ctx, ref)
			var nf *NotFoundError
			if !errors.As(err, &nf) {
				t.Fatalf("GetPage(%q) at %d documents: %v, want *NotFoundError", ref, n, err)
			}
			got = nf.Suggestions
		})
		if !slices.Contains(got, "area-00/install-00040.md") {
			t.Errorf("GetPage(%q) at %d documents suggests %v, want area-00/install-00040.md among them", ref, n, got)
		}
	}
	t.Logf("allocations of a miss: %.0f at 250 documents, %.0f at 2,000", allocs[250], allocs[2000])
	if allocs[2000] > allocs[250]*1.5 {
		t.Errorf("a miss allocates %.0f times at 250 documents, %.0f at 2,000: it grows with the corpus", allocs[250], allocs[2000])
	}
}
