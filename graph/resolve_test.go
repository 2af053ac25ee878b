package graph

import (
	"reflect"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// mainDocs is a small docs tree exercising every rule.
var mainDocs = []DocRef{
	{ID: 1, Path: "README.md", Title: "Overview"},
	{ID: 2, Path: "designs/database.md", Title: "Database Design", Aliases: []string{"DB", "ユーザーDB", " db "}},
	{ID: 3, Path: "designs/architecture.md", Title: "Architecture"},
	{ID: 4, Path: "specs/api.md", Title: "API Spec", Aliases: []string{"Interface"}},
	{ID: 5, Path: "specs/sub/deep.md", Title: "Deep"},
	{ID: 6, Path: "x/designs/database.md", Title: "Old database"},
	{ID: 7, Path: "notes/会議メモ.md", Title: "会議メモ 2024"},
	{ID: 8, Path: "notes/my note (draft).md", Title: "Draft"},
	{ID: 9, Path: "notes/Café.md", Title: "Coffee"},
	{ID: 10, Path: norm.NFD.String("notes/Résumé.md"), Title: "CV"}, // given in NFD
	{ID: 11, Path: "glossary/terms.md", Title: "Shared Name"},
	{ID: 12, Path: "glossary/other.md", Title: "Other", Aliases: []string{"shared name"}},
	{ID: 13, Path: "misc/notes.md", Title: "Misc", Aliases: []string{"architecture"}},
	{ID: 14, Path: "designs/README.md", Title: "Designs index"},
	{ID: 15, Path: "guides/setup.markdown", Title: "Setup"},
	{ID: 16, Path: "specs/settings.md", Title: "The `config.json` file", Aliases: []string{"`cfg`"}},
}

func resolved(id int64, rule string) Resolution {
	return Resolution{ID: id, Resolved: true, Rule: rule}
}

func ambiguous(rule string, ids ...int64) Resolution {
	return Resolution{ID: ids[0], Resolved: true, Ambiguous: true, Candidates: ids, Rule: rule}
}

type resolveCase struct {
	name   string
	from   string
	target string
	want   Resolution
}

func runResolveCases(t *testing.T, docs []DocRef, cases []resolveCase) {
	t.Helper()
	r := NewResolver(docs)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := r.Resolve(tc.from, tc.target)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Resolve(%q, %q) = %+v, want %+v", tc.from, tc.target, got, tc.want)
			}
		})
	}
}

