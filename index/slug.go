package index

import (
	"strconv"
	"strings"
	"unicode"
)

// Slug turns a heading into a GitHub-style anchor (the algorithm of
// github-slugger): lower-case it, drop every character that is not a letter,
// mark, number, connector punctuation ('_'), '-' or space, then turn each
// space into '-'. CJK letters are kept. Duplicates are not handled here;
// see slugger.
func Slug(heading string) string {
	var b strings.Builder
	b.Grow(len(heading))
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsNumber(r) || unicode.Is(unicode.Pc, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// slugger hands out unique anchors for the headings of one document, the
// way GitHub does: the second "Usage" becomes "usage-1", the third
// "usage-2", skipping suffixes that are already taken.
type slugger struct {
	seen map[string]int
}

func newSlugger() *slugger { return &slugger{seen: map[string]int{}} }

func (s *slugger) next(heading string) string {
	base := Slug(heading)
	slug := base
	if n, ok := s.seen[base]; ok {
		for {
			n++
			slug = base + "-" + strconv.Itoa(n)
			if _, taken := s.seen[slug]; !taken {
				break
			}
		}
		s.seen[base] = n
	}
	s.seen[slug] = 0
	return slug
}

// take hands out id, a heading's explicit anchor ({#id}), as it is, and
// marks it taken, so a later heading with that slug gets a suffix. An id
// an earlier heading already has gets one too (id-1, ...): anchors stay
// unique within a document.
func (s *slugger) take(id string) string {
	anchor := id
	if _, taken := s.seen[id]; taken {
		for n := 1; ; n++ {
			anchor = id + "-" + strconv.Itoa(n)
			if _, taken := s.seen[anchor]; !taken {
				break
			}
		}
	}
	s.seen[anchor] = 0
	return anchor
}
