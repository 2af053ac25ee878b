package graph

import (
	"path"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// nfc returns s in Unicode NFC. It does not allocate when s already is.
func nfc(s string) string {
	return norm.NFC.String(s)
}

// fold returns the case-insensitive key of s: NFC, lower case, NFC again
// (lowering can, rarely, leave a string unnormalised).
func fold(s string) string {
	return norm.NFC.String(strings.ToLower(norm.NFC.String(s)))
}

// widen returns the width-insensitive key of a case key k (a value of
// fold): Unicode compatibility form (NFKC), so that full-width ＡＰＩ and
// １ and half-width ｶﾞ read as API, 1 and ガ, then lower case and NFKC again
// (NFKC can leave upper case: Ａ becomes A). Keys that fold alike widen
// alike, since widen is a function of the fold.
func widen(k string) string {
	return norm.NFKC.String(strings.ToLower(norm.NFKC.String(k)))
}

// linkExts are the extensions a link may leave out (a route such as
// ./getting-started has none) or write in place of the document's own: .md
// and .markdown, and .html and .htm, the rendered name of a page that mdBook
// and Jekyll sources link to ([Enums](ch06-00-enums.html) for
// ch06-00-enums.md).
var linkExts = []string{".md", ".markdown", ".mdx", ".html", ".htm"}

// folderPages are the names, without extension, of the document a link to
// a folder ("guide/") stands for, in order of preference: VitePress and
// many site generators render guide/index.md at /guide/, GitHub shows
// guide/README.md, Hugo renders a section's guide/_index.md.
var folderPages = []string{"index", "README", "_index"}

// isFolder reports whether target names a folder: it ends in '/' ("guide/",
// "../setup/", and the unnamed "./", "../", "/").
func isFolder(target string) bool {
	return strings.HasSuffix(target, "/")
}

// unnamedFolder reports whether the folder target is named by no name of
// its own: "./", "../", "../../", "/".
func unnamedFolder(target string) bool {
	b := path.Base(path.Clean(target))
	return b == "." || b == ".." || b == "/"
}

// stripExt removes a trailing .md, .markdown, .html or .htm (any case)
// from p.
func stripExt(p string) string {
	for _, ext := range linkExts {
		if len(p) > len(ext) && strings.EqualFold(p[len(p)-len(ext):], ext) {
			return p[:len(p)-len(ext)]
		}
	}
	return p
}

// cleanRooted cleans p as a path from the docs root: leading slashes are
// dropped and "." / ".." parts are resolved. It reports false when p is
// empty or names the root itself or something outside it.
func cleanRooted(p string) (string, bool) {
	p = path.Clean(strings.TrimLeft(p, "/"))
	if p == "." || escapes(p) {
		return "", false
	}
	return p, true
}

// escapes reports whether the cleaned path p leaves the root.
func escapes(p string) bool {
	return p == ".." || strings.HasPrefix(p, "../")
}

// trimParents drops leading "../" parts of a cleaned path.
func trimParents(p string) string {
	for strings.HasPrefix(p, "../") {
		p = p[3:]
	}
	if p == ".." {
		return ""
	}
	return p
}

// baseName returns the last '/'-separated part of p.
func baseName(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// dirName returns the folder of p, "." for a top-level file.
func dirName(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return "."
}
