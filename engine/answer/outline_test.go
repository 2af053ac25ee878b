package answer

import (
	"crypto/sha256"
	"reflect"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

// outlinePages are pages whose outline is easy to get wrong: setext
// headings, headings in lists, quotes and code (not the page's parts),
// a frontmatter title, the same heading twice, a page of no heading, an
// empty body.
var outlinePages = map[string]string{
	"setext.md":      "Title\n=====\n\nIntro.\n\nPart one\n--------\n\nText.\n\nA paragraph\nof two lines\n---\n\nMore.\n",
	"nested.md":      "# Top\n\n- item\n\n  ## In a list\n\n> ## In a quote\n>\n> text\n\n```\n## In code\n```\n\n<!--\n## In a comment\n-->\n\n## Real\n\nText.\n",
	"frontmatter.md": "---\ntitle: Named Elsewhere\naliases: [named]\n---\nIntro before any heading.\n\n## First\n\n### Deeper\n\n#### Deepest\n\n## Second\n",
	"duplicates.md":  "# Same\n\n## Same\n\ntext\n\n## Same\n\n### Same\n\n## Other\n\n## Same\n",
	"plain.md":       "Just text,\nno heading at all.\n",
	"empty.md":       "---\ntitle: Empty\n---\n",
	"ref-heading.md": "## [Linked][ref]\n\n[ref]: https://example.com\n\n## `code` *and* **marks**\n",
}

// parsedOutline is the page's outline from a parse of its body, as Outline
// computes it when it has not seen the body before.
func parsedOutline(p Page) []PageSection {
	return p.outlineFrom(index.Headings(p.Content))
}

// TestOutlineIsTheParses: the outline of a page is the one a parse of its
// body gives, the first time and every time after (from the cache), for
// pages parsed as the index parses them; a body that changed by one
// character is parsed again.
func TestOutlineIsTheParses(t *testing.T) {
	// Each page as written and followed by enough prose to be cached.
	filler := "\n" + strings.Repeat("A filler line of prose, long enough to count.\n", headingCacheMinBody/40)
	for name, src := range outlinePages {
		for _, long := range []bool{false, true} {
			if long {
				src += filler
			}
			doc, _ := index.Parse(name, []byte(src))
			p := Page{Filepath: name, Content: doc.Body, BodyStart: doc.Frontmatter.BodyLine}
			want := parsedOutline(p)
			for _, pass := range []string{"first", "again"} {
				if got := p.Outline(); !reflect.DeepEqual(got, want) {
					t.Errorf("%s (long %v), %s: outline\n%+v\nwant\n%+v", name, long, pass, got, want)
				}
			}
			headings.mu.Lock()
			_, cached := headings.byKey[sha256.Sum256([]byte(p.Content))]
			headings.mu.Unlock()
			if cached != long {
				t.Errorf("%s (%d bytes): cached %v", name, len(p.Content), cached)
			}
		}
		doc, _ := index.Parse(name, []byte(src))
		p := Page{Filepath: name, Content: doc.Body, BodyStart: doc.Frontmatter.BodyLine}
		// The same body further down a file: the lines follow it.
		moved := p
		moved.BodyStart += 3
		if got, want := moved.Outline(), parsedOutline(moved); !reflect.DeepEqual(got, want) {
			t.Errorf("%s, 3 lines lower: outline\n%+v\nwant\n%+v", name, got, want)
		}
	}
	// Two long bodies of one length, one heading apart.
	a := Page{Content: strings.Repeat("text\n", headingCacheMinBody/4) + "## Alpha\n"}
	b := Page{Content: strings.Repeat("text\n", headingCacheMinBody/4) + "## Omega\n"}
	if a.Outline()[1].Heading != "Alpha" || b.Outline()[1].Heading != "Omega" || a.Outline()[1].Heading != "Alpha" {
		t.Errorf("a changed body got another's outline: %+v, %+v", a.Outline(), b.Outline())
	}
}

// TestHeadingCacheBounds: the least recently used body goes first past
// the bounds, and one with more headings than the cache holds is not kept.
func TestHeadingCacheBounds(t *testing.T) {
	c := newHeadingCache(2, 5)
	hs := func(n int) []index.Heading { return make([]index.Heading, n) }
	keys := [][32]byte{{1}, {2}, {3}, {4}}
	c.add(keys[0], hs(1))
	c.add(keys[1], hs(1))
	c.mu.Lock()
	c.order.MoveToFront(c.byKey[keys[0]]) // 0 used last
	c.mu.Unlock()
	c.add(keys[2], hs(1)) // over 2 entries: 1 goes
	c.add(keys[3], hs(6)) // more than 5 headings: not kept
	var held []int
	for i, k := range keys {
		if _, ok := c.byKey[k]; ok {
			held = append(held, i)
		}
	}
	if !reflect.DeepEqual(held, []int{0, 2}) || c.held != 2 {
		t.Errorf("held %v (%d headings), want [0 2] (2)", held, c.held)
	}
	c.add(keys[1], hs(4)) // 6 headings in all: 0, the least recent, goes
	if _, ok := c.byKey[keys[0]]; ok || c.held != 5 || c.order.Len() != 2 {
		t.Errorf("after a large entry: %d entries, %d headings, first kept %v", c.order.Len(), c.held, ok)
	}
}
