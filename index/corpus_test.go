package index

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// corpusDir returns a path inside a repository test corpus
// (testdata/corpora/<name>).
func corpusDir(t testing.TB, name string, parts ...string) string {
	t.Helper()
	return filepath.Join(append([]string{fixture.MustCorpus(t, name)}, parts...)...)
}

// markdownFiles reads the Markdown files under root, each by its
// '/'-separated path relative to root.
func markdownFiles(t testing.TB, root string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !IsMarkdownExt(filepath.Ext(p)) {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		src, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = src
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func parseCorpus(t *testing.T, root string) map[string]*Document {
	t.Helper()
	docs := map[string]*Document{}
	for rel, src := range markdownFiles(t, root) {
		doc, warns := Parse(rel, src)
		if len(warns) > 0 {
			t.Errorf("%s: warnings %v", rel, warns)
		}
		checkInvariants(t, string(src), doc)
		docs[rel] = doc
	}
	return docs
}

func TestCorpusTaskflow(t *testing.T) {
	docs := parseCorpus(t, corpusDir(t, "taskflow-docs"))
	if len(docs) != 16 {
		t.Fatalf("found %d documents, want 16", len(docs))
	}

	// Doc types as written: 7 distinct values, each matching its folder.
	written := map[string]bool{}
	folderType := map[string]DocType{
		"designs": DocDesign, "specs": DocSpec, "api": DocAPI, "guides": DocGuide,
		"adrs": DocADR, "meetings": DocMeeting, "todos": DocTodo,
	}
	for p, d := range docs {
		if d.Frontmatter.DocType != "" {
			written[d.Frontmatter.DocType] = true
		}
		folder, _, _ := strings.Cut(p, "/")
		if want, ok := folderType[folder]; ok && d.DocType != want {
			t.Errorf("%s: DocType %q, want %q", p, d.DocType, want)
		}
		if len(d.Sections) == 0 {
			t.Errorf("%s: no sections", p)
		}
	}
	if len(written) != 7 {
		t.Errorf("distinct doc_type values = %v, want 7", written)
	}

	readme := docs["README.md"]
	if readme.DocType != DocOther || readme.Title != "TaskFlow — UBP Sample Documentation" {
		t.Errorf("README: DocType %q Title %q", readme.DocType, readme.Title)
	}
	if len(readme.Links) != 0 {
		t.Errorf("README.md: its link examples are inline code, want no links, got %+v", readme.Links)
	}

	// Every [[…]] in the 15 design docs is real (none sits in code): 34 links.
	counts := map[LinkType]int{}
	total := 0
	for p, d := range docs {
		for _, l := range d.Links {
			if l.Kind != KindWiki {
				t.Errorf("%s: unexpected %s link %+v", p, l.Kind, l)
			}
			counts[l.Type]++
			total++
		}
	}
	if total != 34 {
		t.Errorf("total links = %d, want 34", total)
	}
	wantCounts := map[LinkType]int{LinkReferences: 23, LinkDependsOn: 6, LinkImplements: 3, LinkExtends: 1, LinkConflictsWith: 1}
	for typ, n := range wantCounts {
		if counts[typ] != n {
			t.Errorf("%s links = %d, want %d", typ, counts[typ], n)
		}
	}

	rest := docs["api/rest-endpoints.md"]
	found := false
	for _, l := range rest.Links {
		if l.Target == "specs/search-and-filtering" && l.Type == LinkImplements {
			found = true
			if rest.Sections[l.SectionOrder].Heading != "Overview" {
				t.Errorf("implements link in section %q, want Overview", rest.Sections[l.SectionOrder].Heading)
			}
		}
	}
	if !found {
		t.Errorf("api/rest-endpoints.md lacks [[specs/search-and-filtering|implements]]: %+v", rest.Links)
	}

	db := docs["designs/database.md"]
	var refs []string
	for _, r := range db.Frontmatter.SourceRefs {
		refs = append(refs, r.String())
	}
	if strings.Join(refs, ",") != "src/models/user.ts,src/models/task.ts,src/models/project.ts,src/db/migrations/" ||
		db.Frontmatter.SourceRefs[0].Line != 5 {
		t.Errorf("database.md source_refs = %+v", db.Frontmatter.SourceRefs)
	}
}

func TestCorpusUnifiedBlueprint(t *testing.T) {
	root := corpusDir(t, "unified-blueprint-docs", "docs")
	docs := parseCorpus(t, root)
	if len(docs) != 22 {
		var names []string
		for p := range docs {
			names = append(names, p)
		}
		sort.Strings(names)
		t.Fatalf("found %d documents, want 22: %q", len(docs), names)
	}

	ja := docs["designs/mcp-tools.ja.md"]
	if ja.Title != "MCPツール仕様" || ja.DocType != DocAPI {
		t.Errorf("mcp-tools.ja.md: Title %q DocType %q", ja.Title, ja.DocType)
	}
	if len(ja.Links) == 0 || ja.Links[0].Kind != KindMarkdown || ja.Links[0].Target != "./mcp-tools.md" || ja.Links[0].Alias != "English" {
		t.Errorf("mcp-tools.ja.md first link = %+v, want the [English](./mcp-tools.md) link", ja.Links)
	}
	for _, s := range ja.Sections {
		if s.Heading != "" && s.Anchor == "" {
			t.Errorf("mcp-tools.ja.md section %q has no anchor", s.Heading)
		}
	}

	// The README's table of documents links every design with a Markdown link.
	readme := docs["designs/README.md"]
	md := 0
	for _, l := range readme.Links {
		if l.Kind == KindMarkdown && strings.HasSuffix(l.Target, ".md") {
			md++
		}
	}
	if md < 9 {
		t.Errorf("designs/README.md: %d markdown links, want the language link and 8 design links", md)
	}

	// "[[]]" written in inline code in the PRD is not a link, nor is any
	// syntax example kept in code.
	for _, l := range docs["prds/product-requirements.ja.md"].Links {
		if l.Target == "" && l.TargetHeading == "" {
			t.Errorf("empty link extracted: %+v", l)
		}
	}
}

// TestCorpusSharedBenchmarks parses every document of the shared benchmark
// sets (beside the repository; skipped when absent, required in CI) and
// checks the parser's invariants on each.
func TestCorpusSharedBenchmarks(t *testing.T) {
	for _, name := range []string{"cisi", "medline", "en-docs", "ja-docs"} {
		t.Run(name, func(t *testing.T) {
			root := filepath.Join(fixture.RequireShared(t, name), "docs")
			docs := parseCorpus(t, root)
			if len(docs) == 0 {
				t.Fatalf("no documents under %s", root)
			}
		})
	}
}