func TestResolveRules(t *testing.T) {
	nfdCafe := norm.NFD.String("café")
	runResolveCases(t, mainDocs, []resolveCase{
		// self
		{"self empty target", "designs/database.md", "", resolved(2, RuleSelf)},
		{"self blank target", "designs/database.md", "  ", resolved(2, RuleSelf)},
		{"self NFD from path", norm.NFD.String("notes/Résumé.md"), "", resolved(10, RuleSelf)},
		{"self unknown document", "nowhere.md", "", Resolution{}},
		{"self no from path", "", "", Resolution{}},

		// path
		{"path without extension", "README.md", "designs/database", resolved(2, RulePath)},
		{"path with extension", "README.md", "designs/database.md", resolved(2, RulePath)},
		{"path leading slash", "specs/api.md", "/designs/database.md", resolved(2, RulePath)},
		{"path from subfolder", "specs/api.md", "designs/architecture", resolved(3, RulePath)},
		{"path cleaned", "README.md", "specs/../designs/database", resolved(2, RulePath)},
		{"path .markdown extension", "README.md", "guides/setup", resolved(15, RulePath)},
		{"path .md written for .markdown file", "README.md", "guides/setup.md", resolved(15, RulePath)},
		{"path deeper", "README.md", "x/designs/database", resolved(6, RulePath)},
		{"path japanese", "README.md", "notes/会議メモ", resolved(7, RulePath)},
		{"path spaces and parentheses", "README.md", "notes/my note (draft).md", resolved(8, RulePath)},
		{"path NFD target NFC file", "README.md", norm.NFD.String("notes/Café.md"), resolved(9, RulePath)},
		{"path NFC target NFD file", "README.md", "notes/Résumé", resolved(10, RulePath)},
		{"path ./ tolerated when nothing relative", "specs/api.md", "./designs/database", resolved(2, RulePath)},
		{"path rendered name .html", "README.md", "designs/database.html", resolved(2, RulePath)},
		{"path rendered name .htm any case", "README.md", "designs/database.HTM", resolved(2, RulePath)},
		{"path rendered name of a .markdown file", "README.md", "guides/setup.html", resolved(15, RulePath)},

		// relative
		{"relative parent", "designs/database.md", "../README.md", resolved(1, RuleRelative)},
		{"relative parent no extension", "designs/database.md", "../specs/api", resolved(4, RuleRelative)},
		{"relative dot slash", "designs/database.md", "./architecture.md", resolved(3, RuleRelative)},
		{"relative subfolder", "specs/api.md", "sub/deep", resolved(5, RuleRelative)},
		{"relative two parents", "specs/sub/deep.md", "../../designs/database.md", resolved(2, RuleRelative)},
		{"relative dot slash from root", "README.md", "./specs/api.md", resolved(4, RuleRelative)},
		{"relative japanese", "notes/my note (draft).md", "./会議メモ.md", resolved(7, RuleRelative)},
		{"relative rendered name", "designs/database.md", "./architecture.html", resolved(3, RuleRelative)},

		// escaping the root never resolves, not even by file name
		{"escape from root", "README.md", "../README.md", Resolution{}},
		{"escape two levels", "designs/database.md", "../../README.md", Resolution{}},
		{"escape with matching file name", "designs/x.md", "../../outside/database.md", Resolution{}},
		{"escape to a generated page", "designs/x.md", "../../std/vec/struct.Vec.html", Resolution{}},
		{"escape rooted", "README.md", "/../README.md", Resolution{}},
		{"escape to root itself", "README.md", "..", Resolution{}},
		{"root itself is the root folder: its README", "README.md", "/", resolved(1, RulePath)},

		// filename
		{"filename", "README.md", "architecture", resolved(3, RuleFilename)},
		{"filename case-insensitive", "README.md", "ARCHITECTURE.MD", resolved(3, RuleFilename)},
		{"filename other extension spelling", "README.md", "Architecture.markdown", resolved(3, RuleFilename)},
		{"filename deep", "README.md", "deep", resolved(5, RuleFilename)},
		{"filename NFD target", "README.md", nfdCafe, resolved(9, RuleFilename)},
		{"filename NFC target for NFD file", "README.md", "RÉSUMÉ", resolved(10, RuleFilename)},
		{"filename japanese", "README.md", "会議メモ", resolved(7, RuleFilename)},
		{"filename spaces and parentheses", "README.md", "My Note (Draft)", resolved(8, RuleFilename)},
		{"filename outer spaces trimmed", "README.md", "  my note (draft) ", resolved(8, RuleFilename)},
		{"filename .markdown file", "README.md", "SETUP", resolved(15, RuleFilename)},
		{"suffix", "README.md", "sub/deep", resolved(5, RuleFilename)},
		{"suffix case-insensitive", "README.md", "X/Designs/Database", resolved(6, RuleFilename)},
		{"suffix matches whole paths only", "README.md", "igns/database", Resolution{}},
		{"suffix ambiguous prefers shallowest", "README.md", "Designs/Database.md", ambiguous(RuleFilename, 2, 6)},
		{"broken relative link found by suffix", "specs/sub/deep.md", "../designs/architecture.md", resolved(3, RuleFilename)},
		{"broken relative link other folder", "specs/sub/deep.md", "../moved/architecture.md", Resolution{}},
		{"filename ambiguous prefers shallowest", "README.md", "database", ambiguous(RuleFilename, 2, 6)},

		// alias and title
		{"alias", "README.md", "DB", resolved(2, RuleAlias)},
		{"alias case-insensitive", "README.md", "interface", resolved(4, RuleAlias)},
		{"alias japanese", "README.md", "ユーザーDB", resolved(2, RuleAlias)},
		{"title", "README.md", "database design", resolved(2, RuleTitle)},
		{"title japanese", "README.md", "会議メモ 2024", resolved(7, RuleTitle)},
		{"alias before title", "README.md", "Shared Name", resolved(12, RuleAlias)},
		{"title with code as rendered", "README.md", "the config.json file", resolved(16, RuleTitle)},
		{"title with code as written", "README.md", "The `config.json` file", resolved(16, RuleTitle)},
		{"alias with code as rendered", "README.md", "cfg", resolved(16, RuleAlias)},

		// unresolved
		{"unresolved name", "README.md", "nonexistent", Resolution{}},
		{"unresolved path", "README.md", "designs/nope", Resolution{}},
		{"non-markdown file", "README.md", "image.png", Resolution{}},
		{"only dots", "README.md", ".", Resolution{}},
	})
}

