package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
)

// Answers of Search on small projects: what a query finds, and how strongly.

// TestCompoundHitCoversItsParts: a query written as one compound (ms以内)
// whose Latin part is the tail of a longer token in the text (200ms以内)
// matches strongly where the compound is found as written: the compound
// holds each of its parts.
func TestCompoundHitCoversItsParts(t *testing.T) {
	e := searchProject(t, map[string]string{
		"perf.md":  "# 性能\n\n- 応答: 200ms以内\n",
		"other.md": "# 他\n\n以内に返す。\n",
	}, "none")
	res := mustSearch(t, e, SearchOptions{Query: "ms以内", Fulltext: true})
	if len(res.Results) == 0 || res.Results[0].Filepath != "perf.md" || res.Results[0].Match != "strong" {
		t.Fatalf("ms以内 → %+v, want perf.md first, strong", res.Results)
	}
}

// TestQuotedPhraseIsWholeWords: a quoted phrase is found where it stands as
// words: "rust" does not find a page that only says "Trusted", in full text
// or in hybrid search.
func TestQuotedPhraseIsWholeWords(t *testing.T) {
	e := searchProject(t, map[string]string{
		"trust.md": "# Publishing\n\nAdd a Trusted Publisher.\n",
		"rust.md":  "# Language\n\nRust's borrow checker.\n",
	}, "static")
	for _, fulltext := range []bool{true, false} {
		res := mustSearch(t, e, SearchOptions{Query: `"rust"`, Fulltext: fulltext})
		for _, h := range res.Results {
			if h.Filepath == "trust.md" && h.Match != "none" && h.Match != "weak" {
				t.Errorf("fulltext=%v: trust.md found, %s: %+v", fulltext, h.Match, h.Sections)
			}
		}
		if len(res.Results) == 0 || res.Results[0].Filepath != "rust.md" {
			t.Errorf("fulltext=%v: %+v, want rust.md first", fulltext, res.Results)
		}
	}
}

// TestTitleOnlyInFrontmatterIsFound: a page whose title is only in its
// frontmatter (no H1, as Docusaurus and Hugo pages are written) is found
// by its title's words, in full text and hybrid search.
func TestTitleOnlyInFrontmatterIsFound(t *testing.T) {
	e := searchProject(t, map[string]string{
		"q.md":     "---\ntitle: Quokka Handbook\n---\n\nBody text only.\n\n## Feeding\n\nLeaves.\n",
		"other.md": "# Other\n\nNothing about it.\n",
	}, "static")
	wantFirstStrong(t, e, "quokka", "q.md")
}

// wantFirstStrong checks that query finds want first, as a strong match,
// in full text and in hybrid search.
func wantFirstStrong(t *testing.T, e *Engine, query, want string) {
	t.Helper()
	for _, fulltext := range []bool{true, false} {
		res := mustSearch(t, e, SearchOptions{Query: query, Fulltext: fulltext})
		if len(res.Results) == 0 || res.Results[0].Filepath != want || res.Results[0].Match != "strong" {
			t.Errorf("fulltext=%v: %s → %+v, want %s, strong", fulltext, query, res.Results, want)
		}
	}
}

// TestQuotedPhraseAcrossLines: a quoted phrase is found where the text
// wraps it onto the next line, as Markdown writers hard-wrap prose, and
// not where its words stand apart.
func TestQuotedPhraseAcrossLines(t *testing.T) {
	e := searchProject(t, map[string]string{
		"fox.md":   "# Fox\n\nThe quick brown fox jumps over\nthe lazy dog, they say.\n",
		"apart.md": "# Apart\n\nThe dog jumps; over there the cat is lazy.\n",
	}, "none")
	for _, q := range []string{`"jumps over the lazy"`, `"fox jumps over"`, `"over the lazy dog"`} {
		for _, fulltext := range []bool{true, false} {
			res := mustSearch(t, e, SearchOptions{Query: q, Fulltext: fulltext})
			var got []string
			for _, h := range res.Results {
				if h.Match != "none" && h.Match != "weak" {
					got = append(got, h.Filepath)
				}
			}
			if len(got) != 1 || got[0] != "fox.md" {
				t.Errorf("%s (fulltext=%v): %v, want fox.md only", q, fulltext, got)
			}
		}
	}
}

// gluedDocs have Latin words written right after a kanji, which the word
// index keeps inside the kanji's token, and one that holds the word inside
// another only.
var gluedDocs = map[string]string{
	"new-api.md": "# 仕様\n\n新APIの仕様です。\n",
	"cte.md":     "# 階層\n\n再帰CTEで木をたどる。\n",
	"model.md":   "# モデル\n\n約470MBのモデルを使う。\n",
	"plain.md":   "# Plain\n\nThe api of the service.\n",
	"rapid.md":   "# Growth\n\nA rapid growth of the capital.\n",
}

