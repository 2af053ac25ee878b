package stale

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/index/pathglob"
)

// Fingerprint is what a ref looked like at one moment: the index baseline
// stores one per ref when the document is synced.
type Fingerprint struct {
	// Exists is false when the file, folder, glob match or Go declaration
	// is missing.
	Exists bool `json:"exists"`
	// SHA256 is the hex SHA-256 of the file, of the folder or glob (sorted
	// paths with their hashes), or of a Go declaration's text including
	// its doc comment. "" when the ref does not exist.
	SHA256 string `json:"sha256,omitempty"`
	// Size is the file's size in bytes (folders and globs: the sum).
	Size int64 `json:"size"`
	// MTime is the modification time in unix nanoseconds (folders and
	// globs: the latest of their files and folders, so adding, removing
	// or renaming a file moves it).
	MTime int64 `json:"mtime"`
	// Files counts the files hashed (1 for a file or a Go symbol).
	Files int `json:"files"`

	// filesMTime is the latest mtime of the files alone (folders left
	// out), the better change time when a file was edited.
	filesMTime int64
}

// changeTime is when the ref most likely changed after syncedAt: the
// latest file modification, or, when no file was modified since (a file
// was deleted or renamed), the latest folder modification; never before
// syncedAt, as the content differs from what it was then (a file copied
// with its old mtime, cp -p, rsync -a, tar x, was dated weeks before the
// sync and made the document stale at once).
func (f Fingerprint) changeTime(syncedAt time.Time) time.Time {
	t := time.Unix(0, f.MTime)
	if f.filesMTime > syncedAt.UnixNano() || f.filesMTime == f.MTime {
		t = time.Unix(0, f.filesMTime)
	}
	if !syncedAt.IsZero() && t.Before(syncedAt) {
		return syncedAt
	}
	return t
}

// sameStat reports whether two fingerprints agree on size, mtime and file
// count, the cheap signals compared before hashing. A zero Files on the
// stored side (unknown) matches any count.
func (f Fingerprint) sameStat(stored Fingerprint) bool {
	return f.Size == stored.Size && f.MTime == stored.MTime && (stored.Files == 0 || f.Files == stored.Files)
}

// skipDirs are never walked inside folder and glob refs: git's and ubp's
// own state change on their own.
var skipDirs = map[string]bool{".git": true, ".ubp": true}

// FingerprintRef hashes ref as it is now under root: a file, a folder (its
// whole tree), the files matching a glob, or the text of one Go
// declaration (path.go#Symbol). Symlinks inside folders and globs are not
// followed: their target text is hashed, as git stores them. A ref that is
// rejected by CheckPath returns a *RejectedError and nothing is read; a
// missing ref is not an error (Exists is false).
func FingerprintRef(root string, ref index.SourceRef) (Fingerprint, error) {
	rootReal, err := realRoot(root)
	if err != nil {
		return Fingerprint{}, err
	}
	r, err := resolveRef(rootReal, ref)
	if err != nil {
		return Fingerprint{}, err
	}
	return fingerprint(r, true)
}

// racyWindow is how close to the sync time a stored mtime must be for the
// cheap check to be distrusted: a file written again within the same
// timestamp tick right after it was hashed would otherwise look unchanged.
const racyWindow = 2 * time.Second

// fingerprint stats (and, with hashing, reads) the ref. Without hashing,
// SHA256 is empty and Exists tells only whether the path is there.
func fingerprint(r resolvedRef, hashing bool) (Fingerprint, error) {
	if r.kind == kindGlob {
		return treeFingerprint(r.real, r.base, r.rel, hashing)
	}
	fi, err := os.Stat(r.real)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || isNotDir(err) {
			return Fingerprint{}, nil
		}
		return Fingerprint{}, fmt.Errorf("source_ref %q: %w", r.ref.String(), err)
	}
	if r.ref.Symbol != "" {
		return symbolFingerprint(r, fi, hashing)
	}
	if fi.IsDir() {
		return treeFingerprint(r.real, r.rel, "", hashing)
	}
	fp := Fingerprint{Exists: true, Size: fi.Size(), MTime: fi.ModTime().UnixNano(), Files: 1}
	fp.filesMTime = fp.MTime
	if hashing {
		sum, err := hashFile(r.real, fi)
		if err != nil {
			return Fingerprint{}, fmt.Errorf("source_ref %q: %w", r.ref.String(), err)
		}
		fp.SHA256 = sum
	}
	return fp, nil
}

