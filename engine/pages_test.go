package engine

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
)

func coreIndexedFixture(t testing.TB) (*Engine, string) {
	t.Helper()
	e, docs := coreFixture(t)
	coreIndex(t, e, false)
	return e, docs
}

func pagePaths(ps []PageSummary) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Filepath
	}
	return out
}

func TestListPages(t *testing.T) {
	e, _ := coreIndexedFixture(t)
	ctx := context.Background()
	cases := []struct {
		name  string
		opts  ListPagesOptions
		want  []string
		total int
	}{
		{"default: by title", ListPagesOptions{}, []string{"adrs/001-choice.md", "designs/database.md", "index.md",
			"guides/setup.md", "architecture.md", "designs/検索.md"}, 6},
		{"by filepath desc", ListPagesOptions{Sort: "filepath", Order: "desc"}, []string{"index.md", "guides/setup.md",
			"designs/検索.md", "designs/database.md", "architecture.md", "adrs/001-choice.md"}, 6},
		{"designs only", ListPagesOptions{DocType: "design", Sort: "filepath"}, []string{"architecture.md",
			"designs/database.md", "designs/検索.md"}, 3},
		{"limit and offset", ListPagesOptions{Sort: "filepath", Limit: 2, Offset: 1}, []string{"architecture.md",
			"designs/database.md"}, 6},
		{"offset past the end", ListPagesOptions{Offset: 10}, []string{}, 6},
		{"no todo pages", ListPagesOptions{DocType: "todo"}, []string{}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := e.ListPages(ctx, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := pagePaths(res.Pages); !reflect.DeepEqual(got, c.want) || res.Total != c.total {
				t.Errorf("pages %v total %d, want %v total %d", got, res.Total, c.want, c.total)
			}
		})
	}
	res, _ := e.ListPages(ctx, ListPagesOptions{Sort: "filepath"})
	counts := map[string]int{}
	for _, p := range res.Pages {
		counts[p.Filepath] = p.LinkCount
		if len(p.DocID) != 12 || p.UpdatedAt == "" || p.Title == "" {
			t.Errorf("incomplete summary %+v", p)
		}
	}
	// database.md: 2 outlinks + 4 backlinks; index.md: 5 outlinks (one to
	// itself, not counted again as a backlink) + 2 backlinks.
	if counts["designs/database.md"] != 6 || counts["index.md"] != 7 {
		t.Errorf("link counts %v", counts)
	}
	// By update time: the most recently modified file first.
	coreEdit(t, filepath.Join(e.Project().DocsDir(), "adrs", "001-choice.md"), "# ADR 001: SQLite\n\nEdited.\n")
	coreIndex(t, e, false)
	res, _ = e.ListPages(ctx, ListPagesOptions{Sort: "updated_at", Order: "desc", Limit: 1})
	if len(res.Pages) != 1 || res.Pages[0].Filepath != "adrs/001-choice.md" {
		t.Errorf("newest page %v", pagePaths(res.Pages))
	}
}

func TestListPagesRejectsBadArguments(t *testing.T) {
	e, _ := coreIndexedFixture(t)
	for _, c := range []struct {
		opts  ListPagesOptions
		param string
	}{
		{ListPagesOptions{Sort: "size"}, "sort"},
		{ListPagesOptions{Order: "up"}, "order"},
		{ListPagesOptions{DocType: "novel"}, "doc_type"},
		{ListPagesOptions{Limit: -1}, "limit"},
		{ListPagesOptions{Offset: -3}, "offset"},
	} {
		t.Run(c.param, func(t *testing.T) {
			res, err := e.ListPages(context.Background(), c.opts)
			var ae *ArgumentError
			if !errors.As(err, &ae) || ae.Param != c.param {
				t.Errorf("ListPages(%+v): %v, want *ArgumentError for %s", c.opts, err, c.param)
			}
			if res.Pages == nil {
				t.Errorf("pages should be an empty list on error")
			}
		})
	}
}