// TestLatinWordAfterKanji: a three-letter Latin word or number written
// right after a kanji (新API, 再帰CTE, 約470MB) is found by that word, in
// full text and hybrid search, with its concept matched (strong), while
// the postings are read and while they wait to be written (a scan); a
// word merely containing it (rapid) is not.
func TestLatinWordAfterKanji(t *testing.T) {
	e := searchProject(t, gluedDocs, "static")
	cases := []struct {
		query string
		want  []string
	}{
		{"api", []string{"new-api.md", "plain.md"}},
		{"API", []string{"new-api.md", "plain.md"}},
		{"cte", []string{"cte.md"}},
		{"470", []string{"model.md"}},
		{"470MB", []string{"model.md"}},
	}
	check := func(label string) {
		t.Helper()
		for _, c := range cases {
			for _, fulltext := range []bool{true, false} {
				res := mustSearch(t, e, SearchOptions{Query: c.query, Fulltext: fulltext})
				got := map[string]string{}
				for _, h := range res.Results {
					got[h.Filepath] = h.Match
				}
				for _, p := range c.want {
					if got[p] != "strong" {
						t.Errorf("%s: %q (fulltext=%v) → %v, want %s strong", label, c.query, fulltext, got, p)
					}
				}
				if m, ok := got["rapid.md"]; ok && m != "none" && m != "weak" {
					t.Errorf("%s: %q (fulltext=%v) found rapid.md, %s", label, c.query, fulltext, m)
				}
			}
		}
	}
	check("postings")
	if _, err := e.db.Exec(`INSERT OR IGNORE INTO section_units_pending(id) SELECT id FROM sections`); err != nil {
		t.Fatal(err)
	}
	check("units queued")
}

// TestGluedWordNoRarerThanTheWord: a page saying the word right after a
// kanji, alone or beside the word on its own, does not outrank by that
// alone pages saying the word as often on its own: the glued occurrences
// weigh with the word's IDF, not with their own few.
func TestGluedWordNoRarerThanTheWord(t *testing.T) {
	for _, glued := range []string{"公開APIの一覧。", "The api list, 公開APIの一覧。"} {
		files := map[string]string{"glued.md": "# 公開\n\n" + glued + "\n"}
		for i := range 6 {
			files[fmt.Sprintf("api%d.md", i)] = fmt.Sprintf("# Page %d\n\nThe api list, the api list.\n", i)
		}
		e := searchProject(t, files, "none")
		res := mustSearch(t, e, SearchOptions{Query: "api", Fulltext: true})
		if len(res.Results) != 7 {
			t.Fatalf("%s: api → %d results, want 7", glued, len(res.Results))
		}
		if res.Results[0].Filepath == "glued.md" {
			t.Errorf("%s: glued.md first with BM25 %.3f against %s's %.3f: a glued word weighs as a rare one", glued,
				res.Results[0].ScoreBreakdown.BM25, res.Results[1].Filepath, res.Results[1].ScoreBreakdown.BM25)
		}
	}
}

// TestGluedWordsMigration: an index written before the short-term
// postings kept glued words is queued by migration 0019, answers by scan
// until the next indexing run writes them, and then from them.
func TestGluedWordsMigration(t *testing.T) {
	e := searchProject(t, gluedDocs, "none")
	// What the schema-18 code wrote: units without glued words.
	e2 := reopenBefore(t, e, 18, `DELETE FROM section_units WHERE rowid IN (SELECT id FROM sections WHERE content LIKE '%CTE%')`)
	queued := coreCount(t, e2, `SELECT count(*) FROM section_units_pending`)
	if queued == 0 {
		t.Fatal("nothing queued by the migration")
	}
	if got := ftPaths(mustFulltext(t, e2, FulltextOptions{Query: "cte"})); len(got) != 1 || got[0] != "cte.md" {
		t.Errorf("cte while queued: %v", got)
	}
	coreIndex(t, e2, false)
	if n := coreCount(t, e2, `SELECT count(*) FROM section_units_pending`); n != 0 {
		t.Fatalf("%d sections still queued after a run", n)
	}
	if n := coreCount(t, e2, `SELECT count(*) FROM section_units_instance WHERE term = 'cte'`); n != 1 {
		t.Errorf("glued word cte in the postings %d times, want 1", n)
	}
	if got := ftPaths(mustFulltext(t, e2, FulltextOptions{Query: "cte"})); len(got) != 1 || got[0] != "cte.md" {
		t.Errorf("cte from the postings: %v", got)
	}
}

