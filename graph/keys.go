package graph

import (
	"path"
	"strings"

	"github.com/ubp-dev/ubp/index"
)

// Keys tell which links a change to a document can affect, so that links
// are re-resolved only where the answer may move. A link can resolve to a
// document (by any rule, from any folder) only if the link's name key equals
// the document's name key, or its text key is one of the document's text
// keys, or the link's Any is set. So after documents are added, removed,
// renamed or retitled, only the links matching the old or new keys of those
// documents (and the links of the documents themselves, whose folder the
// rules depend on) can resolve differently.

// LinkKeys is what LinkKeysOf returns.
type LinkKeys struct {
	// Name is the folded file name without extension that the rules
	// "path", "relative" and "filename" look up, widened (a document named
	// in another width can match); "" for an empty target.
	Name string
	// Text is the folded and widened target the rules "alias" and "title"
	// look up.
	Text string
	// Any is set when the target can reach a document whose file name is
	// not Name and whose folder is not named Name either (a target made of
	// "." and ".." parts, a file name that is only an extension, or a
	// folder written with its '/', which stands for its index or README
	// here or elsewhere): every change must re-resolve it. A route
	// ("./guide") that reaches the folder's index page matches that
	// page's second name key, the folder's name (DocKeys).
	Any bool
}

// LinkKeysOf returns the keys of a link target, given as to Resolve.
func LinkKeysOf(target string) LinkKeys {
	t := nfc(strings.TrimSpace(target))
	if t == "" {
		return LinkKeys{} // rule "self": the linking document alone
	}
	k := LinkKeys{Text: widen(fold(t))}
	if isFolder(t) {
		k.Any = true // its index or README, whatever the folder's name
		return k
	}
	s := path.Clean(strings.TrimLeft(t, "/"))
	last := baseName(s)
	if last == "." || last == ".." {
		k.Any = true
		return k
	}
	for _, ext := range linkExts {
		if strings.EqualFold(last, ext) {
			k.Any = true
			return k
		}
	}
	k.Name = widen(fold(stripExt(last)))
	return k
}

// DocKeys returns the name keys of a document (its folded and widened file
// name without extension and, for a folder's index page, the folder's
// name, which a route to the folder names it by; none when its path is
// unusable) and its text keys (folded and widened title and aliases), as
// Resolve and ResolveLink match them.
func DocKeys(d DocRef) (names, texts []string) {
	if p, ok := cleanRooted(nfc(d.Path)); ok {
		base := baseName(fold(stripExt(p)))
		names = append(names, widen(base))
		if dir := dirName(p); dir != "." && isFolderPage(base) {
			names = append(names, widen(fold(baseName(dir))))
		}
	}
	for _, k := range nameKeys(d.Title) {
		texts = append(texts, widen(k))
	}
	for _, a := range d.Aliases {
		for _, k := range nameKeys(a) {
			texts = append(texts, widen(k))
		}
	}
	return names, texts
}

// isFolderPage reports whether the folded file name base (without
// extension) is one a folder's index page has (folderPages).
func isFolderPage(base string) bool {
	for _, name := range folderPages {
		if base == fold(name) {
			return true
		}
	}
	return false
}

// TargetOf is the target a link's written text is resolved from, as given
// to Resolve and LinkKeysOf. A Markdown link is relative to its file by
// definition (CommonMark), so a bare "x.md" is tried relative first, then
// from the docs root; a wiki-link's text is its target as written.
func TargetOf(kind index.LinkKind, text string) string {
	if kind == index.KindMarkdown && text != "" &&
		!strings.HasPrefix(text, "/") && !strings.HasPrefix(text, "./") && !strings.HasPrefix(text, "../") {
		return "./" + text
	}
	return text
}