func TestGetPage(t *testing.T) {
	e, _ := coreIndexedFixture(t)
	ctx := context.Background()
	p, err := e.GetPage(ctx, "architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	if p.Title != "System Architecture" || p.DocType != index.DocDesign || !strings.Contains(p.Content, "## Components") ||
		strings.Contains(p.Content, "source_refs:") {
		t.Errorf("page %+v", p)
	}
	if len(p.Sections) == 0 || p.Sections[0].StartLine < 1 {
		t.Errorf("sections %+v", p.Sections)
	}
	wantOut := []PageLink{
		{Filepath: "designs/database.md", Title: "Database", LinkType: index.LinkReferences, Resolved: true, Target: "database", Line: 12},
		{Filepath: "index.md", Title: "Overview", LinkType: index.LinkReferences, Resolved: true, Target: "Overview", Line: 12},
	}
	for i := range p.Outlinks {
		p.Outlinks[i].DocID = ""
	}
	if !reflect.DeepEqual(p.Outlinks, wantOut) {
		t.Errorf("outlinks\n got %+v\nwant %+v", p.Outlinks, wantOut)
	}
	var from []string
	for _, b := range p.Backlinks {
		from = append(from, b.Filepath+"|"+b.Target+"|"+string(b.LinkType))
	}
	wantBack := []string{"designs/database.md|arch|implements", "designs/検索.md|構成|references",
		"guides/setup.md|architecture|references", "index.md|architecture|references"}
	if !reflect.DeepEqual(from, wantBack) {
		t.Errorf("backlinks %v, want %v", from, wantBack)
	}
	for _, b := range p.Backlinks {
		if b.TargetHeading == "" && b.Filepath == "guides/setup.md" {
			t.Errorf("backlink from setup.md lost its heading: %+v", b)
		}
	}
	wantRefs := []RefStatus{{Ref: "src/main.go", Line: 6}}
	if !reflect.DeepEqual(p.SourceRefs, wantRefs) || p.Staleness != stale.Fresh || p.StaleRefs == nil {
		t.Errorf("refs %+v staleness %q stale_refs %v", p.SourceRefs, p.Staleness, p.StaleRefs)
	}
	// A ref to a file that does not exist is listed with its line; whether
	// it makes the page stale is the staleness rules' business.
	db, err := e.GetPage(ctx, "designs/database.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(db.SourceRefs) != 1 || db.SourceRefs[0].Ref != "src/missing.go" || db.SourceRefs[0].Line != 5 ||
		db.Staleness == stale.Untracked || db.Staleness == "" {
		t.Errorf("database.md refs %+v staleness %q", db.SourceRefs, db.Staleness)
	}

	idx, err := e.GetPage(ctx, "index")
	if err != nil {
		t.Fatal(err)
	}
	var dangling *PageLink
	for i, l := range idx.Outlinks {
		if l.Target == "missing-page" {
			dangling = &idx.Outlinks[i]
		}
	}
	if dangling == nil || dangling.Resolved || dangling.DocID != "" || dangling.Filepath != "" {
		t.Errorf("dangling outlink %+v", dangling)
	}
	if idx.Staleness != stale.Untracked || len(idx.SourceRefs) != 0 || idx.SourceRefs == nil {
		t.Errorf("untracked page: %q %v", idx.Staleness, idx.SourceRefs)
	}
	for _, l := range idx.Backlinks {
		if l.Filepath == "index.md" {
			t.Error("a self-link is listed as a backlink")
		}
	}
}

func TestResolvePageRefs(t *testing.T) {
	e, docs := coreIndexedFixture(t)
	ctx := context.Background()
	arch, err := e.GetPage(ctx, "architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{
		"architecture.md", "architecture", "./architecture.md", "/architecture.md", "ARCHITECTURE.MD",
		"docs/architecture.md", filepath.Join(docs, "architecture.md"), "System Architecture",
		"system architecture", "  arch  ", "構成", arch.DocID,
	} {
		_, fp, err := e.ResolvePage(ctx, ref)
		if err != nil || fp != "architecture.md" {
			t.Errorf("ResolvePage(%q) = %q, %v", ref, fp, err)
		}
	}
	tests := []struct{ ref, want string }{
		{"designs/検索", "designs/検索.md"},
		{"検索アルゴリズム", "designs/検索.md"},
		{"データベース", "designs/database.md"},
		{`designs\database.md`, "designs/database.md"},
	}
	for _, tt := range tests {
		t.Run(tt.ref, func(t *testing.T) {
			if _, fp, err := e.ResolvePage(ctx, tt.ref); err != nil || fp != tt.want {
				t.Errorf("ResolvePage(%q) = %q, %v; want %s", tt.ref, fp, err, tt.want)
			}
		})
	}
	var ae *ArgumentError
	if _, _, err := e.ResolvePage(ctx, "  "); !errors.As(err, &ae) {
		t.Errorf("empty ref: %v", err)
	}
}

func TestGetPageNotFoundSuggests(t *testing.T) {
	e, _ := coreIndexedFixture(t)
	cases := []struct {
		ref   string
		first string
	}{
		{"architecure.md", "architecture.md"},      // typo
		{"designs/databse", "designs/database.md"}, // typo in a path
		{"setup-guide", "guides/setup.md"},         // file name contained in the ref
		{"guides", "guides/setup.md"},              // a folder
	}
	for _, c := range cases {
		t.Run(c.ref, func(t *testing.T) {
			_, err := e.GetPage(context.Background(), c.ref)
			var nf *NotFoundError
			if !errors.As(err, &nf) {
				t.Errorf("GetPage(%q): %v, want *NotFoundError", c.ref, err)
				return
			}
			if nf.Query != c.ref || len(nf.Suggestions) == 0 || nf.Suggestions[0] != c.first || len(nf.Suggestions) > 5 {
				t.Errorf("GetPage(%q) suggestions %v, want %s first", c.ref, nf.Suggestions, c.first)
			}
			if !strings.Contains(err.Error(), c.first) {
				t.Errorf("error text %q lacks the suggestion", err)
			}
		})
	}
	_, err := e.GetPage(context.Background(), "zzzzqqqq-nothing-like-it")
	var nf *NotFoundError
	if !errors.As(err, &nf) || len(nf.Suggestions) != 0 || nf.Suggestions == nil {
		t.Errorf("far-off ref: %#v", err)
	}
}

func TestLoadGraph(t *testing.T) {
	e, _ := coreIndexedFixture(t)
	g, err := e.LoadGraph(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if n := len(g.Nodes()); n != 6 {
		t.Errorf("%d nodes, want 6", n)
	}
	id, _, err := e.ResolvePage(context.Background(), "designs/database.md")
	if err != nil {
		t.Fatal(err)
	}
	if in := g.In(id); len(in) != 4 {
		t.Errorf("in-edges of database.md: %v", in)
	}
	out := g.Out(id)
	if len(out) != 2 || out[0].Type != index.LinkImplements || out[1].Type != index.LinkReferences {
		t.Errorf("out-edges of database.md: %v", out)
	}
	// Dangling links are not edges; the graph has one edge per resolved link.
	edges := 0
	for _, n := range g.Nodes() {
		edges += len(g.Out(n))
	}
	if edges != len(fixtureLinks)-1 {
		t.Errorf("%d edges, want %d", edges, len(fixtureLinks)-1)
	}
	want := map[int64]bool{}
	for _, ref := range []string{"architecture.md", "index.md", "designs/検索.md", "adrs/001-choice.md"} {
		nid, _, err := e.ResolvePage(context.Background(), ref)
		if err != nil {
			t.Fatal(err)
		}
		want[nid] = true
	}
	got := map[int64]bool{}
	for _, h := range g.BFS([]int64{id}, 1, nil) {
		got[h.ID] = true
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("neighbours of database.md %v, want %v", got, want)
	}
}

func TestResolvePageWithHeading(t *testing.T) {
	e, _ := coreIndexedFixture(t)
	for _, ref := range []string{"architecture#Components", "architecture.md#data-flow", "System Architecture#Components"} {
		t.Run(ref, func(t *testing.T) {
			if _, fp, err := e.ResolvePage(context.Background(), ref); err != nil || fp != "architecture.md" {
				t.Errorf("ResolvePage(%q) = %q, %v", ref, fp, err)
			}
		})
	}
}

// TestListPagesNextOffset: a page that stops before the end says where the
// next one starts; the last page says nothing.
func TestListPagesNextOffset(t *testing.T) {
	e, _ := coreIndexedFixture(t)
	ctx := context.Background()
	for _, c := range []struct {
		opts ListPagesOptions
		next int
	}{
		{ListPagesOptions{Limit: 2}, 2},
		{ListPagesOptions{Limit: 2, Offset: 2}, 4},
		{ListPagesOptions{Limit: 2, Offset: 4}, 0},
		{ListPagesOptions{Limit: 10}, 0},
		{ListPagesOptions{}, 0},
	} {
		t.Run(fmt.Sprintf("%+v", c.opts), func(t *testing.T) {
			res, err := e.ListPages(ctx, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.NextOffset != c.next {
				t.Errorf("ListPages(%+v): next_offset %d, want %d", c.opts, res.NextOffset, c.next)
			}
		})
	}
}

// TestResolvePageLikeWikiLink: get-page NAME finds the document that
// [[NAME]] in a file at the docs root links to, for every wiki-link of the
// fixture (file names without folder, aliases, titles, paths).
func TestResolvePageLikeWikiLink(t *testing.T) {
	e, _ := coreIndexedFixture(t)
	ctx := context.Background()
	r, err := store.LoadResolver(ctx, e.db)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"database", "DATABASE", "setup", "001-choice", "検索", "データベース", "構成", "arch",
		"Overview", "designs/database", "guides/setup.md", "System Architecture"}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			res := r.Resolve("index.md", name)
			if !res.Resolved {
				t.Fatalf("test setup: [[%s]] does not resolve", name)
			}
			var want string
			if err := e.db.QueryRow(`SELECT filepath FROM documents WHERE id = ?`, res.ID).Scan(&want); err != nil {
				t.Fatal(err)
			}
			_, got, err := e.ResolvePage(ctx, name)
			if err != nil || got != want {
				t.Errorf("ResolvePage(%q) = %q, %v; [[%s]] links to %s", name, got, err, name, want)
			}
		})
	}
}

