package graph

import (
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/ubp-dev/ubp/index"
)

// DocRef is what the resolver knows of a document.
type DocRef struct {
	ID int64
	// Path is relative to the docs root, '/' separated, NFC.
	Path    string
	Title   string
	Aliases []string
}

// Resolution is the outcome of resolving one link target.
type Resolution struct {
	ID         int64   // 0 when unresolved (dangling)
	Resolved   bool    // a document was found
	Ambiguous  bool    // several candidates; ID is the preferred one
	Candidates []int64 // all candidates when ambiguous, preferred first
	Rule       string  // rule that matched: "self", "path", "relative", "filename", "alias", "title"; "" when unresolved
}

// The rule names reported in Resolution.Rule.
const (
	RuleSelf     = "self"
	RulePath     = "path"
	RuleRelative = "relative"
	RuleFilename = "filename"
	RuleAlias    = "alias"
	RuleTitle    = "title"
)

// docEntry is a document as the resolver indexes it.
type docEntry struct {
	id         int64
	path       string // NFC, cleaned
	dir        string // folder of path, "." at the root
	depth      int    // number of '/' in path
	foldedStem string // fold(path without extension)
}

// keyMaps index documents by a case key (fold) and, for the documents whose
// key changes when widened, by that width key too.
type keyMaps struct {
	byKey  map[string][]int32 // fold(key)
	byWide map[string][]int32 // widen(fold(key)), only where it differs
}

func newKeyMaps(n int) keyMaps {
	return keyMaps{byKey: make(map[string][]int32, n), byWide: make(map[string][]int32)}
}

// add records document i under case key k.
func (m keyMaps) add(k string, i int32) {
	add(m.byKey, k, i)
	if w := widen(k); w != k {
		add(m.byWide, w, i)
	}
}

// lookup returns the documents whose case key is k; when there are none,
// those whose width key is k's, in document order.
func (m keyMaps) lookup(k string) []int32 {
	if c := m.byKey[k]; len(c) > 0 {
		return c
	}
	return m.wide(k)
}