func symbolFingerprint(r resolvedRef, fi fs.FileInfo, hashing bool) (Fingerprint, error) {
	fp := Fingerprint{Size: fi.Size(), MTime: fi.ModTime().UnixNano(), Files: 1}
	fp.filesMTime = fp.MTime
	if fi.IsDir() || !fi.Mode().IsRegular() {
		return Fingerprint{}, nil
	}
	if !hashing {
		fp.Exists = true // the file is there; the declaration is unknown
		return fp, nil
	}
	src, err := os.ReadFile(r.real)
	if err != nil {
		return Fingerprint{}, fmt.Errorf("source_ref %q: %w", r.ref.String(), err)
	}
	text, found, _ := declText(r.rel, src, r.ref.Symbol)
	if found {
		fp.Exists = true
		fp.SHA256 = sha256Hex(text)
	}
	return fp, nil
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// hashFile hashes a regular file's bytes; other kinds of file (devices,
// pipes) are never opened and hash their type instead.
func hashFile(name string, fi fs.FileInfo) (string, error) {
	if !fi.Mode().IsRegular() {
		return sha256Hex([]byte("special " + fi.Mode().Type().String())), nil
	}
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("read %s: %w", name, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// treeFingerprint walks the folder dir (relDir from the project root) and
// takes every file below it, or with a pattern only the files whose path
// from the project root matches it. The hash covers the sorted paths with
// each file's hash (a symlink: its target text).
func treeFingerprint(dir, relDir, pattern string, hashing bool) (Fingerprint, error) {
	fi, err := os.Stat(dir)
	if err != nil || !fi.IsDir() {
		if err == nil || errors.Is(err, fs.ErrNotExist) || isNotDir(err) {
			return Fingerprint{}, nil
		}
		return Fingerprint{}, fmt.Errorf("source_ref folder %s: %w", relDir, err)
	}
	maxDepth := -1 // folders below dir that can hold matches; -1: any
	if pattern != "" && !strings.Contains(pattern, "**") {
		maxDepth = strings.Count(pattern, "/") - depth(relDir)
	}
	fp := Fingerprint{Exists: pattern == ""}
	var h hash.Hash
	if hashing {
		h = sha256.New()
	}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("walk %s: %w", p, err)
		}
		sub, _ := filepath.Rel(dir, p)
		rel := path.Join(relDir, filepath.ToSlash(sub))
		if d.IsDir() {
			if p != dir && skipDirs[d.Name()] {
				return fs.SkipDir
			}
			if p != dir && maxDepth >= 0 && depth(filepath.ToSlash(sub)) > maxDepth {
				return fs.SkipDir
			}
			info, err := d.Info()
			if err != nil {
				return fmt.Errorf("stat %s: %w", p, err)
			}
			fp.MTime = max(fp.MTime, info.ModTime().UnixNano())
			return nil
		}
		if pattern != "" && !pathglob.Match(pattern, rel) {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return fmt.Errorf("stat %s: %w", p, err)
		}
		fp.Files++
		fp.MTime = max(fp.MTime, info.ModTime().UnixNano())
		fp.filesMTime = max(fp.filesMTime, info.ModTime().UnixNano())
		var sum string
		if info.Mode()&fs.ModeSymlink != 0 {
			target, err := os.Readlink(p)
			if err != nil {
				return fmt.Errorf("read symlink %s: %w", p, err)
			}
			fp.Size += int64(len(target))
			if hashing {
				sum = "link " + sha256Hex([]byte(target))
			}
		} else {
			fp.Size += info.Size()
			if hashing {
				if sum, err = hashFile(p, info); err != nil {
					return err
				}
			}
		}
		if hashing {
			fmt.Fprintf(h, "%s\x00%s\n", rel, sum)
		}
		return nil
	})
	if err != nil {
		return Fingerprint{}, fmt.Errorf("source_ref %s: %w", firstNonEmpty(pattern, relDir), err)
	}
	if pattern != "" {
		fp.Exists = fp.Files > 0
	}
	if hashing && fp.Exists {
		fp.SHA256 = hex.EncodeToString(h.Sum(nil))
	}
	return fp, nil
}

