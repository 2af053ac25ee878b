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
	for _, f := range fields {
		switch {
		case len(f) > 1 && f[0] == '#' && isAnchorID(f[1:]):
			if id == "" {
				id = f[1:]
			}
		case len(f) > 1 && f[0] == '.' && isAnchorID(f[1:]):
		case strings.IndexByte(f, '=') > 0:
		default:
			return text, ""
		}
	}
	return before, id
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
