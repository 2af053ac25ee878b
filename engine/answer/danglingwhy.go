package answer

import (
	"path"
	"strings"

	"github.com/ubp-dev/ubp/index"
)

// DanglingWhy says why the target of a dangling link can name no page, or
// "" when it cannot tell (a page not written yet, a misspelt name): a
// target ending in a file extension that is no Markdown one ([[notes.txt]],
// [[run.sh#main]]) names a file ubp does not index, as it indexes Markdown
// only. Such a link was listed as dangling with nothing to tell it from a
// misspelt page name. An extension is a dot and up to ten ASCII letters
// and digits, one a letter at least: [[v1.2]] is a name, not a file.
// Attachments (images, PDFs, ...) are no links at all (index.Parse).
func DanglingWhy(target string) string {
	target, _, _ = strings.Cut(strings.TrimSpace(target), "#")
	ext := path.Ext(target)
	if len(ext) < 2 || len(ext) > 11 || ext == target || index.IsMarkdownExt(ext) {
		return ""
	}
	letter := false
	for _, c := range ext[1:] {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			letter = true
		case c >= '0' && c <= '9':
		default:
			return ""
		}
	}
	if !letter {
		return ""
	}
	return "not an indexed page: ubp indexes Markdown files (.md, .markdown, .mdx), not " + strings.ToLower(ext) + " files"
}