// TestShortWordsMigration: an index written before the short-term
// postings kept Latin words of one or two letters is queued whole by
// migration 0030, answers by scan until the next indexing run writes
// them, then from them; a section added later, ASCII only, is queued too.
func TestShortWordsMigration(t *testing.T) {
	docs := map[string]string{
		"go.md":  "# Go\n\nWe go on. The x axis.\n",
		"ja.md":  "# UI\n\n新UIとDB設計。\n",
		"not.md": "# Not\n\nGoing and axis and goal.\n",
	}
	e := searchProject(t, docs, "none")
	// What the schema-29 code wrote: units and glued words, no short words.
	e2 := reopenBefore(t, e, 29, `INSERT INTO section_units(section_units) VALUES ('delete-all')`,
		`INSERT INTO section_units_pending(id) SELECT id FROM sections WHERE length(content) < length(CAST(content AS BLOB))`)
	if n, all := coreCount(t, e2, `SELECT count(*) FROM section_units_pending`), coreCount(t, e2, `SELECT count(*) FROM sections`); n != all {
		t.Fatalf("%d of %d sections queued by the migration", n, all)
	}
	want := map[string][]string{"go": {"go.md"}, "x": {"go.md"}, "ui": {"ja.md"}, "db": {"ja.md"}}
	check := func(when string) { t.Helper(); wantFulltextPaths(t, e2, want, when) }
	check("while queued")
	coreIndex(t, e2, false)
	if n := coreCount(t, e2, `SELECT count(*) FROM section_units_pending`); n != 0 {
		t.Fatalf("%d sections still queued after a run", n)
	}
	for w, n := range map[string]int{"go": 2, "x": 1, "ui": 2, "db": 1} {
		if got := coreCount(t, e2, `SELECT count(*) FROM section_units_instance WHERE term = '`+w+`'`); got != n {
			t.Errorf("short word %q in the postings %d times, want %d", w, got, n)
		}
	}
	check("from the postings")
	coreEdit(t, filepath.Join(e2.Project().DocsDir(), "new.md"), "# New\n\nNow we go again.\n")
	coreIndex(t, e2, false)
	want["go"] = []string{"go.md", "new.md"}
	check("after an ASCII page was added")
}

// wantFulltextPaths checks that each query of want finds its paths, in
// order, in full-text search of e; when names the moment in errors.
func wantFulltextPaths(t *testing.T, e *Engine, want map[string][]string, when string) {
	t.Helper()
	for q, paths := range want {
		if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: q})); !slices.Equal(got, paths) {
			t.Errorf("%s: %q → %v, want %v", when, q, got, paths)
		}
	}
}

// TestSharpWordsMigration: an index written before migration 0032 has no
// postings for names like c# or pairs like 表1; the migration drops the
// postings of the sections that may hold them and queues those sections,
// so searches answer by scan until the next indexing run writes them, and
// from the postings after.
func TestSharpWordsMigration(t *testing.T) {
	docs := map[string]string{
		"c.md":     "# C#\n\nWe write c# and F# here.\n",
		"table.md": "# 表\n\n表1 に示す。第2 章。\n",
		"plain.md": "# Plain\n\nNothing sharp in it.\n",
	}
	e := searchProject(t, docs, "none")
	// What the schema-31 code left: every section's postings written, none queued.
	e2 := reopenBefore(t, e, 31, `INSERT INTO section_units(section_units) VALUES ('delete-all')`,
		`DELETE FROM section_units_pending`,
		`INSERT INTO section_units(rowid, heading, content) SELECT id, '', 'x' FROM sections`)
	if n := coreCount(t, e2, `SELECT count(*) FROM sections s JOIN documents d ON d.id = s.document_id
		WHERE d.filepath IN ('c.md', 'table.md') AND s.id NOT IN (SELECT id FROM section_units_pending)`); n != 0 {
		t.Fatalf("%d sections of c.md and table.md not queued by the migration", n)
	}
	want := map[string][]string{"c#": {"c.md"}, "f#": {"c.md"}, "表1": {"table.md"}}
	check := func(when string) { t.Helper(); wantFulltextPaths(t, e2, want, when) }
	check("while queued")
	coreIndex(t, e2, false)
	if n := coreCount(t, e2, `SELECT count(*) FROM section_units_pending`); n != 0 {
		t.Fatalf("%d sections still queued after a run", n)
	}
	if n := coreCount(t, e2, `SELECT count(*) FROM section_units_instance WHERE term = 'c＃'`); n != 2 {
		t.Errorf("c# in the postings %d times, want 2 (heading and text)", n)
	}
	check("from the postings")
}