func TestResolvePrecedence(t *testing.T) {
	docs := []DocRef{
		{ID: 1, Path: "designs/database.md", Title: "Database"},
		{ID: 2, Path: "specs/designs/database.md", Title: "Spec database"},
		{ID: 3, Path: "specs/api.md", Title: "architecture"},
		{ID: 4, Path: "README.md", Title: "Readme"},
		{ID: 5, Path: "designs/README.md", Title: "Designs", Aliases: []string{"database"}},
		{ID: 6, Path: "misc/architecture.md", Title: "Arch"},
		{ID: 7, Path: "misc/glossary.md", Title: "Glossary", Aliases: []string{"designs/database"}},
	}
	runResolveCases(t, docs, []resolveCase{
		{"path before relative", "specs/api.md", "designs/database", resolved(1, RulePath)},
		{"relative when no root path", "specs/api.md", "designs/database.md", resolved(1, RulePath)},
		{"explicit ./ is relative first", "specs/api.md", "./designs/database", resolved(2, RuleRelative)},
		{"explicit ../ is relative first", "specs/designs/x.md", "../designs/database", resolved(2, RuleRelative)},
		{"path before filename", "designs/database.md", "README", resolved(4, RulePath)},
		{"relative before filename", "designs/database.md", "../README", resolved(4, RuleRelative)},
		{"filename before alias", "README.md", "Database", ambiguous(RuleFilename, 1, 2)},
		{"filename before title", "README.md", "architecture", resolved(6, RuleFilename)},
		{"path before alias", "README.md", "designs/database", resolved(1, RulePath)},
		{"filename same folder wins", "designs/database.md", "readme", ambiguous(RuleFilename, 5, 4)},
		{"filename shallowest wins", "specs/api.md", "readme", ambiguous(RuleFilename, 4, 5)},
	})
}