// wide returns the documents whose width key is k's, in document order:
// those whose case key already is that key, and those that widen to it.
func (m keyMaps) wide(k string) []int32 {
	w := widen(k)
	a, b := m.byKey[w], m.byWide[w]
	if len(a) == 0 || len(b) == 0 {
		if len(a) == 0 {
			return b
		}
		return a
	}
	out := make([]int32, 0, len(a)+len(b))
	out = append(append(out, a...), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// Resolver maps link targets to documents. Build it with NewResolver; it is
// read-only afterwards and safe for concurrent use.
type Resolver struct {
	docs []docEntry
	// Each map goes from a key to indexes into docs, in input order.
	byPath  map[string][]int32 // exact NFC path
	byStem  map[string][]int32 // NFC path without .md/.markdown
	byBase  keyMaps            // folded file name without extension
	byAlias keyMaps            // folded alias
	byTitle keyMaps            // folded title
}

// NewResolver indexes docs for Resolve. Documents whose path is empty or
// leaves the root can still be found by alias or title.
func NewResolver(docs []DocRef) *Resolver {
	r := &Resolver{
		docs:    make([]docEntry, 0, len(docs)),
		byPath:  make(map[string][]int32, len(docs)),
		byStem:  make(map[string][]int32, len(docs)),
		byBase:  newKeyMaps(len(docs)),
		byAlias: newKeyMaps(0),
		byTitle: newKeyMaps(len(docs)),
	}
	for _, d := range docs {
		i := int32(len(r.docs)) //nolint:gosec // document indexes: the index holds far fewer than 2^31 documents
		e := docEntry{id: d.ID}
		if p, ok := cleanRooted(nfc(d.Path)); ok {
			e.path = p
			e.dir = dirName(p)
			e.depth = strings.Count(p, "/")
			stem := stripExt(p)
			e.foldedStem = fold(stem)
			add(r.byPath, p, i)
			add(r.byStem, stem, i)
			r.byBase.add(baseName(e.foldedStem), i)
		}
		r.docs = append(r.docs, e)
		for _, a := range d.Aliases {
			for _, k := range nameKeys(a) {
				r.byAlias.add(k, i)
			}
		}
		for _, k := range nameKeys(d.Title) {
			r.byTitle.add(k, i)
		}
	}
	return r
}

// nameKeys returns the keys a title or alias is found by: as written and,
// when it holds inline code, as it renders without the backticks
// ("The `config.json` file" is also "the config.json file", the text a
// wiki-link holding that code span targets).
func nameKeys(name string) []string {
	k := fold(strings.TrimSpace(name))
	if k == "" {
		return nil
	}
	if !strings.Contains(k, "`") {
		return []string{k}
	}
	plain := strings.Join(strings.Fields(strings.ReplaceAll(k, "`", "")), " ")
	if plain == "" || plain == k {
		return []string{k}
	}
	return []string{k, plain}
}

// add appends doc index i under key k once (a document's own duplicate keys,
// such as two aliases that fold alike, arrive one after the other).
func add(m map[string][]int32, k string, i int32) {
	s := m[k]
	if n := len(s); n > 0 && s[n-1] == i {
		return
	}
	m[k] = append(s, i)
}

// Resolve finds the document that target, linked from the document at
// fromPath, points to. See the package documentation for the rules. It never
// panics, whatever the input.
func (r *Resolver) Resolve(fromPath, target string) Resolution {
	return r.resolve(fromPath, target, ruleSet{byName: true})
}

// ruleSet says which of the optional rules resolve applies.
type ruleSet struct {
	// byName applies rule "filename".
	byName bool
	// routes reads a target without an extension as a Markdown link's
	// route: when no document has that path, a folder there stands for
	// its index page ("sub" as "sub/").
	routes bool
}

// ResolveLink resolves a link of kind written as text in the document at
// fromPath. A wiki-link's text is a target as Resolve takes it. A Markdown
// link's is a path relative to its file (CommonMark): a bare "x.md" is
// tried relative first, then by the other rules (tools that write the
// shortest unique path, as Obsidian does, link so); one written "./x.md"
// or "../x.md" says exactly where the file is, so when it is not there the
// "filename" rule may find it elsewhere only by a path suffix with a
// folder ("../designs/x.md" finds designs/x.md after a move), never by the
// file name alone, which would guess among unrelated pages; a page in
// that very folder named so in another case or width is still found.
func (r *Resolver) ResolveLink(fromPath string, kind index.LinkKind, text string) Resolution {
	t := nfc(strings.TrimSpace(text))
	if kind != index.KindMarkdown {
		return r.Resolve(fromPath, TargetOf(kind, text))
	}
	if t != "" && !strings.HasSuffix(t, "/") && unnamedFolder(t) {
		t += "/" // "." and ".." are the folders "./" and "../"
	}
	if !(strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../")) {
		return r.resolve(fromPath, TargetOf(kind, t), ruleSet{byName: true, routes: true})
	}
	// A folder ("../guide/") is looked up as guide/index or guide/README:
	// a suffix with a folder.
	if rest := trimParents(path.Clean(t)); isFolder(t) || strings.Contains(rest, "/") {
		return r.resolve(fromPath, t, ruleSet{byName: true, routes: true})
	}
	if res := r.resolve(fromPath, t, ruleSet{routes: true}); res.Resolved {
		return res
	}
	fromDir := "."
	if from, ok := cleanRooted(nfc(fromPath)); ok {
		fromDir = dirName(from)
	}
	j := path.Join(fromDir, t)
	if escapes(j) {
		return Resolution{}
	}
	var here []int32
	for _, i := range r.lookupName(t) {
		if r.docs[i].dir == dirName(j) {
			here = append(here, i)
		}
	}
	if len(here) == 0 {
		return Resolution{}
	}
	return r.pick(here, fromDir, RuleFilename)
}

// resolve is Resolve with the optional rules of rules.
func (r *Resolver) resolve(fromPath, target string, rules ruleSet) Resolution {
	from, fromOK := cleanRooted(nfc(fromPath))
	fromDir := "."
	if fromOK {
		fromDir = dirName(from)
	}

	t := nfc(strings.TrimSpace(target))
	if t == "" {
		if fromOK {
			if c := r.byPath[from]; len(c) > 0 {
				return r.pick(c, fromDir, RuleSelf)
			}
		}
		return Resolution{}
	}
	if isFolder(t) {
		// A folder: its index page, else its README, else its _index
		// (VitePress /guide/, GitHub setup/, Hugo), first where the link
		// says; one with no name of its own only there.
		if res := r.resolveFolderAt(fromDir, t); res.Resolved || unnamedFolder(t) {
			return res
		}
		// Else a folder of that name elsewhere, by the rules below.
		for _, name := range folderPages {
			if res := r.resolve(fromPath, t+name, ruleSet{byName: rules.byName}); res.Resolved {
				return res
			}
		}
		return Resolution{}
	}
	rooted := strings.HasPrefix(t, "/")

	// Rules "path" (from the docs root) and "relative" (from the linking
	// file's folder). A target written "./x" or "../x" says it is relative,
	// so for it "relative" is tried first.
	explicit := strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../")
	if explicit {
		if res, done := r.resolveRelative(fromDir, t); done {
			return res
		}
	}
	if p, ok := cleanRooted(t); ok {
		if c := r.lookupPath(p); len(c) > 0 {
			return r.pick(c, fromDir, RulePath)
		}
	} else if rooted {
		return Resolution{} // "/" alone, or "/../x": nothing inside the root
	}
	if !rooted && !explicit {
		if res, done := r.resolveRelative(fromDir, t); done {
			return res
		}
	}

	// A route naming no document there may name a folder there.
	if rules.routes && path.Ext(t) == "" {
		if res := r.resolveFolderAt(fromDir, t); res.Resolved {
			return res
		}
	}

	// Rule "filename": file name, or path suffix, ignoring case.
	if rules.byName {
		if c := r.lookupName(t); len(c) > 0 {
			return r.pick(c, fromDir, RuleFilename)
		}
	}

	// Rules "alias" then "title".
	k := fold(t)
	if c := r.byAlias.lookup(k); len(c) > 0 {
		return r.pick(c, fromDir, RuleAlias)
	}
	if c := r.byTitle.lookup(k); len(c) > 0 {
		return r.pick(c, fromDir, RuleTitle)
	}
	return Resolution{}
}

// resolveFolderAt resolves the folder t names to its index page (see
// folderPage) at the place its path alone says, without the rules that
// look elsewhere: from the docs root for "/guide" (rule "path"), from the
// linking file's folder for "./guide", "../", "." or ".." (rule
// "relative"), and for a bare "guide" from the root, else from the linking
// file's folder, as rules "path" and "relative" are tried for a file.
func (r *Resolver) resolveFolderAt(fromDir, t string) Resolution {
	type place struct{ dir, rule string }
	var places []place
	switch {
	case strings.HasPrefix(t, "/"):
		places = []place{{path.Clean(strings.TrimLeft(t, "/")), RulePath}}
	case strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../") || unnamedFolder(t):
		places = []place{{path.Join(fromDir, t), RuleRelative}}
	default:
		places = []place{{path.Clean(t), RulePath}, {path.Join(fromDir, t), RuleRelative}}
	}
	for _, p := range places {
		if p.dir == "" || escapes(p.dir) {
			continue
		}
		if c := r.folderPage(p.dir); len(c) > 0 {
			return r.pick(c, fromDir, p.rule)
		}
	}
	return Resolution{}
}

// folderPage finds the index page of the folder dir (a cleaned path from
// the docs root, "." for the root): the first of folderPages it holds,
// with any Markdown extension, named as written (README.md) or else in
// another letter case (readme.md, Readme.md), as GitHub shows either.
func (r *Resolver) folderPage(dir string) []int32 {
	for _, name := range folderPages {
		if c := r.lookupPath(path.Join(dir, name)); len(c) > 0 {
			return c
		}
		var c []int32
		for _, i := range r.byBase.byKey[fold(name)] {
			if r.docs[i].dir == dir {
				c = append(c, i)
			}
		}
		if len(c) > 0 {
			return c
		}
	}
	return nil
}

// resolveRelative applies rule "relative". done is true when the answer is
// final: a document was found, or the path escapes the root (which then
// resolves to nothing).
func (r *Resolver) resolveRelative(fromDir, t string) (res Resolution, done bool) {
	j := path.Join(fromDir, t)
	if escapes(j) {
		return Resolution{}, true
	}
	if j == "." {
		return Resolution{}, false
	}
	if c := r.lookupPath(j); len(c) > 0 {
		return r.pick(c, fromDir, RuleRelative), true
	}
	return Resolution{}, false
}

// lookupPath finds documents at the cleaned path p, with or without a
// Markdown extension.
func (r *Resolver) lookupPath(p string) []int32 {
	if c := r.byPath[p]; len(c) > 0 {
		return c
	}
	return r.byStem[stripExt(p)]
}

// lookupName finds documents by file name, or by path suffix when t has a
// '/', ignoring case and extension; when none matches, ignoring width too.
func (r *Resolver) lookupName(t string) []int32 {
	s := trimParents(path.Clean(strings.TrimLeft(t, "/")))
	if s == "" || s == "." {
		return nil
	}
	key := fold(stripExt(s))
	base := baseName(key)
	if c := r.withSuffix(r.byBase.byKey[base], key, asIs); len(c) > 0 {
		return c
	}
	return r.withSuffix(r.byBase.wide(base), key, widen)
}

func asIs(s string) string { return s }

// withSuffix keeps the candidates c whose path ends in the path key (the
// whole key when it has no '/'), both keys compared through norm.
func (r *Resolver) withSuffix(c []int32, key string, norm func(string) string) []int32 {
	if len(c) == 0 || !strings.Contains(key, "/") {
		return c
	}
	key = norm(key)
	suffix := "/" + key
	var out []int32
	for _, i := range c {
		fs := norm(r.docs[i].foldedStem)
		if fs == key || strings.HasSuffix(fs, suffix) {
			out = append(out, i)
		}
	}
	return out
}

// pick turns candidate doc indexes into a Resolution, choosing the
// preferred candidate when there are several: same folder as the linking
// file, then shallowest path, then path order (then id, for duplicates).
func (r *Resolver) pick(c []int32, fromDir, rule string) Resolution {
	if len(c) == 1 {
		return Resolution{ID: r.docs[c[0]].id, Resolved: true, Rule: rule}
	}
	s := make([]int32, len(c))
	copy(s, c)
	sort.Slice(s, func(a, b int) bool {
		da, db := &r.docs[s[a]], &r.docs[s[b]]
		if ha, hb := da.dir == fromDir, db.dir == fromDir; ha != hb {
			return ha
		}
		if da.depth != db.depth {
			return da.depth < db.depth
		}
		if da.path != db.path {
			return da.path < db.path
		}
		return da.id < db.id
	})
	ids := make([]int64, 0, len(s))
	for _, i := range s {
		id := r.docs[i].id
		if !containsID(ids, id) {
			ids = append(ids, id)
		}
	}
	res := Resolution{ID: ids[0], Resolved: true, Rule: rule}
	if len(ids) > 1 {
		res.Ambiguous = true
		res.Candidates = ids
	}
	return res
}

func containsID(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