// TestTitleBeforeFirstH2IsFound: a page whose H1 is followed at once by an
// H2 (the usual ADR: "# Kubernetes Migration", "## Status") is found by
// its title's words, strongly, in full text and hybrid search.
func TestTitleBeforeFirstH2IsFound(t *testing.T) {
	e := searchProject(t, map[string]string{
		"0005-k8s.md": "# Kubernetes Migration\n\n## Status\n\nAccepted\n\n## Context\n\nWe need to move the services off the old hosts.\n",
		"other.md":    "# Other\n\nNothing about it.\n",
	}, "static")
	wantFirstStrong(t, e, "kubernetes", "0005-k8s.md")
}

// TestTitleSectionMigration: an index written before title-only sections
// were kept gets them from the re-index migration 0019 demands.
func TestTitleSectionMigration(t *testing.T) {
	e := searchProject(t, map[string]string{
		"0005-k8s.md": "# Kubernetes Migration\n\n## Status\n\nAccepted\n\n## Context\n\nWe need to move the services off the old hosts.\n",
	}, "none")
	// What the schema-18 code wrote: no section 0 before the first H2.
	e2 := reopenBefore(t, e, 18, `DELETE FROM sections WHERE ord = 0 AND heading = ''`)
	if f, err := e2.Freshness(context.Background()); err != nil || !f.NeedsReindex {
		t.Fatalf("freshness after the migration: %+v, %v; want a re-index", f, err)
	}
	coreIndex(t, e2, false)
	if got := ftPaths(mustFulltext(t, e2, FulltextOptions{Query: "kubernetes"})); len(got) != 1 || got[0] != "0005-k8s.md" {
		t.Errorf("kubernetes after the re-index: %v", got)
	}
}

// TestNumberInAWordIsWhole: a word with a number (an error code, a ticket
// id) is not found inside a longer number: ERR42 finds the page of ERR42
// only, not those of ERR420 to ERR429, which ranked above it; the same for
// a three-character word of the word index (x86, not x864).
func TestNumberInAWordIsWhole(t *testing.T) {
	files := map[string]string{
		"err42.md": "# ERR42\n\nError code ERR42 means the disk is full.\n",
		"x86.md":   "# Builds\n\nWe build for x86 only.\n",
		"x864.md":  "# Other\n\nThe x864 board.\n",
	}
	for i := range 10 {
		files[fmt.Sprintf("err42%d.md", i)] = fmt.Sprintf("# ERR42%d\n\nError code ERR42%d means something else; ERR42%d again.\n", i, i, i)
	}
	e := searchProject(t, files, "static")
	for _, c := range []struct{ query, want string }{{"ERR42", "err42.md"}, {"x86", "x86.md"}} {
		for _, fulltext := range []bool{true, false} {
			res := mustSearch(t, e, SearchOptions{Query: c.query, Fulltext: fulltext})
			var strong []string
			for _, h := range res.Results {
				if h.Match == "strong" {
					strong = append(strong, h.Filepath)
				}
			}
			if len(strong) != 1 || strong[0] != c.want || res.Results[0].Filepath != c.want {
				t.Errorf("%s (fulltext=%v): strong %v, first %s; want %s only", c.query, fulltext, strong, res.Results[0].Filepath, c.want)
			}
		}
	}
}

// TestMDXPagesAreDocuments: .mdx files (Markdown with JSX, as Docusaurus
// writes its pages) are documents: found by search and by name, and
// links to them, by path or wiki name, resolve. They were skipped without
// a word, and links to them were neither resolved nor dangling.
func TestMDXPagesAreDocuments(t *testing.T) {
	e := searchProject(t, map[string]string{
		"api/overview.mdx": "---\ntitle: API overview\n---\nimport Tabs from '@theme/Tabs';\n\n# API overview\n\nThe wombat endpoint lists items.\n",
		"intro.md":         "# Intro\n\nSee [the API](api/overview.mdx) and [[overview]].\n",
	}, "none")
	ctx := context.Background()
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "wombat"})); len(got) != 1 || got[0] != "api/overview.mdx" {
		t.Errorf("wombat: %v", got)
	}
	for _, ref := range []string{"api/overview.mdx", "api/overview", "overview", "API overview"} {
		if p, err := e.GetPage(ctx, ref); err != nil || p.Filepath != "api/overview.mdx" {
			t.Errorf("GetPage(%s): %+v, %v", ref, p.Filepath, err)
		}
	}
	p, err := e.GetPage(ctx, "intro.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range p.Outlinks {
		if !l.Resolved || l.Filepath != "api/overview.mdx" {
			t.Errorf("link %+v, want resolved to api/overview.mdx", l)
		}
	}
	if len(p.Outlinks) != 2 {
		t.Errorf("%d links, want 2", len(p.Outlinks))
	}
}
