package index

import (
	"bytes"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// frontmatterLinkKey is the lineString key of a link written in the
// frontmatter: the frontmatter's section holds it on its line.
const frontmatterLinkKey = "link"

// frontmatterLinks returns the wiki-links written in the string values of
// a frontmatter, at any depth and under any key (Obsidian's properties:
// related: "[[x]]", up: ["[[a]]", "[[b]]"]), in file order, each on the
// file line holding it with that line as its context, and the links as
// written with their lines for the frontmatter's section. A key naming a
// link type (depends_on: "[[x]]") types the links of its value that do
// not name their own type. The links' SectionOrder is 0, the section that
// frontmatterSection makes of names holding them. top is the frontmatter's
// mapping as parseFrontmatter decoded it (nil: none, or YAML it warned
// about).
func frontmatterLinks(sp frontmatterSplit, top *yaml.Node) ([]Link, []lineString) {
	if top == nil || !bytes.Contains(sp.yaml, []byte("[[")) {
		return nil, nil
	}
	f := fmLinkFinder{sp: sp, lines: strings.Split(string(sp.yaml), "\n")}
	f.walk(top, "", 0)
	return f.links, f.names
}

// fmLinkFinder collects the links of one frontmatter.
type fmLinkFinder struct {
	sp      frontmatterSplit
	lines   []string // the YAML's lines
	links   []Link
	names   []lineString
	scratch []rune
}

// walk collects the links of the values under node n, the value of key.
func (f *fmLinkFinder) walk(n *yaml.Node, key string, depth int) {
	if depth > 64 {
		return
	}
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			f.walk(resolveAlias(n.Content[i+1]), n.Content[i].Value, depth+1)
		}
	case yaml.SequenceNode:
		for _, item := range n.Content {
			f.walk(resolveAlias(item), key, depth+1)
		}
	case yaml.ScalarNode:
		if n.ShortTag() == "!!str" {
			f.scalar(n, key)
		}
	}
}

// scalar collects the links of the string value n of key.
func (f *fmLinkFinder) scalar(n *yaml.Node, key string) {
	keyType, typed := ParseLinkType(key)
	at := max(0, n.Line-1) // the YAML line (from 0) to look for the next link from
	for _, line := range strings.Split(n.Value, "\n") {
		for _, m := range scanWikiLinks(line) {
			if isAttachment(m.target) {
				continue
			}
			written := line[m.start:m.end]
			at = f.lineOf(written, at)
			l := Link{Kind: KindWiki, Type: m.typ, Target: m.target, TargetHeading: m.heading, Alias: m.alias}
			if m.embed {
				l.Kind = KindEmbed
			}
			if typed && !m.typed {
				l.Type = keyType
			}
			l.Line = f.sp.yamlLine + at
			l.Context = f.context(at, written)
			f.links = append(f.links, l)
			f.names = append(f.names, lineString{value: written, line: l.Line, key: frontmatterLinkKey})
		}
	}
}

// lineOf is the YAML line, from line from on, that holds the link written
// so; from itself when none does (a quoted value's escapes).
func (f *fmLinkFinder) lineOf(written string, from int) int {
	for i := from; i < len(f.lines); i++ {
		if strings.Contains(f.lines[i], written) {
			return i
		}
	}
	return min(from, len(f.lines)-1)
}

// context is about ContextRunes characters of YAML line i around the link
// written so.
func (f *fmLinkFinder) context(i int, written string) string {
	src := []byte(f.lines[i])
	at := max(0, bytes.Index(src, []byte(written)))
	return contextAround(src, 0, at, len(src), &f.scratch)
}
