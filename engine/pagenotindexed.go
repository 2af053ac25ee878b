package engine

import (
	"context"
	"errors"
	"os"
	"path"
	"path/filepath"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/ubp-dev/ubp/engine/internal/pageref"
	"github.com/ubp-dev/ubp/engine/internal/reader"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/index/discover"
)

// resolvePageRef is reader.ResolvePageRef for proj: a ref that names no
// document but, as a path, a Markdown file that exists and is left out of
// the index gets a *NotFoundError saying why (NotIndexed) and what to do
// (Fix) in place of suggestions of other pages.
func (e *Engine) resolvePageRef(ctx context.Context, proj *Project, ref string) (reader.PageMatch, error) {
	m, err := e.reader.ResolvePageRef(ctx, ref, proj.DocsDir(), proj.Config.DocsDir)
	var nf *NotFoundError
	if err == nil || !errors.As(err, &nf) || nf.Skipped != "" {
		return m, err
	}
	if why, fix := whyNotIndexed(proj, ref); why != "" {
		nf.NotIndexed, nf.Fix, nf.Suggestions = why, fix, nil
	}
	return m, err
}

// whyNotIndexed says why the Markdown file ref names as a path (from the
// docs folder, from the project root, or absolute; with or without .md;
// "page#Heading" as well), which exists, has no document: it is outside
// the docs folder, or a rule of the walk leaves it out (see
// discover.WhyNotListed). Both are "" when ref names no such file.
func whyNotIndexed(proj *Project, ref string) (why, fix string) {
	s := strings.TrimSpace(ref)
	refs := []string{s}
	if i := strings.LastIndexByte(s, '#'); i > 0 {
		refs = append(refs, strings.TrimSpace(s[:i]))
	}
	docs := proj.DocsDir()
	for _, r := range refs {
		for _, abs := range fileCandidates(proj, r) {
			st, err := os.Stat(abs)
			if err != nil || !st.Mode().IsRegular() || !index.IsMarkdownExt(path.Ext(abs)) {
				continue
			}
			if !inside(proj.Root, abs) {
				return "it is outside the project " + proj.Root + ", and only files in its docs folder are indexed",
					"copy it into the docs folder " + proj.Config.DocsDir
			}
			if !inside(docs, abs) {
				return "it is outside the docs folder " + filepath.ToSlash(filepath.Clean(proj.Config.DocsDir)) + " (docs_dir in .ubp/config.json), and only files under it are indexed",
					"move it into the docs folder, or set docs_dir to a folder that holds it"
			}
			rel, err := filepath.Rel(docs, abs)
			if err != nil {
				continue
			}
			why, fix := discover.WhyNotListed(discover.Options{
				Root: docs, Include: proj.Config.Include, Exclude: proj.Config.Exclude,
			}, norm.NFC.String(filepath.ToSlash(rel)))
			if why != "" {
				return why, fix
			}
		}
	}
	return "", ""
}

// fileCandidates are the files ref may name as a path: absolute, from the
// docs folder, from the project root; each also with .md added when ref
// has no Markdown extension. A ref that is no path (no '/' and no
// Markdown extension: a title) names none.
func fileCandidates(proj *Project, ref string) []string {
	if ref == "" {
		return nil
	}
	slash := filepath.ToSlash(ref)
	if !strings.Contains(slash, "/") && !index.IsMarkdownExt(path.Ext(slash)) {
		return nil
	}
	var bases []string
	if filepath.IsAbs(ref) {
		bases = []string{filepath.Clean(ref)}
	} else {
		key := pageref.Normalize(ref, proj.DocsDir(), proj.Config.DocsDir)
		bases = []string{
			filepath.Join(proj.DocsDir(), filepath.FromSlash(key)),
			filepath.Join(proj.Root, filepath.FromSlash(slash)),
		}
	}
	var out []string
	for _, b := range bases {
		out = append(out, b)
		if !index.IsMarkdownExt(filepath.Ext(b)) {
			out = append(out, b+".md")
		}
	}
	return out
}

// inside reports whether p is dir or under it, both absolute and clean.
func inside(dir, p string) bool {
	r, err := filepath.Rel(dir, p)
	if err != nil {
		return false
	}
	r = filepath.ToSlash(r)
	return r != ".." && !strings.HasPrefix(r, "../") && !filepath.IsAbs(r)
}
