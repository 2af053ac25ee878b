package index

import (
	"strings"
	"unicode"
)

// splitHeadingAttrs splits the attribute block a heading's text may end
// with off it: "Install the CLI {#install}" is the heading "Install the
// CLI" with the explicit anchor "install". Docusaurus, Hugo, Pandoc and
// MkDocs (attr_list, also "{: #id .class }") write a heading's id so, and
// render the heading without the braces; GitHub shows them as text, but a
// page written for those tools means the id. The block must be the last
// thing of the heading and hold only attributes (#id, .class, key=value);
// otherwise, or when nothing would be left of the heading, the text is
// returned whole with no id ("Use {braces} here", "Path {#}"). A block
// of classes alone is dropped from the text, and id is "".
func splitHeadingAttrs(text string) (heading, id string) {
	if !strings.HasSuffix(text, "}") {
		return text, ""
	}
	open := strings.LastIndexByte(text, '{')
	if open < 0 {
		return text, ""
	}
	before := strings.TrimSpace(text[:open])
	inner := strings.TrimPrefix(strings.TrimSpace(text[open+1:len(text)-1]), ":")
	fields := strings.Fields(inner)
	if before == "" || len(fields) == 0 {
		return text, ""
	}
	named := false // an #id or a .class: key=value alone is no block
	for _, f := range fields {
		switch {
		case len(f) > 1 && f[0] == '#' && isAnchorID(f[1:]):
			if id == "" {
				id = f[1:]
			}
			named = true
		case len(f) > 1 && f[0] == '.' && isAnchorID(f[1:]):
			named = true
		case strings.IndexByte(f, '=') > 0:
		default:
			return text, ""
		}
	}
	if !named {
		return text, ""
	}
	return before, id
}

// endsWithAttrs reports whether the source of a heading's last line (raw,
// as written, without an ATX closing sequence) ends with an attribute
// block as Markdown, not inside a code span (## Heading IDs `{#id}`) nor
// with an escaped brace (## Set \{#x\}): the text splitHeadingAttrs reads
// has lost both.
func endsWithAttrs(raw string) bool {
	raw = strings.TrimRight(raw, " \t\r\n")
	if !strings.HasSuffix(raw, "}") {
		return false
	}
	open := strings.LastIndexByte(raw, '{')
	if open < 0 || escaped(raw, open) || escaped(raw, len(raw)-1) || strings.Count(raw[:open], "`")%2 != 0 {
		return false
	}
	_, id := splitHeadingAttrs(raw)
	block := raw[open:]
	return !strings.ContainsRune(block, '`') && (id != "" || strings.Contains(block, "."))
}

// escaped reports whether the byte at i of s follows an odd number of
// backslashes.
func escaped(s string, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && s[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

// isAnchorID reports whether s can be an id of an attribute block:
// letters, digits, '-', '_', ':' and '.'.
func isAnchorID(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("-_:.", r) {
			return false
		}
	}
	return true
}
