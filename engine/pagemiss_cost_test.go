package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/pageref"
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

// TestGetPageMissAfterMigration: an index from before the name variants
// (schema 26) finds and suggests pages as before, reading every document,
// until the next indexing run writes the variants (with the documents'
// keys, which migration 27 drops), after which it reads them.
func TestGetPageMissAfterMigration(t *testing.T) {
	ctx := context.Background()
	e := reopenBefore(t, searchProject(t, missDocs(48), "none"), 26)
	check := func(when string) {
		t.Helper()
		if _, fp, err := e.ResolvePage(ctx, "ARCHITECTURE"); err != nil || fp != "architecture.md" {
			t.Errorf("%s: ResolvePage(ARCHITECTURE) = %q, %v; want architecture.md", when, fp, err)
		}
		for _, c := range missQuality {
			_, err := e.GetPage(ctx, c.ref)
			var nf *NotFoundError
			if !errors.As(err, &nf) || len(nf.Suggestions) == 0 || nf.Suggestions[0] != c.first {
				t.Errorf("%s: GetPage(%q) = %v, want %s suggested first", when, c.ref, err, c.first)
			}
		}
	}
	if n := countRows(t, e, `SELECT count(*) FROM document_name_variants`); n != 0 {
		t.Fatalf("%d name variants right after the migration, want none", n)
	}
	check("migrated, not indexed")
	coreIndex(t, e, false)
	if n := countRows(t, e, `SELECT count(*) FROM meta WHERE key = 'document_keys'`); n != 1 {
		t.Fatalf("document keys not complete after the indexing run")
	}
	if n := countRows(t, e, `SELECT count(DISTINCT document_id) FROM document_name_variants`); n != 52 {
		t.Errorf("%d documents have name variants after the indexing run, want 52", n)
	}
	check("indexed")
}

// TestNameVariantsFollowTheDocuments: a renamed or retitled document is
// suggested under its new names only, and a deleted one leaves no name
// variants behind.
func TestNameVariantsFollowTheDocuments(t *testing.T) {
	ctx := context.Background()
	e := searchProject(t, missDocs(8), "none")
	docs := e.Project().DocsDir()
	if err := os.Rename(filepath.Join(docs, "architecture.md"), filepath.Join(docs, "structure.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(docs, "reference", "api-keys.md")); err != nil {
		t.Fatal(err)
	}
	coreIndex(t, e, false)
	for ref, want := range map[string]string{"structur": "structure.md", "architectyre": "", "api-kyes": ""} {
		_, err := e.GetPage(ctx, ref)
		var nf *NotFoundError
		if !errors.As(err, &nf) {
			t.Fatalf("GetPage(%q): %v, want *NotFoundError", ref, err)
		}
		first := ""
		if len(nf.Suggestions) > 0 {
			first = nf.Suggestions[0]
		}
		if want != "" && first != want || want == "" && slices.ContainsFunc(nf.Suggestions, func(s string) bool {
			return s == "architecture.md" || s == "reference/api-keys.md"
		}) {
			t.Errorf("GetPage(%q) suggests %v, want %q first and no page gone", ref, nf.Suggestions, want)
		}
	}
	want := len(pageref.DocHashes("structure.md", "Architecture", nil))
	if n := countRows(t, e, `SELECT count(*) FROM document_name_variants WHERE document_id = (SELECT id FROM documents WHERE filepath = 'structure.md')`); n != want {
		t.Errorf("the renamed document has %d name variants, want the %d of its new names", n, want)
	}
	if n := countRows(t, e, `SELECT count(*) FROM document_name_variants WHERE document_id NOT IN (SELECT id FROM documents)`); n != 0 {
		t.Errorf("%d name variants of deleted documents", n)
	}
}
