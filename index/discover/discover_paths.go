package discover

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// walkPaths lists the files at or under each of paths (see
// Options.Paths), walking down from the root to each one through
// its parent folders with the same rules (hidden and excluded folders,
// .gitignore files on the way, Include and Exclude) as a whole walk.
func (w *walker) walkPaths(ctx context.Context, paths []string) error {
	clean := make([]string, 0, len(paths))
	for _, p := range paths {
		p = norm.NFC.String(p)
		if validRel(p) {
			clean = append(clean, p)
		}
	}
	sort.Strings(clean)
	// A path under another one is walked with it ("a" comes before "a/b").
	var kept []string
	for _, p := range clean {
		if n := len(kept); n > 0 && (kept[n-1] == p || strings.HasPrefix(p, kept[n-1]+"/")) {
			continue
		}
		kept = append(kept, p)
	}
	for _, p := range kept {
		if err := w.walkTo(ctx, w.root, "", nil, strings.Split(p, "/")); err != nil {
			return err
		}
	}
	return nil
}

// validRel reports whether p is a clean path inside the root: no empty,
// "." or ".." part and no leading '/'.
func validRel(p string) bool {
	if p == "" {
		return false
	}
	for _, part := range strings.Split(p, "/") {
		if part == "" || part == "." || part == ".." {
			return false
		}
	}
	return true
}

// walkTo visits the entries of absDir whose NFC name is parts[0]: the last
// part is visited as a whole walk would (a file, or a folder walked whole);
// an earlier part must be a folder the whole walk would descend into.
// Reading the folder rather than stat-ing the name gives the entries their
// names on disk (NFD, letter case) exactly as the whole walk sees them.
func (w *walker) walkTo(ctx context.Context, absDir, relDir string, rules []ignoreRule, parts []string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("discover documents: %w", err)
	}
	dir, entries, err := w.readDir(absDir, relDir)
	if err != nil {
		if relDir == "" {
			return err // the docs folder itself cannot be read
		}
		return nil // warned
	}
	defer dir.close()
	if data, err := os.ReadFile(filepath.Join(absDir, ".gitignore")); err == nil {
		rules = append(rules[:len(rules):len(rules)], parseGitignore(data, relDir)...)
	}
	for _, e := range entries {
		if w.nfc(e.Name()) != parts[0] {
			continue
		}
		if len(parts) == 1 {
			if err := w.visit(ctx, dir, relDir, rules, e); err != nil {
				return err
			}
			continue
		}
		rel := parts[0]
		if relDir != "" {
			rel = relDir + "/" + rel
		}
		if !e.Type().IsDir() || w.skipDir(e.Name(), rel, rules) {
			continue // symlinked folders are never followed
		}
		if !utf8.ValidString(e.Name()) {
			w.badName(e.Name(), rel, e.Type(), rules) // as the whole walk names it
			continue
		}
		if err := w.walkTo(ctx, filepath.Join(absDir, e.Name()), rel, rules, parts[1:]); err != nil {
			return err
		}
	}
	return nil
}