// depth counts the segments of a '/'-separated relative path ("." is 0).
func depth(rel string) int {
	if rel == "." || rel == "" {
		return 0
	}
	return strings.Count(rel, "/") + 1
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// StatRefs returns, for each ref, its size, mtime, file count and whether
// it exists, without reading content (for a Go symbol ref: its file's).
// A ref rejected by CheckPath gets a zero Fingerprint. Comparing two
// results tells cheaply whether anything a document describes moved.
func StatRefs(root string, refs []index.SourceRef) ([]Fingerprint, error) {
	s, err := NewRefStatter(root)
	if err != nil {
		return nil, err
	}
	return s.Stat(refs)
}

// RefStatter is StatRefs and FingerprintRef for the refs of many
// documents: the project root is resolved once and each distinct ref (path
// and symbol) is stat'ed, or hashed, once, so checking or indexing every
// document costs what its distinct source files cost, not what their
// mentions do. Its answers are as of its first look at each path: use one
// for one check or one indexing run, not longer.
type RefStatter struct {
	rootReal string
	memo     map[string]Fingerprint
	hashed   map[string]hashedRef
	rejected map[string]bool
	// inside memoizes resolveInside by path, and stats a stat-only
	// fingerprint by what it depends on (see statKey): refs naming
	// different declarations of one file, or one folder's files, resolve
	// and stat it once.
	inside map[string]insideResult
	stats  map[string]Fingerprint
	// lstats memoizes lstat by absolute path: the folders above many
	// refs, and a path#Symbol tried as a file name before its file, are
	// inspected once. lstatFS is os.Lstat; a test counts its calls.
	lstats  map[string]lstatResult
	lstatFS func(string) (fs.FileInfo, error)
	// hashNames tells, by resolved folder, whether a name in it holds
	// '#' (see absent).
	hashNames map[string]bool
	in        inspector // resolveInside and lstat through the memos
}

// insideResult is a memoized resolveInside answer.
type insideResult struct {
	real string
	err  error
}

// lstatResult is a memoized os.Lstat answer.
type lstatResult struct {
	fi  fs.FileInfo
	err error
}

// hashedRef is a memoized FingerprintRef answer.
type hashedRef struct {
	fp  Fingerprint
	err error
}

// NewRefStatter resolves root for the RefStatter.
func NewRefStatter(root string) (*RefStatter, error) {
	rootReal, err := realRoot(root)
	if err != nil {
		return nil, err
	}
	s := &RefStatter{rootReal: rootReal, memo: map[string]Fingerprint{}, hashed: map[string]hashedRef{}, rejected: map[string]bool{},
		inside: map[string]insideResult{}, stats: map[string]Fingerprint{},
		lstats: map[string]lstatResult{}, lstatFS: os.Lstat, hashNames: map[string]bool{}}
	s.in = inspector{inside: s.resolveInside, lstat: s.lstat, absent: s.absent}
	return s, nil
}

// lstat is os.Lstat(p), once per p.
func (s *RefStatter) lstat(p string) (fs.FileInfo, error) {
	if r, ok := s.lstats[p]; ok {
		return r.fi, r.err
	}
	fi, err := s.lstatFS(p)
	s.lstats[p] = lstatResult{fi: fi, err: err}
	return fi, err
}

// absent reports whether rel surely does not exist because its name holds
// '#' and no name in its folder does (on any file system a name that
// matches one holding '#' holds it too): a path#Symbol tried as a file
// name, where one listing of the folder answers for all its
// declarations instead of an lstat each (about 1,200 at 10,000
// documents). False when the folder cannot be resolved or listed.
func (s *RefStatter) absent(rootReal, rel string) bool {
	dir, name := path.Split(rel)
	if !strings.Contains(name, "#") {
		return false
	}
	resolved, err := s.resolveInside(rootReal, path.Clean(dir))
	if err != nil {
		return false
	}
	has, ok := s.hashNames[resolved]
	if !ok {
		has = true // not listed: not known
		if names, err := readDirNames(resolved); err == nil {
			has = slices.ContainsFunc(names, func(n string) bool { return strings.Contains(n, "#") })
		}
		s.hashNames[resolved] = has
	}
	return !has
}

// readDirNames lists the names in the folder dir, unsorted.
func readDirNames(dir string) ([]string, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Readdirnames(-1)
}

// resolveInside is resolveInside(s.rootReal, rel), once per rel.
func (s *RefStatter) resolveInside(rootReal, rel string) (string, error) {
	if r, ok := s.inside[rel]; ok {
		return r.real, r.err
	}
	resolved, err := resolveInsideWith(rootReal, rel, s.lstat)
	s.inside[rel] = insideResult{real: resolved, err: err}
	return resolved, err
}

// statKey is what a stat-only fingerprint of r depends on: its path (or
// pattern), its kind and whether it names a declaration, whose file is
// stat'ed whichever it names.
func statKey(r resolvedRef) string {
	return fmt.Sprintf("%s\x00%d\x00%t", r.rel, r.kind, r.ref.Symbol != "")
}

// Fingerprint is FingerprintRef(root, ref).
func (s *RefStatter) Fingerprint(ref index.SourceRef) (Fingerprint, error) {
	key := ref.Path + "\x00" + ref.Symbol
	if h, ok := s.hashed[key]; ok {
		return h.fp, h.err
	}
	var h hashedRef
	r, err := resolveRefWith(s.rootReal, ref, s.in)
	if err == nil {
		h.fp, h.err = fingerprint(r, true)
	} else {
		h.err = err
	}
	s.hashed[key] = h
	return h.fp, h.err
}

// Stat is StatRefs(root, refs).
func (s *RefStatter) Stat(refs []index.SourceRef) ([]Fingerprint, error) {
	out := make([]Fingerprint, len(refs))
	for i, ref := range refs {
		key := ref.Path + "\x00" + ref.Symbol
		if fp, ok := s.memo[key]; ok {
			out[i] = fp
			continue
		}
		if s.rejected[key] {
			continue
		}
		r, err := resolveRefWith(s.rootReal, ref, s.in)
		if err != nil {
			var rej *RejectedError
			if errors.As(err, &rej) {
				s.rejected[key] = true
				continue
			}
			return nil, err
		}
		sk := statKey(r)
		fp, ok := s.stats[sk]
		if !ok {
			if fp, err = fingerprint(r, false); err != nil {
				return nil, err
			}
			fp.filesMTime = 0
			s.stats[sk] = fp
		}
		s.memo[key] = fp
		out[i] = fp
	}
	return out, nil
}