// TestGetPageFragment: "page#Heading" finds the page and names the section
// (also a heading merged into another section); a heading the page lacks
// leaves the whole page and is named as missing.
func TestGetPageFragment(t *testing.T) {
	e := searchProject(t, map[string]string{
		"guide.md": "---\ntitle: Guide\n---\n\n# Guide\n\nIntro text that is long enough to stay a section of its own here.\n\n" +
			"## Setup\n\nInstall it with make, then run the init command in the project folder you want indexed.\n\n## Ports\n\nPort 8080.\n",
		"a\\b.md": "# Backslash\n\nA file name holding a backslash, which Linux allows.\n",
		"cs.md":   "# CS\n\nIntro text that is long enough to stay a section of its own here, about languages.\n\n## C# Guide\n\nUse the dotnet command line to build and run the project from its folder.\n",
	}, "none")
	ctx := context.Background()
	cases := []struct{ ref, file, fragment, missing string }{
		{"guide#Setup", "guide.md", "Setup", ""},
		{"Guide#ports", "guide.md", "ports", ""}, // merged into Setup, found inside it
		{"guide.md#nowhere", "guide.md", "", "nowhere"},
		{"guide", "guide.md", "", ""},
		{"cs.md#C# Guide", "cs.md", "C# Guide", ""}, // a heading holding '#'
		{`a\b.md`, `a\b.md`, "", ""},                // a file name holding '\'
	}
	for _, c := range cases {
		p, err := e.GetPage(ctx, c.ref)
		if err != nil || p.Filepath != c.file || p.Fragment != c.fragment || p.MissingHeading != c.missing {
			t.Errorf("GetPage(%q) = %q fragment %q missing %q, %v; want %s fragment %q missing %q",
				c.ref, p.Filepath, p.Fragment, p.MissingHeading, err, c.file, c.fragment, c.missing)
		}
	}
	p, err := e.GetPage(ctx, "guide#ports")
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.FindSection(p.Fragment)
	if err != nil || !strings.HasPrefix(s.Content, "## Ports") || strings.Contains(s.Content, "Install") {
		t.Errorf("the merged heading's section = %q, %v", s.Content, err)
	}
}

