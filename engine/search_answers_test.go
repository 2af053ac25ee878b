package engine

import "testing"

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
	for _, fulltext := range []bool{true, false} {
		res := mustSearch(t, e, SearchOptions{Query: "quokka", Fulltext: fulltext})
		if len(res.Results) == 0 || res.Results[0].Filepath != "q.md" || res.Results[0].Match != "strong" {
			t.Errorf("fulltext=%v: quokka → %+v, want q.md, strong", fulltext, res.Results)
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