func TestResolveAmbiguity(t *testing.T) {
	docs := []DocRef{
		{ID: 1, Path: "a/common.md"},
		{ID: 2, Path: "b/common.md"},
		{ID: 3, Path: "c/d/common.md"},
		{ID: 4, Path: "zeta/guide.md"},
		{ID: 5, Path: "alpha/beta/guide.md"},
		{ID: 6, Path: "p/x.md"},
		{ID: 7, Path: "p/x.markdown"},
		{ID: 8, Path: "q/one.md", Aliases: []string{"Twin"}},
		{ID: 9, Path: "r/two.md", Title: "twin"},
		{ID: 10, Path: "s/three.md", Aliases: []string{"TWIN"}},
		{ID: 11, Path: "t/four.md", Title: "Same"},
		{ID: 12, Path: "t/five.md", Title: "same"},
	}
	runResolveCases(t, docs, []resolveCase{
		// Relative paths are case-sensitive, so "Common" reaches rule filename.
		{"same folder first", "b/x.md", "Common", ambiguous(RuleFilename, 2, 1, 3)},
		{"same folder first deep", "c/d/y.md", "Common", ambiguous(RuleFilename, 3, 1, 2)},
		{"relative before ambiguous filename", "b/x.md", "common", resolved(2, RuleRelative)},
		{"shallowest then alphabetical", "z/x.md", "common", ambiguous(RuleFilename, 1, 2, 3)},
		{"shallowest beats alphabetical", "README.md", "guide", ambiguous(RuleFilename, 4, 5)},
		{"both extensions alphabetical", "README.md", "p/x", ambiguous(RulePath, 7, 6)},
		{"exact extension is not ambiguous", "README.md", "p/x.md", resolved(6, RulePath)},
		{"aliases ambiguous title ignored", "README.md", "twin", ambiguous(RuleAlias, 8, 10)},
		{"titles ambiguous same folder", "t/five.md", "SAME", ambiguous(RuleTitle, 12, 11)},
		{"titles ambiguous alphabetical", "README.md", "SAME", ambiguous(RuleTitle, 12, 11)},
	})
}

func TestResolveDuplicateIDs(t *testing.T) {
	// A caller bug (same id twice) must not produce an ambiguity with itself.
	r := NewResolver([]DocRef{
		{ID: 1, Path: "a/x.md"},
		{ID: 1, Path: "b/x.md"},
	})
	got := r.Resolve("README.md", "x")
	if want := resolved(1, RuleFilename); !reflect.DeepEqual(got, want) {
		t.Errorf("Resolve = %+v, want %+v", got, want)
	}
}

func TestResolveEmptyResolver(t *testing.T) {
	r := NewResolver(nil)
	for _, target := range []string{"", "x", "../x", "/x", "a/b"} {
		t.Run(target, func(t *testing.T) {
			if got := r.Resolve("a.md", target); !reflect.DeepEqual(got, Resolution{}) {
				t.Errorf("Resolve(%q) on no docs = %+v, want unresolved", target, got)
			}
		})
	}
}

// TestResolveFolderTargets: a target ending in '/' names a folder, as
// VitePress (/guide/ for guide/index.md) and GitHub (setup/ for
// setup/README.md) sources link: its index, else its README, by the path
// and relative rules (and as a path suffix), never a document named like
// the folder.
func TestResolveFolderTargets(t *testing.T) {
	docs := []DocRef{
		{ID: 1, Path: "guide/index.md", Title: "Guide"},
		{ID: 2, Path: "guide/README.md", Title: "Guide readme"},
		{ID: 3, Path: "setup/README.md", Title: "Setup"},
		{ID: 4, Path: "setup.md", Title: "Setup page"},
		{ID: 5, Path: "a/b/index.md", Title: "B"},
		{ID: 6, Path: "a/page.md", Title: "Page"},
		{ID: 7, Path: "empty.md", Title: "Empty folder's namesake"},
	}
	runResolveCases(t, docs, []resolveCase{
		{"index before README", "a/page.md", "/guide/", resolved(1, RulePath)},
		{"README when no index", "guide/index.md", "../setup/", resolved(3, RuleRelative)},
		{"relative folder", "a/page.md", "./b/", resolved(5, RuleRelative)},
		{"bare relative folder", "a/page.md", "b/", resolved(5, RuleRelative)},
		{"folder as a path suffix", "setup.md", "b/", resolved(5, RuleFilename)},
		{"no folder document", "a/page.md", "/empty/", Resolution{}},
		{"not the folder's namesake", "a/page.md", "/setup/", resolved(3, RulePath)},
	})
	for _, target := range []string{"/guide/", "b/", "./b/", "../setup/"} {
		if k := LinkKeysOf(target); !k.Any {
			t.Errorf("LinkKeysOf(%q) = %+v: a folder target can resolve to index or README, so it must be re-resolved on every change", target, k)
		}
	}
}
