package index

import (
	"strings"
	"testing"
)

// wl is a compact expected link: kind, type, target, heading, alias.
type wl struct {
	kind    LinkKind
	typ     LinkType
	target  string
	heading string
	alias   string
}

func linksOf(doc *Document) []wl {
	var out []wl
	for _, l := range doc.Links {
		out = append(out, wl{l.Kind, l.Type, l.Target, l.TargetHeading, l.Alias})
	}
	return out
}

// TestRenderedLinks: a relative link to a page's rendered name (.html,
// .htm: mdBook and Jekyll sources) or route (no extension: VitePress,
// Docusaurus) is a Markdown link marked Rendered; a URL to one is not a
// link.
func TestRenderedLinks(t *testing.T) {
	tests := []struct {
		name, body        string
		target, heading   string
		rendered, isALink bool
	}{
		{"html", "[Enums](ch06-00-enums.html)", "ch06-00-enums.html", "", true, true},
		{"htm with anchor", "[s](guide/setup.HTM#install)", "guide/setup.HTM", "install", true, true},
		{"reference definition", "[Enums][e]\n\n[e]: ch06-00-enums.html", "ch06-00-enums.html", "", true, true},
		{"a generated page", "[Vec](../std/vec/struct.Vec.html)", "../std/vec/struct.Vec.html", "", true, true},
		{"markdown is not rendered", "[d](db.md)", "db.md", "", false, true},
		{"route without extension", "[Start](./getting-started)", "./getting-started", "", true, true},
		{"route from the root with anchor", "[API](/reference/api#errors)", "/reference/api", "errors", true, true},
		{"route with a dot in a folder", "[x](../v1.2/notes)", "../v1.2/notes", "", true, true},
		{"folder route", "[Guide](/guide/)", "/guide/", "", true, true},
		{"relative folder with anchor", "[Setup](../setup/#linux)", "../setup/", "linux", true, true},
		{"parent folder alone", "[up](../)", "../", "", true, true},
		{"this folder", "[here](./)", "./", "", true, true},
		{"this folder without its slash", "[here](.)", ".", "", true, true},
		{"url", "[book](https://doc.rust-lang.org/book/ch06-00-enums.html)", "", "", false, false},
		{"other file type", "[s](style.css)", "", "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Two folders deep: "../x" stays in the docs folder.
			doc := mustParse(t, "a/b/d.md", tt.body+"\n")
			if !tt.isALink {
				if len(doc.Links) != 0 {
					t.Fatalf("links = %+v, want none", doc.Links)
				}
				return
			}
			if len(doc.Links) != 1 {
				t.Fatalf("links = %+v, want one", doc.Links)
			}
			l := doc.Links[0]
			if l.Kind != KindMarkdown || l.Target != tt.target || l.TargetHeading != tt.heading || l.Rendered != tt.rendered {
				t.Errorf("link = %+v, want markdown %q #%q rendered=%v", l, tt.target, tt.heading, tt.rendered)
			}
		})
	}
}

