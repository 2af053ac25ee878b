package discover

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ubp-dev/ubp/index/pathglob"
)

// WhyNotListed says why List(opts) leaves out rel, a path relative to
// opts.Root ('/'-separated, NFC) of a file that exists there: the rule
// that leaves it out, in the order the walk applies them (a symlinked,
// hidden, never-indexed, excluded or .gitignore'd folder on the way; then
// the file's extension, its name, .gitignore, exclude and include), and
// what to do about it. Both are "" when no rule leaves it out: List
// lists it, or skips it with a warning of its own (too large, not text, a
// symlink leading nowhere or outside). It reads the folders on the way
// (their .gitignore files and whether each is a symlink), not the folder.
func WhyNotListed(opts Options, rel string) (why, fix string) {
	if !validRel(rel) {
		return "", ""
	}
	root, err := filepath.Abs(opts.Root)
	if err != nil {
		return "", ""
	}
	w := &walker{root: root, opts: opts}
	parts := strings.Split(rel, "/")
	var rules []ignoreRule
	abs, relDir := root, ""
	for i, name := range parts {
		if data, err := os.ReadFile(filepath.Join(abs, ".gitignore")); err == nil {
			rules = append(rules[:len(rules):len(rules)], parseGitignore(data, relDir)...)
		}
		sub := name
		if relDir != "" {
			sub = relDir + "/" + name
		}
		abs = filepath.Join(abs, name)
		if i == len(parts)-1 {
			return whyFileLeftOut(w, rules, name, sub)
		}
		if st, err := os.Lstat(abs); err == nil && st.Mode()&fs.ModeSymlink != 0 {
			to, _ := filepath.EvalSymlinks(abs)
			return fmt.Sprintf("its folder %s is a symlink (to %s), and folders reached through a symlink are never followed", sub, to),
				"point docs_dir at the real folder, or move the files into the docs folder"
		}
		if why, fix := whyFolderLeftOut(w, rules, name, sub); why != "" {
			return why, fix
		}
		relDir = sub
	}
	return "", ""
}

// whyFolderLeftOut is WhyNotListed for the folder name (rel from the root)
// on the way to a file, as walker.skipDir decides it.
func whyFolderLeftOut(w *walker, rules []ignoreRule, name, rel string) (why, fix string) {
	if strings.HasPrefix(name, ".") {
		return fmt.Sprintf("its folder %s is hidden (its name starts with '.'), and hidden folders are never indexed", rel),
			"move the file out of " + rel
	}
	for _, d := range DefaultExcludedDirs {
		if name == d {
			return fmt.Sprintf("its folder %s is never indexed (ubp skips every folder named %s)", rel, d),
				"move the file out of " + rel
		}
	}
	for _, p := range w.opts.Exclude {
		if pathglob.Match(p, rel) {
			return fmt.Sprintf("the exclude pattern %q matches its folder %s", p, rel), excludeFix
		}
	}
	if by, ok := gitIgnoredBy(rules, rel, true); ok {
		return fmt.Sprintf("%s ignores its folder %s", by, rel), gitignoreFix
	}
	return "", ""
}

// whyFileLeftOut is WhyNotListed for the file name (rel from the root), as
// walker.visit decides it.
func whyFileLeftOut(w *walker, rules []ignoreRule, name, rel string) (why, fix string) {
	switch {
	case !isMarkdownName(name):
		return "it is not a Markdown file (only .md, .markdown and .mdx files are indexed)", "rename it to .md"
	case strings.HasPrefix(name, "."):
		return "its name starts with '.', and hidden files are never indexed", "rename it without the leading '.'"
	}
	if by, ok := gitIgnoredBy(rules, rel, false); ok {
		return by + " ignores it", gitignoreFix
	}
	for _, p := range w.opts.Exclude {
		if pathglob.Match(p, rel) {
			return fmt.Sprintf("the exclude pattern %q matches it", p), excludeFix
		}
	}
	if !w.wanted(rel) {
		quoted := make([]string, len(w.opts.Include))
		for i, p := range w.opts.Include {
			quoted[i] = fmt.Sprintf("%q", p)
		}
		return fmt.Sprintf("no include pattern matches it (%s)", strings.Join(quoted, ", ")),
			"add a pattern that matches it to include in .ubp/config.json"
	}
	return "", ""
}

const (
	excludeFix   = "remove or narrow that pattern in exclude of .ubp/config.json"
	gitignoreFix = "ubp leaves out what .gitignore ignores: un-ignore it there (a !pattern line)"
)

// gitIgnoredBy is gitIgnored, also naming the .gitignore whose rule
// decides it ("the docs folder's .gitignore", "sub/.gitignore").
func gitIgnoredBy(rules []ignoreRule, rel string, isDir bool) (string, bool) {
	ignored, base := false, ""
	for _, r := range rules {
		if r.negate == ignored && r.match(rel, isDir) {
			ignored, base = !r.negate, r.base
		}
	}
	if !ignored {
		return "", false
	}
	if base == "" {
		return "the docs folder's .gitignore", true
	}
	return base + "/.gitignore", true
}
