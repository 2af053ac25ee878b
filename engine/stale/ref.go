package stale

import (
	"errors"
	"fmt"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"

	"golang.org/x/text/unicode/norm"

	"github.com/ubp-dev/ubp/engine/query/textfold"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/index/pathglob"
)

// RejectedError says a source ref was refused before anything was read: it
// is absolute, escapes the project root (after cleaning or through a
// symlink), or is malformed.
type RejectedError struct {
	Ref string // as written
	Why string
}

func (e *RejectedError) Error() string {
	return rejectedPrefix(e.Ref) + e.Why
}

// RejectedMessage is what a RejectedError for ref says, why being its Why.
func RejectedMessage(ref, why string) string {
	return rejectedPrefix(ref) + why
}

// rejectedPrefix starts the message of a RejectedError for ref.
func rejectedPrefix(ref string) string {
	return fmt.Sprintf("source_ref %q rejected: ", ref)
}

// recordedRejection reports whether w is a RejectedError that indexing
// recorded for one of refs (at its line): Check decides rejections again,
// so one that no longer holds (a file whose name holds '#' made since, an
// older ubp's verdict) is not repeated.
func recordedRejection(w index.Warning, refs []index.SourceRef) bool {
	for _, r := range refs {
		if w.Line == r.Line && strings.HasPrefix(w.Message, rejectedPrefix(r.String())) {
			return true
		}
	}
	return false
}

// refKind is how a ref selects files.
type refKind int

const (
	kindPath refKind = iota // a file or a folder (its whole tree); missing: whichever it was
	kindGlob                // files matching a pattern ('**' spans folders)
)

// resolvedRef is a ref that passed CheckPath.
type resolvedRef struct {
	ref  index.SourceRef
	kind refKind
	// rel is the cleaned path from the project root with '/' separators
	// ("." for the root itself); for a glob, the cleaned pattern.
	rel string
	// base is, for a glob, the folder before the first segment holding a
	// wildcard ("." when the first segment has one).
	base string
	// real is the absolute path on disk after resolving symlinks inside the
	// root (for a glob: of base). It is always inside the root.
	real string
	// dirHint is true when the ref was written with a trailing '/'.
	dirHint bool
	// realRel is real from the project root when a symlink inside the
	// project leads there (a path or a glob's base), "" otherwise: git
	// records the changes of the file the link leads to under that path.
	realRel string
}

// gitPath is the path git's history holds the ref's changes under: the
// path a symlink inside the project leads to, else the path as written.
// For a glob, the pattern with its base so resolved. Until 2026-11-27 a
// ref through such a link was fresh under the git baseline whatever
// changed, and dated by the commit that made the link under the index
// baseline.
func (r resolvedRef) gitPath() string {
	if r.realRel == "" {
		return r.rel
	}
	if r.kind == kindGlob { // realRel is set only for a base other than "."
		return path.Join(r.realRel, strings.TrimPrefix(r.rel, r.base+"/"))
	}
	return r.realRel
}

// key identifies what is compared: the same path and symbol in two
// documents share one check.
func (r resolvedRef) key() string {
	k := r.rel
	if r.kind == kindGlob {
		k = "glob:" + k
	}
	if r.ref.Symbol != "" {
		k += "#" + r.ref.Symbol
	}
	return k
}

// CheckPath reports whether ref may be read: it returns a *RejectedError
// when the path is empty, absolute, escapes root after cleaning or through
// a symlink, is a malformed glob, or carries a #Symbol that is not a Go
// identifier on a single .go file. A ref whose whole text (path#Symbol)
// names a file or folder that exists is that path: a name may hold '#'. Nothing is read but directory entries
// and symlinks on the way to the ref.
func CheckPath(root string, ref index.SourceRef) error {
	rootReal, err := realRoot(root)
	if err != nil {
		return err
	}
	_, err = resolveRef(rootReal, ref)
	return err
}

// realRoot returns root as an absolute path with symlinks resolved.
func realRoot(root string) (string, error) {
	if root == "" {
		return "", errors.New("staleness: project root is empty")
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return "", fmt.Errorf("staleness: project root %q: %w", root, err)
	}
	resolved, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("staleness: project root %q: %w", root, err)
	}
	return resolved, nil
}

func resolveRef(rootReal string, ref index.SourceRef) (resolvedRef, error) {
	return resolveRefWith(rootReal, ref, direct)
}

// inspector resolves relative paths under the root and inspects paths:
// direct asks the filesystem each time, a RefStatter once per path.
type inspector struct {
	inside func(rootReal, rel string) (string, error)
	lstat  func(path string) (fs.FileInfo, error)
	// absent, when not nil, reports that rel surely does not exist
	// without inspecting it (false: not known).
	absent func(rootReal, rel string) bool
}

// direct is the inspector without memos.
var direct = inspector{inside: resolveInside, lstat: os.Lstat}