// TestGetPageNamesSeveral: a name several pages share (a file name in two
// folders, a case-only clash) gives the preferred page and names the
// others, instead of choosing silently; a path as written names one.
func TestGetPageNamesSeveral(t *testing.T) {
	e := searchProject(t, map[string]string{
		"README.md":        "---\ntitle: Root\n---\n\n# Root\n\nx\n",
		"guides/README.md": "---\ntitle: Guides\n---\n\n# Guides\n\ny\n",
		"notes/Alpha.md":   "---\ntitle: Upper\n---\n\n# Upper\n\nz\n",
		"notes/alpha.md":   "---\ntitle: Lower\n---\n\n# Lower\n\nw\n",
	}, "none")
	ctx := context.Background()
	for _, c := range []struct {
		ref, want string
		others    []string
	}{
		{"readme", "README.md", []string{"guides/README.md"}},
		{"notes/ALPHA.md", "notes/Alpha.md", []string{"notes/alpha.md"}},
		{"guides/README.md", "guides/README.md", nil},
		{"notes/alpha.md", "notes/alpha.md", nil},
	} {
		p, err := e.GetPage(ctx, c.ref)
		if err != nil {
			t.Fatalf("GetPage(%q): %v", c.ref, err)
		}
		if p.Filepath != c.want || !slices.Equal(p.AlsoMatches, c.others) {
			t.Errorf("GetPage(%q) = %s, also %v; want %s, also %v", c.ref, p.Filepath, p.AlsoMatches, c.want, c.others)
		}
	}
}
