// Package pathglob is the one definition of the glob patterns ubp takes for
// paths: the configuration's include and exclude lists, source_refs written
// as globs and the watcher's filters. A pattern's segments are path.Match
// patterns; "**" matches any number of whole segments.
package pathglob

import (
	"fmt"
	"path"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// Match reports whether the '/'-separated relative path p matches
// pattern. Each pattern segment is a path.Match pattern ('*' and '?' never
// cross '/', '[a-z]' classes, '\' escapes); a segment "**" matches zero or
// more whole segments, so "drafts/**" matches "drafts/a.md" and
// "drafts/x/y.md", and "**/*.ja.md" matches "a.ja.md" and "x/a.ja.md".
// A pattern without '/' matches at the top level only ("*.md" matches
// "a.md", not "x/a.md"). A leading "./" or "/" and a trailing "/" are
// ignored. Both sides are compared in Unicode NFC. A malformed pattern
// matches nothing (see Check).
func Match(pattern, p string) bool {
	ps := Split(pattern)
	ns := splitPath(p)
	return MatchSegments(ps, ns)
}

// Check returns an error naming pattern when it is malformed
// (for example an unclosed '['), so configuration can be validated up front.
func Check(pattern string) error {
	if strings.TrimSpace(pattern) == "" {
		return fmt.Errorf("glob pattern %q is empty", pattern)
	}
	for _, seg := range Split(pattern) {
		if _, err := path.Match(seg, ""); err != nil {
			return fmt.Errorf("glob pattern %q: segment %q is malformed (check '[' ']' and '\\'): %w", pattern, seg, err)
		}
	}
	return nil
}

// Split returns a pattern's segments as Match reads them: in NFC, without
// a leading "./" or "/" or a trailing "/", runs of "**" collapsed to one.
func Split(pattern string) []string {
	pattern = norm.NFC.String(strings.TrimSpace(pattern))
	pattern = strings.TrimPrefix(pattern, "./")
	pattern = strings.Trim(pattern, "/")
	if pattern == "" {
		return nil
	}
	segs := strings.Split(pattern, "/")
	// Collapse runs of "**": they mean the same and would only cost time.
	out := segs[:0]
	for _, s := range segs {
		if s == "**" && len(out) > 0 && out[len(out)-1] == "**" {
			continue
		}
		out = append(out, s)
	}
	return out
}

func splitPath(p string) []string {
	p = norm.NFC.String(p)
	p = strings.TrimPrefix(p, "./")
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// MatchSegments reports whether pattern segments (see Split) match the
// segments of a path. It matches pattern segments against name segments with a
// dynamic program, so patterns with several "**" stay linear-ish.
func MatchSegments(ps, ns []string) bool {
	// ok[j] = pattern suffix ps[i:] matches name suffix ns[j:], computed for
	// i from len(ps) down to 0.
	ok := make([]bool, len(ns)+1)
	ok[len(ns)] = true
	next := make([]bool, len(ns)+1)
	for i := len(ps) - 1; i >= 0; i-- {
		if ps[i] == "**" {
			// ** matches ns[j:k] for any k ≥ j.
			anyOK := false
			for j := len(ns); j >= 0; j-- {
				anyOK = anyOK || ok[j]
				next[j] = anyOK
			}
		} else {
			next[len(ns)] = false
			for j := len(ns) - 1; j >= 0; j-- {
				m, err := path.Match(ps[i], ns[j])
				next[j] = err == nil && m && ok[j+1]
			}
		}
		ok, next = next, ok
	}
	return ok[0]
}
