package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/ubp-dev/ubp/engine/internal/pageref"
	"github.com/ubp-dev/ubp/engine/internal/store"
)

// maxSuggestions is how many closest filepaths a NotFoundError offers.
const maxSuggestions = 5

// pageRow is what page lookup needs of a document.
type pageRow struct {
	id      int64
	docID   string
	path    string
	title   string
	aliases []string // folded
}

// ResolvePage finds the document a user or agent means by ref: its
// filepath (relative to the docs folder, with or without .md; also
// accepted as written from the project root or as an absolute path) or its
// doc_id; otherwise the document [[ref]] in a file at the docs root links
// to (graph.Resolver: path, file name or path suffix, alias, title, the
// last three ignoring case; ties go to the shallowest path); then a path
// ignoring case. An unknown ref gives a *NotFoundError listing up to 5 closest
// filepaths; an empty ref gives an *ArgumentError.
func (e *Engine) ResolvePage(ctx context.Context, ref string) (id int64, filepath string, err error) {
	key := e.normalizePageRef(ref)
	if key == "" {
		return 0, "", &ArgumentError{Param: "page", Message: "must name a document (filepath, title or alias)"}
	}
	// Fast path: an exact filepath or doc_id uses the unique indexes.
	err = e.db.QueryRowContext(ctx, `SELECT id, filepath FROM documents
		WHERE filepath IN (?, ?, ?) OR doc_id = ? ORDER BY filepath = ? DESC LIMIT 1`,
		key, key+".md", key+".markdown", key, key).Scan(&id, &filepath)
	if err == nil {
		return id, filepath, nil
	}
	// Then exactly as [[key]] in a file at the docs root resolves.
	r, err := store.LoadResolver(ctx, e.db)
	if err != nil {
		return 0, "", fmt.Errorf("find page %q: %w", ref, err)
	}
	if res := r.Resolve("", key); res.Resolved {
		err := e.db.QueryRowContext(ctx, `SELECT filepath FROM documents WHERE id = ?`, res.ID).Scan(&filepath)
		if err != nil {
			return 0, "", fmt.Errorf("find page %q: %w", ref, err)
		}
		return res.ID, filepath, nil
	}
	docs, err := loadPageRows(ctx, e)
	if err != nil {
		return 0, "", fmt.Errorf("find page %q: %w", ref, err)
	}
	if d := matchPage(docs, key); d != nil {
		return d.id, d.path, nil
	}
	// "page#Heading" names a page too (a title may hold '#', so this comes last).
	if i := strings.LastIndexByte(key, '#'); i > 0 {
		if d := matchPage(docs, strings.TrimSpace(key[:i])); d != nil {
			return d.id, d.path, nil
		}
	}
	return 0, "", &NotFoundError{Query: ref, Suggestions: suggestPages(docs, key)}
}

// normalizePageRef turns ref into a docs-relative, '/'-separated NFC path
// (or leaves a title as it is, trimmed).
func (e *Engine) normalizePageRef(ref string) string {
	s := strings.TrimSpace(ref)
	if s == "" {
		return ""
	}
	if filepath.IsAbs(s) {
		if rel, err := filepath.Rel(e.p.DocsDir(), s); err == nil && !strings.HasPrefix(rel, "..") {
			s = rel
		}
	}
	s = norm.NFC.String(strings.ReplaceAll(s, "\\", "/"))
	s = strings.TrimPrefix(s, "./")
	if docs := path.Clean(filepath.ToSlash(e.p.Config.DocsDir)); docs != "." && strings.HasPrefix(s, docs+"/") {
		s = strings.TrimPrefix(s, docs+"/")
	}
	if t := strings.TrimLeft(s, "/"); t != "" {
		s = t
	}
	return s
}

func loadPageRows(ctx context.Context, e *Engine) ([]pageRow, error) {
	rows, err := e.db.QueryContext(ctx, `SELECT id, doc_id, filepath, title, aliases FROM documents ORDER BY filepath`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []pageRow
	for rows.Next() {
		var d pageRow
		var aliases string
		if err := rows.Scan(&d.id, &d.docID, &d.path, &d.title, &aliases); err != nil {
			return nil, err
		}
		_ = json.Unmarshal([]byte(aliases), &d.aliases) // malformed: no aliases
		out = append(out, d)
	}
	return out, rows.Err()
}

// matchPage applies the lookup rules after the exact-path fast path, in
// one pass: filepath ignoring case (with or without extension), then
// title, then alias. docs are in filepath order, so the first match of the
// best rule wins ties.
func matchPage(docs []pageRow, key string) *pageRow {
	k := pageref.Fold(key)
	stem := stripMarkdownExt(k)
	const (
		byTitle = iota
		byAlias
		none
	)
	best, bestRule := -1, none
	for i := range docs {
		d := &docs[i]
		if p := pageref.Fold(d.path); p == k || stripMarkdownExt(p) == stem {
			return d
		}
		if bestRule > byTitle && pageref.Fold(d.title) == k {
			best, bestRule = i, byTitle
			continue
		}
		if bestRule > byAlias {
			for _, a := range d.aliases {
				if a == k {
					best, bestRule = i, byAlias
					break
				}
			}
		}
	}
	if best < 0 {
		return nil
	}
	return &docs[best]
}

func stripMarkdownExt(p string) string {
	for _, ext := range []string{".md", ".markdown"} {
		if strings.HasSuffix(p, ext) && len(p) > len(ext) {
			return p[:len(p)-len(ext)]
		}
	}
	return p
}

// suggestPages returns up to maxSuggestions filepaths close to key:
// those containing it (or contained in it) first, then by edit distance to
// the path, its file name or the title. Far-off paths are left out.
func suggestPages(docs []pageRow, key string) []string {
	k := stripMarkdownExt(pageref.Fold(key))
	type cand struct {
		path   string
		substr bool
		dist   int
	}
	var cands []cand
	kl := utf8.RuneCountInString(k)
	limit := kl / 2
	if limit < 2 {
		limit = 2
	}
	for _, d := range docs {
		p := stripMarkdownExt(pageref.Fold(d.path))
		base := p[strings.LastIndexByte(p, '/')+1:]
		t := pageref.Fold(d.title)
		c := cand{path: d.path}
		c.substr = k != "" && (strings.Contains(p, k) || strings.Contains(t, k) ||
			(utf8.RuneCountInString(base) >= 3 && strings.Contains(k, base)))
		c.dist = min(editDistance(k, p, limit), editDistance(k, base, limit), editDistance(k, t, limit))
		if c.substr || c.dist <= limit {
			cands = append(cands, c)
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].substr != cands[j].substr {
			return cands[i].substr
		}
		if cands[i].dist != cands[j].dist {
			return cands[i].dist < cands[j].dist
		}
		return cands[i].path < cands[j].path
	})
	out := []string{}
	for i := 0; i < len(cands) && i < maxSuggestions; i++ {
		out = append(out, cands[i].path)
	}
	return out
}

// editDistance is the Levenshtein distance between a and b in runes, or
// limit+1 as soon as it is known to exceed limit (so long paths stay cheap).
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			best = min(best, cur[j])
		}
		if best > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
