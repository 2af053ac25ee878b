package index

import "testing"

// TestWikiLinkRawText: a wiki-link's text is its source as written,
// whatever inline parsing made of the characters in it: emphasis and
// strikethrough delimiters, raw HTML and autolinks, backslash escapes
// (resolved, as in Markdown) and code spans (their content, as before).
func TestWikiLinkRawText(t *testing.T) {
	ref := LinkReferences
	tests := []struct {
		name string
		body string
		want []wl
	}{
		{"asterisks in a word", "See [[a*b*c]].", []wl{{KindWiki, ref, "a*b*c", "", ""}}},
		{"snake case", "[[snake_case_page]]", []wl{{KindWiki, ref, "snake_case_page", "", ""}}},
		{"double underscore in a word", "[[my__page]]", []wl{{KindWiki, ref, "my__page", "", ""}}},
		{"dunder name", "[[__init__]]", []wl{{KindWiki, ref, "__init__", "", ""}}},
		{"underscores around", "[[_private_]] and [[*starred*]]", []wl{
			{KindWiki, ref, "_private_", "", ""}, {KindWiki, ref, "*starred*", "", ""}}},
		{"strong in the middle", "[[a **b** c]]", []wl{{KindWiki, ref, "a **b** c", "", ""}}},
		{"strikethrough", "[[a~~b~~c]] [[~~old~~ page]]", []wl{
			{KindWiki, ref, "a~~b~~c", "", ""}, {KindWiki, ref, "~~old~~ page", "", ""}}},
		{"angle brackets as raw HTML", "[[Vec<T>]]", []wl{{KindWiki, ref, "Vec<T>", "", ""}}},
		{"a lone angle bracket", "[[a<b]]", []wl{{KindWiki, ref, "a<b", "", ""}}},
		{"an autolink inside", "[[see <https://example.com> here]]", []wl{{KindWiki, ref, "see <https://example.com> here", "", ""}}},
		{"escaped emphasis", `[[a\*b\*c]] [[x\_y]]`, []wl{{KindWiki, ref, "a*b*c", "", ""}, {KindWiki, ref, "x_y", "", ""}}},
		{"escaped angle bracket", `[[a\<b>]]`, []wl{{KindWiki, ref, "a<b>", "", ""}}},
		{"with a type", "[[a*b*c|depends_on]]", []wl{{KindWiki, LinkDependsOn, "a*b*c", "", ""}}},
		{"with a label", "[[_x_|the *label*]]", []wl{{KindWiki, ref, "_x_", "", "the *label*"}}},
		{"with a heading", "[[db#__init__ *args*|implements]]", []wl{{KindWiki, LinkImplements, "db", "__init__ *args*", ""}}},
		{"same-document heading", "[[#a*b*]]", []wl{{KindWiki, ref, "", "a*b*", ""}}},
		{"embed", "![[_x_]]", []wl{{KindEmbed, ref, "_x_", "", ""}}},
		{"code span in emphasis", "[[_`x`_]]", []wl{{KindWiki, ref, "_x_", "", ""}}},
		{"code span beside emphasis", "[[a*b*`c`]]", []wl{{KindWiki, ref, "a*b*c", "", ""}}},
		{"emphasis opened before the link", "*see [[a*b]]", []wl{{KindWiki, ref, "a*b", "", ""}}},
		{"emphasis around the link", "**[[bold]]** and _[[it]]_", []wl{{KindWiki, ref, "bold", "", ""}, {KindWiki, ref, "it", "", ""}}},
		{"in a table cell", "| A | B |\n|---|---|\n| [[a*b*c\\|depends_on]] | y |", []wl{{KindWiki, LinkDependsOn, "a*b*c", "", ""}}},
		{"in a list and a quote", "- [[a*b*c]]\n\n> [[d_e_f]] and [[*g*]]", []wl{
			{KindWiki, ref, "a*b*c", "", ""}, {KindWiki, ref, "d_e_f", "", ""}, {KindWiki, ref, "*g*", "", ""}}},
		{"a Markdown link between stays a link", "*[m](m.md)* [[a*b*]]", []wl{
			{KindMarkdown, ref, "m.md", "", "m"}, {KindWiki, ref, "a*b*", "", ""}}},
		{"brackets inside raw HTML are no link", `<span title="[[no]]">[[_yes_]]</span>`, []wl{{KindWiki, ref, "_yes_", "", ""}}},
		{"brackets inside an autolink are no link", "<https://x.org/[[no]]> [[a*b*]]", []wl{{KindWiki, ref, "a*b*", "", ""}}},
		{"never across lines", "[[a*b\nc*]]", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustParse(t, "d.md", tt.body+"\n")
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