// resolveRefWith is resolveRef with the inspector in (a RefStatter walks
// each folder's symlinks once and inspects each path once).
func resolveRefWith(rootReal string, ref index.SourceRef, in inspector) (resolvedRef, error) {
	reject := func(format string, args ...any) (resolvedRef, error) {
		return resolvedRef{}, &RejectedError{Ref: ref.String(), Why: fmt.Sprintf(format, args...)}
	}
	p := strings.TrimSpace(ref.Path)
	switch {
	case p == "":
		return reject("the path is empty")
	case strings.ContainsRune(p, 0):
		return reject("the path contains a NUL byte")
	case strings.HasPrefix(p, "/") || strings.HasPrefix(p, `\`) || filepath.IsAbs(p) || hasDriveLetter(p):
		return reject("absolute paths are not allowed; write the path relative to the project root")
	}
	r := resolvedRef{ref: ref, dirHint: strings.HasSuffix(p, "/")}
	r.rel = path.Clean(p)
	if r.rel == ".." || strings.HasPrefix(r.rel, "../") {
		return reject("the path escapes the project root")
	}
	whole := "" // the ref's whole text as a path, when it carries a #Symbol
	if ref.Symbol != "" {
		// A file or folder whose name holds '#' ("notes/c#.md"): the whole
		// text names it when that exists as written, as for brackets.
		whole = path.Clean(strings.TrimSpace(ref.Path + "#" + ref.Symbol))
		if whole != ".." && !strings.HasPrefix(whole, "../") && existsAsWritten(rootReal, whole, in) {
			ref = index.SourceRef{Path: ref.Path + "#" + ref.Symbol, Line: ref.Line}
			r = resolvedRef{ref: ref, dirHint: strings.HasSuffix(ref.Symbol, "/"), rel: whole}
		}
	}
	if ref.Symbol != "" && isLineAnchor(ref.Symbol) && (strings.Contains(ref.Symbol, "-") || !strings.HasSuffix(r.rel, ".go")) {
		// #L3 alone may name a Go declaration L3; a range or another
		// file's anchor cannot.
		return reject("%s; and no file or folder %s exists", noLines(r.rel), whole)
	}
	if i := lineSuffix(r.rel); ref.Symbol == "" && i > 0 && !existsAsWritten(rootReal, r.rel, in) && existsAsWritten(rootReal, r.rel[:i], in) {
		return reject("%s; and no file or folder %s exists", noLines(r.rel[:i]), r.rel)
	}
	if strings.ContainsAny(r.rel, "*?[") && !existsAsWritten(rootReal, r.rel, in) {
		if err := pathglob.Check(r.rel); err != nil {
			return reject("%v", err)
		}
		r.kind = kindGlob
		r.base = globBase(r.rel)
	}
	if ref.Symbol != "" {
		if r.kind == kindGlob || r.dirHint || !strings.HasSuffix(r.rel, ".go") {
			return reject("#%s names a Go declaration, so the path must be a single .go file; and no file or folder %s exists", ref.Symbol, whole)
		}
		if !validSymbol(ref.Symbol) {
			return reject("#%s is not a Go declaration name (Name or Type.Method); and no file or folder %s exists", ref.Symbol, whole)
		}
	}
	if r.kind != kindGlob && !textfold.IsASCII(r.rel) && !existsAsWritten(rootReal, r.rel, in) {
		if onDisk, ok := spelledOnDisk(rootReal, r.rel, in); ok {
			r.rel = onDisk
		}
	}
	walk := r.rel
	if r.kind == kindGlob {
		walk = r.base
	}
	resolved, err := in.inside(rootReal, walk)
	if err != nil {
		if errors.Is(err, errEscapes) {
			return reject("the path leads outside the project root through a symlink")
		}
		return resolvedRef{}, fmt.Errorf("source_ref %q: %w", ref.String(), err)
	}
	r.real = resolved
	if rel, err := filepath.Rel(rootReal, resolved); err == nil {
		if rel = filepath.ToSlash(rel); rel != walk && filepath.IsLocal(rel) {
			r.realRel = rel
		}
	}
	return r, nil
}

// wholePathRef is ref read as one path, '#' included (notes/c#.md): for
// a ref rejected because neither reading exists now, whose whole text
// may name a file since deleted. ok is false when the text cannot be a
// path (no '#', outside the root, a pattern).
func wholePathRef(rootReal string, ref index.SourceRef) (resolvedRef, bool) {
	if ref.Symbol == "" {
		return resolvedRef{}, false
	}
	r, err := resolveRef(rootReal, index.SourceRef{Path: strings.TrimSpace(ref.Path + "#" + ref.Symbol), Line: ref.Line})
	if err != nil || r.kind == kindGlob {
		return resolvedRef{}, false
	}
	return r, true
}

// existsAsWritten reports whether a ref with brackets but no * or ? names
// a path that exists as written (Next.js and SvelteKit routes:
// app/[slug]/page.tsx): that path, not the pattern its brackets would make.
func existsAsWritten(rootReal, rel string, in inspector) bool {
	if strings.ContainsAny(rel, "*?") || in.absent != nil && in.absent(rootReal, rel) {
		return false
	}
	resolved, err := in.inside(rootReal, rel)
	if err != nil {
		return false
	}
	_, err = in.lstat(resolved)
	return err == nil
}

func hasDriveLetter(p string) bool {
	return len(p) >= 2 && p[1] == ':' && (p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z')
}

// globBase is the folder of a cleaned pattern before its first segment
// with a wildcard.
func globBase(pattern string) string {
	segs := strings.Split(pattern, "/")
	var base []string
	for _, s := range segs[:len(segs)-1] {
		if strings.ContainsAny(s, `*?[\`) {
			break
		}
		base = append(base, s)
	}
	if len(base) == 0 {
		return "."
	}
	return strings.Join(base, "/")
}

// validSymbol accepts Name and Type.Method where both are Go identifiers.
func validSymbol(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) > 2 {
		return false
	}
	for _, p := range parts {
		if !token.IsIdentifier(p) {
			return false
		}
	}
	return true
}

var errEscapes = errors.New("leads outside the project root")

// maxSymlinks bounds symlink resolution, like the kernel's ELOOP limit.
const maxSymlinks = 40

// resolveInside resolves the '/'-separated relative path rel under
// rootReal, following symlinks component by component, and fails with
// errEscapes when any step leaves rootReal. Components that do not exist
// end the resolution (the rest is appended as written), so a missing ref
// can still be checked and a dangling symlink pointing outside is refused.
func resolveInside(rootReal, rel string) (string, error) {
	return resolveInsideWith(rootReal, rel, os.Lstat)
}

// resolveInsideWith is resolveInside with lstat in place of os.Lstat.
func resolveInsideWith(rootReal, rel string, lstat func(string) (fs.FileInfo, error)) (string, error) {
	var todo []string
	if rel != "." && rel != "" {
		todo = strings.Split(rel, "/")
	}
	var done []string // resolved components below rootReal
	links := 0
	for len(todo) > 0 {
		c := todo[0]
		todo = todo[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			if len(done) == 0 {
				return "", errEscapes
			}
			done = done[:len(done)-1]
			continue
		}
		cur := filepath.Join(rootReal, filepath.Join(done...), c)
		fi, err := lstat(cur)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrInvalid) || isNotDir(err) {
				// The rest cannot be followed: it does not exist. The
				// components left contain no ".." (the path was cleaned,
				// and symlink targets are cleaned below), except through
				// a symlink target, which was checked when substituted.
				rest := append(append([]string{}, done...), c)
				for _, t := range todo {
					if t == ".." {
						if len(rest) == 0 {
							return "", errEscapes
						}
						rest = rest[:len(rest)-1]
						continue
					}
					if t != "" && t != "." {
						rest = append(rest, t)
					}
				}
				return filepath.Join(rootReal, filepath.Join(rest...)), nil
			}
			return "", fmt.Errorf("inspect %s: %w", cur, err)
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			done = append(done, c)
			continue
		}
		links++
		if links > maxSymlinks {
			return "", fmt.Errorf("inspect %s: too many levels of symbolic links", cur)
		}
		target, err := os.Readlink(cur)
		if err != nil {
			return "", fmt.Errorf("read symlink %s: %w", cur, err)
		}
		target = filepath.ToSlash(target)
		if filepath.IsAbs(target) || strings.HasPrefix(target, "/") {
			rel, err := filepath.Rel(rootReal, filepath.Clean(filepath.FromSlash(target)))
			if err != nil || rel == ".." || strings.HasPrefix(filepath.ToSlash(rel), "../") {
				return "", errEscapes
			}
			done = done[:0]
			target = filepath.ToSlash(rel)
		}
		todo = append(strings.Split(target, "/"), todo...)
	}
	return filepath.Join(rootReal, filepath.Join(done...)), nil
}

func isNotDir(err error) bool { return errors.Is(err, syscall.ENOTDIR) }

// spelledOnDisk returns rel with each name as the folder holding it spells
// it, when rel does not exist as written but a path whose names differ
// from it only in Unicode normalization does: a repository made on macOS
// can hold decomposed names (NFD: データ.go as テ and U+3099), which a
// document typed in an editor writes composed (NFC), or the other way
// round. macOS finds the file either way; Linux (CI) does not, and the
// ref was not_found there. ok is false when no such path exists.
func spelledOnDisk(rootReal, rel string, in inspector) (string, bool) {
	cur := "."
	for _, name := range strings.Split(rel, "/") {
		if next := path.Join(cur, name); existsAsWritten(rootReal, next, in) {
			cur = next
			continue
		}
		dir, err := in.inside(rootReal, cur)
		if err != nil {
			return "", false
		}
		names, err := readDirNames(dir)
		if err != nil {
			return "", false
		}
		want, found := norm.NFC.String(name), ""
		for _, n := range names {
			if norm.NFC.String(n) == want {
				found = n
				break
			}
		}
		if found == "" {
			return "", false
		}
		cur = path.Join(cur, found)
	}
	return cur, cur != "."
}
