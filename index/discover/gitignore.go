package discover

import (
	"bytes"
	"path"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/ubp-dev/ubp/index/pathglob"
)

// ignoreRule is one pattern line of a .gitignore file.
type ignoreRule struct {
	base     string   // folder of the .gitignore, relative to the docs root ("" = root)
	segs     []string // glob segments (anchored rules) or a single name pattern
	negate   bool     // "!pattern": re-include
	dirOnly  bool     // "pattern/": folders only
	anchored bool     // pattern contains '/': relative to base, not any depth
}

// parseGitignore reads the common .gitignore syntax: blank lines and '#'
// comments are skipped, "\#" and "\!" are literal, trailing spaces are
// dropped unless escaped, '!' negates, a trailing '/' matches folders only,
// a '/' at the start or in the middle anchors the pattern to the folder of
// the .gitignore, '*', '?', '[…]' and "**" work as in git.
func parseGitignore(data []byte, base string) []ignoreRule {
	var rules []ignoreRule
	for _, raw := range bytes.Split(data, []byte("\n")) {
		line := strings.TrimSuffix(string(raw), "\r")
		line = trimUnescapedTrailingSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		r := ignoreRule{base: base}
		if line[0] == '!' {
			r.negate = true
			line = line[1:]
		}
		if strings.HasSuffix(line, "/") {
			r.dirOnly = true
			line = strings.TrimRight(line, "/")
		}
		if line == "" {
			continue
		}
		line = norm.NFC.String(line)
		if strings.Contains(line, "/") {
			r.anchored = true
			line = strings.TrimPrefix(line, "/")
			// "dir/**" matches everything inside dir but not dir itself.
			if strings.HasSuffix(line, "/**") {
				line += "/*"
			}
			r.segs = pathglob.Split(line)
		} else {
			r.segs = []string{line}
		}
		rules = append(rules, r)
	}
	return rules
}

func trimUnescapedTrailingSpace(s string) string {
	for strings.HasSuffix(s, " ") || strings.HasSuffix(s, "\t") {
		if strings.HasSuffix(s[:len(s)-1], "\\") {
			// "foo\ " keeps one literal space.
			return s[:len(s)-2] + " "
		}
		s = s[:len(s)-1]
	}
	return s
}

func (r ignoreRule) match(rel string, isDir bool) bool {
	if r.dirOnly && !isDir {
		return false
	}
	sub := rel
	if r.base != "" {
		if !strings.HasPrefix(rel, r.base+"/") {
			return false
		}
		sub = rel[len(r.base)+1:]
	}
	if r.anchored {
		return pathglob.MatchSegments(r.segs, strings.Split(sub, "/"))
	}
	ok, err := path.Match(r.segs[0], path.Base(sub))
	return err == nil && ok
}

// gitIgnored reports whether the last rule matching rel (in file order,
// outer .gitignore files first) ignores it.
func gitIgnored(rules []ignoreRule, rel string, isDir bool) bool {
	ignored := false
	for _, r := range rules {
		if r.negate == ignored && r.match(rel, isDir) {
			ignored = !r.negate
		}
	}
	return ignored
}