func TestLinkForms(t *testing.T) {
	ref := LinkReferences
	tests := []struct {
		name string
		body string
		want []wl
	}{
		{"plain wiki", "See [[designs/db]].", []wl{{KindWiki, ref, "designs/db", "", ""}}},
		{"wiki with .md", "See [[designs/db.md]].", []wl{{KindWiki, ref, "designs/db.md", "", ""}}},
		{"typed references", "[[a|references]]", []wl{{KindWiki, ref, "a", "", ""}}},
		{"typed depends_on", "[[a|depends_on]]", []wl{{KindWiki, LinkDependsOn, "a", "", ""}}},
		{"typed implements", "[[a|implements]]", []wl{{KindWiki, LinkImplements, "a", "", ""}}},
		{"typed extends", "[[a|extends]]", []wl{{KindWiki, LinkExtends, "a", "", ""}}},
		{"typed conflicts_with", "[[a| conflicts_with ]]", []wl{{KindWiki, LinkConflictsWith, "a", "", ""}}},
		{"alias", "[[designs/db|The Database]]", []wl{{KindWiki, ref, "designs/db", "", "The Database"}}},
		{"type names are case-sensitive", "[[a|Depends_On]]", []wl{{KindWiki, ref, "a", "", "Depends_On"}}},
		{"heading", "[[db#Schema Design]]", []wl{{KindWiki, ref, "db", "Schema Design", ""}}},
		{"heading and type", "[[db#Schema|implements]]", []wl{{KindWiki, LinkImplements, "db", "Schema", ""}}},
		{"heading and alias", "[[db#Schema|the schema]]", []wl{{KindWiki, ref, "db", "Schema", "the schema"}}},
		{"same-document heading", "[[#Local Part]]", []wl{{KindWiki, ref, "", "Local Part", ""}}},
		{"embed", "![[diagrams/flow]]", []wl{{KindEmbed, ref, "diagrams/flow", "", ""}}},
		{"embed with heading", "![[spec#Limits]]", []wl{{KindEmbed, ref, "spec", "Limits", ""}}},
		// An attachment (Obsidian's ![[diagram.png]]) is a file, not a
		// page, as a Markdown image is: no link, so never dangling; a
		// name with a dot that is no attachment's extension stays one.
		{"attachments are no links", "![[diagram.png]] ![[Photo.JPG|300]] [[spec.pdf]] [[board.canvas]] [[v1.2 notes]]", []wl{{KindWiki, ref, "v1.2 notes", "", ""}}},
		{"escaped embed bang", `\![[x]]`, []wl{{KindWiki, ref, "x", "", ""}}},
		{"several on one line", "[[a]], [[b|extends]] and ![[c]]", []wl{
			{KindWiki, ref, "a", "", ""}, {KindWiki, LinkExtends, "b", "", ""}, {KindEmbed, ref, "c", "", ""}}},
		{"inside emphasis", "**[[bold]]** and _[[it]]_", []wl{{KindWiki, ref, "bold", "", ""}, {KindWiki, ref, "it", "", ""}}},
		{"in a table with escaped pipe", "| A | B |\n|---|---|\n| [[api/x\\|depends_on]] | y |", []wl{{KindWiki, LinkDependsOn, "api/x", "", ""}}},
		{"in a list", "- item [[li]]\n  - nested [[deep]]", []wl{{KindWiki, ref, "li", "", ""}, {KindWiki, ref, "deep", "", ""}}},
		{"in a block quote", "> quoted [[q]]", []wl{{KindWiki, ref, "q", "", ""}}},
		{"japanese", "[[ユーザーDB|depends_on]]と[[ログイン機能#認証フロー]]", []wl{
			{KindWiki, LinkDependsOn, "ユーザーDB", "", ""}, {KindWiki, ref, "ログイン機能", "認証フロー", ""}}},
		{"spaces and parentheses in names", "[[my doc (draft)]]", []wl{{KindWiki, ref, "my doc (draft)", "", ""}}},
		{"innermost brackets", "[[[x]]]", []wl{{KindWiki, ref, "x", "", ""}}},
		{"nested opener restarts", "[[a [[b]]", []wl{{KindWiki, ref, "b", "", ""}}},

		{"code span inside wiki", "See [[`b`]].", []wl{{KindWiki, ref, "b", "", ""}}},
		{"code span in a title", "[[the `config.json` page]]", []wl{{KindWiki, ref, "the config.json page", "", ""}}},
		{"code span in heading and alias", "[[db#The `id` column|`id`]]", []wl{{KindWiki, ref, "db", "The id column", "id"}}},
		{"code span as the type", "[[db|`depends_on`]]", []wl{{KindWiki, LinkDependsOn, "db", "", ""}}},
		{"double-backtick span with a backtick", "[[`` a`b ``]]", []wl{{KindWiki, ref, "a`b", "", ""}}},
		{"brackets inside a span stay literal", "[[x `]]` y]]", []wl{{KindWiki, ref, "x ]] y", "", ""}}},
		{"opener inside a span", "`[[`b]]", nil},
		{"closer inside a span", "[[b`]]`", nil},
		{"empty wiki", "[[]] and [[ ]] and [[#]] and [[|x]]", nil},
		{"escaped wiki", `\[[x]] and [\[y]]`, nil},
		{"unclosed wiki", "[[open and more", nil},
		{"wiki across lines", "[[first\nsecond]]", nil},

		{"markdown", "[Database](database.md)", []wl{{KindMarkdown, ref, "database.md", "", "Database"}}},
		{"markdown relative", "[up](../guides/setup.md)", []wl{{KindMarkdown, ref, "../guides/setup.md", "", "up"}}},
		{"mdx page", "[p](intro.mdx#start)", []wl{{KindMarkdown, ref, "intro.mdx", "start", "p"}}},
		{"markdown dot slash", "[x](./a.md)", []wl{{KindMarkdown, ref, "./a.md", "", "x"}}},
		{"markdown .markdown and case", "[a](a.markdown) [b](B.MD)", []wl{
			{KindMarkdown, ref, "a.markdown", "", "a"}, {KindMarkdown, ref, "B.MD", "", "b"}}},
		{"markdown anchor", "[s](db.md#schema-design)", []wl{{KindMarkdown, ref, "db.md", "schema-design", "s"}}},
		{"markdown url-decoded", "[s](my%20doc%20%28v2%29.md#Some%20Part)", []wl{{KindMarkdown, ref, "my doc (v2).md", "Some Part", "s"}}},
		// Decoded to bytes that are not UTF-8, the target was written
		// a\ufffd.md in JSON answers: kept as written.
		{"markdown escape not UTF-8", "[s](a%FF.md#b%FE) [t](d%ff/%E8%A8%AD.md)", []wl{
			{KindMarkdown, ref, "a%FF.md", "b%FE", "s"}, {KindMarkdown, ref, "d%ff/%E8%A8%AD.md", "", "t"}}},
		{"markdown parentheses", "[p](notes/plan(1).md)", []wl{{KindMarkdown, ref, "notes/plan(1).md", "", "p"}}},
		{"markdown angle brackets", "[a](<my doc (draft).md>)", []wl{{KindMarkdown, ref, "my doc (draft).md", "", "a"}}},
		{"markdown escaped paren", `[e](a\(b.md)`, []wl{{KindMarkdown, ref, "a(b.md", "", "e"}}},
		{"markdown with title", `[t](x.md "Title")`, []wl{{KindMarkdown, ref, "x.md", "", "t"}}},
		{"markdown query dropped", "[q](x.md?plain=1#L3)", []wl{{KindMarkdown, ref, "x.md", "L3", "q"}}},
		{"markdown docs-root absolute", "[r](/designs/root.md)", []wl{{KindMarkdown, ref, "/designs/root.md", "", "r"}}},
		{"markdown alias markup stripped", "[**Bold** `code`](b.md)", []wl{{KindMarkdown, ref, "b.md", "", "Bold code"}}},
		{"reference style", "[Guide][g]\n\n[g]: guides/g.md", []wl{{KindMarkdown, ref, "guides/g.md", "", "Guide"}}},
		{"markdown japanese", "[日本語](./設計.ja.md)", []wl{{KindMarkdown, ref, "./設計.ja.md", "", "日本語"}}},
		{"mixed order kept", "[m](m.md) then [[w]]", []wl{{KindMarkdown, ref, "m.md", "", "m"}, {KindWiki, ref, "w", "", ""}}},

		{"external https", "[x](https://example.com/a.md)", nil},
		{"external mailto", "[x](mailto:someone@example.md)", nil},
		{"protocol relative", "[x](//host/a.md)", nil},
		{"same page anchor", "[x](#section)", nil},
		{"not markdown file", "[x](diagram.png) [y](a.md.txt)", nil},
		{"autolink", "<https://example.com/a.md>", nil},
		{"image", "![alt](pic.md)", nil},
		{"inside an inline HTML tag", `<span title="[[no]]">text</span>`, nil},
		{"text between inline HTML tags is text", `<b>[[yes]]</b>`, []wl{{KindWiki, ref, "yes", "", ""}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustParse(t, "a/d.md", tt.body+"\n") // "../x" stays in the docs folder
			got := linksOf(doc)
			if len(got) != len(tt.want) {
				t.Fatalf("links = %+v, want %+v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("link %d = %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestLinksIgnoredInCode(t *testing.T) {
	src := "Inline `[[span]]` and `[t](span.md)` and ``[[double]]``.\n" +
		"\n" +
		"```markdown\n" +
		"[[fenced]] [t](fenced.md)\n" +
		"```\n" +
		"\n" +
		"~~~\n" +
		"![[tilde]]\n" +
		"~~~\n" +
		"\n" +
		"    [[indented]] [t](indented.md)\n" +
		"\n" +
		"<!-- [[comment]] -->\n" +
		"\n" +
		"<div>\n[[html block]]\n</div>\n" +
		"\n" +
		"- list `[[code in list]]`\n" +
		"\n" +
		"| `[[cell\\|code]]` |\n|---|\n" +
		"\n" +
		"After all that, [[real]].\n"
	doc := mustParse(t, "c.md", src)
	got := linksOf(doc)
	want := []wl{{KindWiki, LinkReferences, "real", "", ""}}
	if len(got) != 1 || got[0] != want[0] {
		t.Fatalf("links = %+v, want only %+v", got, want)
	}
	if doc.Links[0].Line != 24 {
		t.Errorf("line = %d, want 24", doc.Links[0].Line)
	}
}

func TestLinkLinesSectionsAndContext(t *testing.T) {
	p := words(30, "w")
	src := "---\n" + // 1
		"title: L\n" + // 2
		"---\n" + // 3
		"Intro links to [[intro-target]].\n" + // 4
		"\n" + // 5
		"## First\n" + // 6
		p + "\n" + // 7
		"A wrapped paragraph that talks about the database layer and\n" + // 8
		"then mentions [[designs/database|depends_on]] in the middle of\n" + // 9
		"a long sentence that keeps going for quite a while afterwards.\n" + // 10
		"\n" + // 11
		"## Second [[in-heading]]\n" + // 12
		p + " [Doc](doc.md)\n" // 13
	doc := mustParse(t, "l.md", src)
	type pos struct {
		target  string
		line    int
		section int
	}
	want := []pos{{"intro-target", 4, 0}, {"designs/database", 9, 1}, {"in-heading", 12, 2}, {"doc.md", 13, 2}}
	if len(doc.Links) != len(want) {
		t.Fatalf("got %d links: %+v", len(doc.Links), doc.Links)
	}
	for i, w := range want {
		l := doc.Links[i]
		if (pos{l.Target, l.Line, l.SectionOrder}) != w {
			t.Errorf("link %d = {%s line %d section %d}, want %+v", i, l.Target, l.Line, l.SectionOrder, w)
		}
	}
	ctx := doc.Links[1].Context
	if !strings.Contains(ctx, "mentions [[designs/database|depends_on]] in the middle") {
		t.Errorf("context = %q, want the words around the link, whitespace collapsed", ctx)
	}
	if !strings.Contains(ctx, "layer and then") {
		t.Errorf("context = %q, want it to span the wrapped lines of the paragraph", ctx)
	}
	if n := len([]rune(ctx)); n < 90 || n > ContextRunes {
		t.Errorf("context has %d runes, want about %d", n, ContextRunes)
	}
	if doc.Links[0].Context != "Intro links to [[intro-target]]." {
		t.Errorf("short context = %q", doc.Links[0].Context)
	}
}

func TestLinkContextJapanese(t *testing.T) {
	jp := strings.Repeat("あいうえお", 40) // 200 runes
	doc := mustParse(t, "j.md", jp+"[[リンク先]]"+jp+"\n")
	ctx := doc.Links[0].Context
	if n := len([]rune(ctx)); n != ContextRunes {
		t.Errorf("context has %d runes, want %d: %q", n, ContextRunes, ctx)
	}
	if !strings.Contains(ctx, "[[リンク先]]") {
		t.Errorf("context %q lacks the link", ctx)
	}
}

func TestLinksInTinyMergedSectionPointToMergedSection(t *testing.T) {
	p := words(30, "w")
	src := "## A\n" + p + "\n## B\nsee [[b-link]]\n## C\n" + p + " [[c-link]]\n"
	doc := mustParse(t, "m.md", src)
	if len(doc.Sections) != 2 {
		t.Fatalf("want 2 sections after merge, got %d", len(doc.Sections))
	}
	if doc.Links[0].SectionOrder != 0 || doc.Links[1].SectionOrder != 1 {
		t.Errorf("section orders = %d, %d; want 0, 1", doc.Links[0].SectionOrder, doc.Links[1].SectionOrder)
	}
}

func TestScanWikiLinks(t *testing.T) {
	tests := []struct {
		in    string
		spans []string // the matched source text
	}{
		{"a [[b]] c", []string{"[[b]]"}},
		{"![[e]]x[[f|g]]", []string{"![[e]]", "[[f|g]]"}},
		{`\[[no]] [[yes]]`, []string{"[[yes]]"}},
		{`[[a\]]b]]`, []string{`[[a\]]b]]`}},
		{"[[a\\|depends_on]]", []string{"[[a\\|depends_on]]"}},
		{"[[", nil},
		{"]]", nil},
		{"[[a]", nil},
		{"[[a\n]]", nil},
		{"[[]]", nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			ms := scanWikiLinks(tt.in)
			var got []string
			for _, m := range ms {
				got = append(got, tt.in[m.start:m.end])
			}
			if strings.Join(got, "\x00") != strings.Join(tt.spans, "\x00") {
				t.Errorf("scanWikiLinks(%q) = %q, want %q", tt.in, got, tt.spans)
			}
		})
	}
	if m := scanWikiLinks("[[a\\|depends_on]]"); m[0].typ != LinkDependsOn || m[0].target != "a" {
		t.Errorf("escaped pipe not a separator: %+v", m[0])
	}
	if m := scanWikiLinks(`[[a\]]b]]`); m[0].target != "a]]b" {
		t.Errorf("escaped bracket: target %q, want a]]b", m[0].target)
	}
}
