package discover

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/index/pathglob"
)

// DefaultExcludedDirs are folder names never descended into, at any depth.
// Hidden folders (name starting with '.') are skipped as well.
var DefaultExcludedDirs = []string{".git", ".ubp", "node_modules", "vendor", "dist", "build"}

// Options says which files of a docs folder are documents.
type Options struct {
	// Root is the docs folder (absolute; a relative path is made absolute).
	Root string
	// Include globs (see pathglob.Match), relative to Root. Empty means every
	// Markdown file; otherwise a file is kept when it, or one of its parent
	// folders, matches one ("guides" and "guides/**" both keep guides/).
	Include []string
	// Exclude globs relative to Root. A file is skipped when it, or one of
	// its parent folders, matches one.
	Exclude []string
	// MaxFileSize in bytes; 0 means index.DefaultMaxFileSize.
	MaxFileSize int64
	// StatOnly lists files by their metadata without reading them, so the
	// text check (UTF-8, no NUL byte) is skipped: a cheap walk for
	// comparing the folder with an index (use IsText on the files that
	// matter).
	StatOnly bool
	// Paths, when not nil, limits the walk to these paths (files or
	// folders, relative to Root, '/'-separated, NFC): Discover then lists
	// exactly the files a whole walk would list at or under them, reading
	// only their parent folders (and .gitignore files) on the way, not the
	// rest of the folder. A path that does not exist lists nothing.
	Paths []string
}

// List lists the Markdown files (*.md, *.markdown, any letter case) under
// opts.Root, sorted by Path. It skips DefaultExcludedDirs, hidden folders
// and hidden files, symlinked folders (never followed; one leading outside
// the docs folder with a warning naming it and where it leads), everything ignored by the .gitignore
// files inside Root (root and nested), and opts.Exclude; it keeps only
// opts.Include matches when Include is set. A file over MaxFileSize, not
// valid UTF-8 or containing a NUL byte is skipped with a warning naming it.
// A Markdown symlink is read (through its real path, index.FileInfo.AbsPath) only
// when it leads to a regular file inside Root's real path; one leading
// outside, a broken one and a loop are skipped with a warning naming it, so
// no file outside the docs folder is ever read. A file that exists but
// cannot be read (permissions, I/O error) is listed with Unreadable set and
// a warning, so that a caller can keep what it knew of it; so is a folder
// that cannot be listed, with Dir set as well.
// Paths are relative to Root, '/'-separated and NFC even when the
// filesystem stores NFD names. The error is non-nil only when Root cannot
// be read, a glob is malformed or ctx is done.
func List(ctx context.Context, opts Options) ([]index.FileInfo, []index.Warning, error) {
	w, err := discover(ctx, opts)
	if w == nil {
		return nil, nil, err
	}
	if err != nil {
		return nil, w.warns, err
	}
	return w.files, w.warns, nil
}

// discover is List, returning the walker (nil when the walk could not
// start) so tests can see what it read.
func discover(ctx context.Context, opts Options) (*walker, error) {
	if strings.TrimSpace(opts.Root) == "" {
		return nil, errors.New("discover documents: the docs folder path is empty")
	}
	root, err := filepath.Abs(opts.Root)
	if err != nil {
		return nil, fmt.Errorf("discover documents: resolve docs folder %q: %w", opts.Root, err)
	}
	st, err := os.Stat(root)
	if err != nil {
		return nil, fmt.Errorf("discover documents: docs folder %s: %w (check docs_dir in the config)", root, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("discover documents: docs folder %s is not a directory", root)
	}
	for _, p := range opts.Include {
		if err := pathglob.Check(p); err != nil {
			return nil, fmt.Errorf("discover documents: include pattern: %w", err)
		}
	}
	for _, p := range opts.Exclude {
		if err := pathglob.Check(p); err != nil {
			return nil, fmt.Errorf("discover documents: exclude pattern: %w", err)
		}
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, fmt.Errorf("discover documents: resolve docs folder %s: %w", root, err)
	}
	w := &walker{
		root:     root,
		realRoot: realRoot,
		opts:     opts,
		maxSize:  opts.MaxFileSize,
	}
	if w.maxSize <= 0 {
		w.maxSize = index.DefaultMaxFileSize
	}
	if opts.Paths != nil {
		err = w.walkPaths(ctx, opts.Paths)
	} else {
		err = w.walkDir(ctx, root, "", nil)
	}
	w.files = w.gather()
	if err != nil {
		return w, err
	}
	slices.SortFunc(w.files, func(a, b index.FileInfo) int { return strings.Compare(a.Path, b.Path) })
	return w, nil
}

type walker struct {
	root     string
	realRoot string // root with every symlink resolved
	opts     Options
	maxSize  int64
	// chunks hold the files listed while walking, gathered into files,
	// one slice of the exact length, when the walk ends: one slice grown
	// by append is copied again and again (at 10,000 files the copies
	// came to several times the list).
	chunks [][]index.FileInfo
	files  []index.FileInfo
	warns  []index.Warning
	// seen holds the paths already listed once a name not in NFC form
	// has turned up (see nonNFC); nil before, as two entries can only
	// list the same path when one of them is named in another form.
	seen     map[string]bool
	dirsRead int // folders listed (for tests)
	// pathStats counts the files stat'ed by their whole path, each of
	// whose folders the system looks up again (for tests).
	pathStats int
}

func (w *walker) warn(rel, format string, args ...any) {
	w.warns = append(w.warns, index.Warning{File: rel, Message: fmt.Sprintf(format, args...)})
}

func (w *walker) walkDir(ctx context.Context, absDir, relDir string, rules []ignoreRule) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("discover documents: %w", err)
	}
	dir, entries, err := w.readDir(absDir, relDir)
	if err != nil {
		if relDir == "" {
			return err
		}
		return nil // warned
	}
	defer dir.close()
	if data, err := os.ReadFile(filepath.Join(absDir, ".gitignore")); err == nil {
		rules = append(rules[:len(rules):len(rules)], parseGitignore(data, relDir)...)
	}
	for _, e := range entries {
		if err := w.visit(ctx, dir, relDir, rules, e); err != nil {
			return err
		}
	}
	return nil
}

// visit lists the entry e of the folder dir (relDir from the root, with
// the .gitignore rules that apply there): a Markdown file, a Markdown
// symlink, or a folder walked whole.
func (w *walker) visit(ctx context.Context, dir *folder, relDir string, rules []ignoreRule, e fs.DirEntry) error {
	name := e.Name()
	rel := w.nfc(name)
	if relDir != "" {
		rel = relDir + "/" + rel
	}
	abs := filepath.Join(dir.abs, name)
	mode := e.Type()
	if !utf8.ValidString(name) {
		w.badName(name, rel, mode, rules)
		return nil
	}
	if mode&fs.ModeSymlink != 0 {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("discover documents: %w", err)
		}
		if !isMarkdownName(name) {
			w.linkedFolder(abs, name, rel, rules)
			return nil
		}
		if strings.HasPrefix(name, ".") || gitIgnored(rules, rel, false) || !w.wanted(rel) {
			return nil
		}
		if resolved, ok := w.resolveLink(abs, rel); ok {
			// The link's own time too: re-pointed at a file of the same
			// size and time as its old target, it is still seen to change.
			var linkTime time.Time
			if info, err := e.Info(); err == nil {
				linkTime = info.ModTime()
			}
			w.addFile(nil, resolved, rel, linkTime)
		}
		return nil
	}
	switch {
	case mode.IsDir():
		if w.skipDir(name, rel, rules) {
			return nil
		}
		return w.walkDir(ctx, abs, rel, rules)
	case mode.IsRegular():
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("discover documents: %w", err)
		}
		if !isMarkdownName(name) || strings.HasPrefix(name, ".") ||
			gitIgnored(rules, rel, false) || !w.wanted(rel) {
			return nil
		}
		w.addFile(dir, abs, rel, time.Time{})
	default:
		// A FIFO, socket or device under a document's name is never
		// read (reading could block), but said, as a symlink to one is:
		// it was skipped without a word, unlisted by status.
		if isMarkdownName(name) && !strings.HasPrefix(name, ".") &&
			!gitIgnored(rules, rel, false) && w.wanted(rel) {
			w.warn(rel, "skipped: not a regular file (a FIFO, socket or device)")
		}
	}
	return nil
}

// badName warns of the entry name (rel from the root, of type mode) whose
// name is not valid UTF-8, when a walk would read it: a Markdown file, a
// Markdown symlink, or a folder it would descend into. Such a name cannot
// be written in a JSON or MCP answer (it came out as "\ufffd", two files
// differing in such bytes under one path neither could be read by), so the
// entry is skipped and named in escaped form (EscapeName), as other files
// ubp cannot serve are.
func (w *walker) badName(name, rel string, mode fs.FileMode, rules []ignoreRule) {
	shown := EscapeName(rel)
	switch {
	case mode.IsDir():
		if !w.skipDir(name, rel, rules) {
			w.warn(shown, "%sits name is not valid UTF-8, so no file under it is read (rename it)", SkippedFolder)
		}
	case mode.IsRegular() || mode&fs.ModeSymlink != 0:
		if isMarkdownName(name) && !strings.HasPrefix(name, ".") && !gitIgnored(rules, rel, false) && w.wanted(rel) {
			w.warn(shown, "skipped: file name is not valid UTF-8 (rename it)")
		}
	}
}

// SkippedFolder opens the warning for a folder of the docs folder that is
// not read (a symlinked folder leading outside it, a folder whose name is
// not UTF-8), as "skipped:" opens one for a file: status counts them
// apart.
const SkippedFolder = "skipped folder: "

// IsSkippedFolder reports whether w says a folder was skipped.
func IsSkippedFolder(w index.Warning) bool { return strings.HasPrefix(w.Message, SkippedFolder) }

// EscapeName is name with each byte that is not part of valid UTF-8
// written as \xNN: the readable form warnings give a file name
// that is not UTF-8 ("a\xff.md").
func EscapeName(name string) string {
	if utf8.ValidString(name) {
		return name
	}
	var b strings.Builder
	for i := 0; i < len(name); {
		r, n := utf8.DecodeRuneInString(name[i:])
		if r == utf8.RuneError && n == 1 {
			fmt.Fprintf(&b, "\\x%02x", name[i])
		} else {
			b.WriteString(name[i : i+n])
		}
		i += n
	}
	return b.String()
}

// readDir opens a folder and lists it, sorted by name as os.ReadDir
// sorts; the caller closes the folder once its files are stat'ed. The
// error is returned for the root; for another folder it becomes a warning
// ("folder skipped") and an unreadable entry (index.FileInfo.Dir), and is
// returned as well.
func (w *walker) readDir(absDir, relDir string) (*folder, []fs.DirEntry, error) {
	w.dirsRead++
	dir, entries, err := openFolder(absDir)
	if err != nil {
		if relDir == "" {
			return nil, nil, fmt.Errorf("discover documents: read docs folder %s: %w", absDir, err)
		}
		w.warn(relDir, "folder skipped: %v; the documents indexed under it are kept as they were", err)
		w.add(index.FileInfo{Path: relDir, AbsPath: absDir, Unreadable: true, Dir: true})
		return nil, nil, err
	}
	return dir, entries, nil
}

// resolveLink returns the resolved path of the Markdown symlink abs when it
// leads to a regular file inside the docs folder. A link leading outside
// (however many hops), a broken link and a loop are skipped with a warning
// naming the link; a link to a folder is skipped silently (folders are
// never followed).
func (w *walker) resolveLink(abs, rel string) (string, bool) {
	st, err := os.Stat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		w.warn(rel, "skipped: broken symlink (its target does not exist)")
		return "", false
	case errors.Is(err, syscall.ELOOP):
		w.warn(rel, "skipped: symlink loop (the link leads back to itself)")
		return "", false
	case err != nil:
		w.warn(rel, "skipped: cannot follow symlink: %v", err)
		return "", false
	case st.IsDir():
		return "", false
	}
	resolved, err := filepath.EvalSymlinks(abs)
	if err != nil {
		w.warn(rel, "skipped: cannot follow symlink: %v", err)
		return "", false
	}
	if !within(w.realRoot, resolved) {
		w.warn(rel, "skipped: symlink points outside the docs folder (to %s); only files inside it are read", resolved)
		return "", false
	}
	if !st.Mode().IsRegular() {
		w.warn(rel, "skipped: symlink to something that is not a regular file")
		return "", false
	}
	return resolved, true
}

// linkedFolder warns of the symlink abs (name, rel from the root) when it
// leads to a folder outside the docs folder that the walk would otherwise
// descend into: folders reached through a symlink are never followed, and
// one leading outside held files the user may expect indexed, as a
// Markdown symlink leading outside is named (until 2026-11-28 the folder
// was skipped without a word). A link to a folder inside is silent (its
// files are read where they are), and so is anything else.
func (w *walker) linkedFolder(abs, name, rel string, rules []ignoreRule) {
	if w.skipDir(name, rel, rules) {
		return
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return
	}
	resolved, err := filepath.EvalSymlinks(abs)
	if err != nil || within(w.realRoot, resolved) {
		return
	}
	w.warn(rel, "%ssymlink to a folder outside the docs folder (to %s); folders reached through a symlink are never followed, and only files inside the docs folder are read", SkippedFolder, resolved)
}

// within reports whether path p is dir or under it (both cleaned, absolute).
func within(dir, p string) bool {
	r, err := filepath.Rel(dir, p)
	if err != nil {
		return false
	}
	r = filepath.ToSlash(r)
	return r != ".." && !strings.HasPrefix(r, "../") && !filepath.IsAbs(r)
}

func (w *walker) skipDir(name, rel string, rules []ignoreRule) bool {
	if strings.HasPrefix(name, ".") {
		return true
	}
	for _, d := range DefaultExcludedDirs {
		if name == d {
			return true
		}
	}
	for _, p := range w.opts.Exclude {
		if pathglob.Match(p, rel) {
			return true
		}
	}
	return gitIgnored(rules, rel, true)
}

// wanted applies Include and Exclude to a file path.
func (w *walker) wanted(rel string) bool {
	for _, p := range w.opts.Exclude {
		if pathglob.Match(p, rel) {
			return false
		}
	}
	if len(w.opts.Include) == 0 {
		return true
	}
	for _, p := range w.opts.Include {
		for sub := rel; ; {
			if pathglob.Match(p, sub) {
				return true
			}
			i := strings.LastIndexByte(sub, '/')
			if i < 0 {
				break
			}
			sub = sub[:i]
		}
	}
	return false
}

// addFile lists the file abs as rel; linkTime is the modification time of
// the symlink that led to it, zero for a file reached directly. dir is the
// open folder abs was met in, nil for a symlink's target.
func (w *walker) addFile(dir *folder, abs, rel string, linkTime time.Time) {
	var st fileStat
	var err error
	if dir != nil && statAtSupported {
		st, err = dir.statAt(filepath.Base(abs))
	} else {
		w.pathStats++
		st, err = statPath(abs)
	}
	w.listFile(abs, rel, linkTime, st, err)
}

// listFile lists the file abs (rel from the root, reached through a
// symlink of linkTime unless it is zero), stat'ed as st, err.
func (w *walker) listFile(abs, rel string, linkTime time.Time, st fileStat, err error) {
	if errors.Is(err, fs.ErrNotExist) {
		return // gone since the folder was listed
	}
	if err != nil {
		w.unreadable(abs, rel, err)
		return
	}
	if st.size > w.maxSize {
		w.warn(rel, "skipped: file is %s, over the %s limit (raise max_file_size or exclude the file)",
			formatBytes(st.size), formatBytes(w.maxSize))
		return
	}
	if !w.opts.StatOnly {
		data, err := ReadFile(abs, w.maxSize)
		if msg := SkipReason(data, err, w.maxSize); msg != "" {
			w.warn(rel, "%s", msg)
			return
		}
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return
		case err != nil:
			w.unreadable(abs, rel, err)
			return
		}
	}
	if w.listed(rel) {
		w.warn(rel, "skipped: another file has the same name in a different Unicode normalization (NFC/NFD); rename one")
		return
	}
	mtime := st.mtime
	if linkTime.After(mtime) {
		mtime = linkTime
	}
	w.add(index.FileInfo{Path: rel, AbsPath: abs, Size: st.size, ModTime: mtime})
}

// add lists f in the last chunk, starting a new one (twice as large, up
// to maxFileChunk) when it is full.
func (w *walker) add(f index.FileInfo) {
	n := len(w.chunks)
	if n == 0 || len(w.chunks[n-1]) == cap(w.chunks[n-1]) {
		size := 16
		if n > 0 {
			size = min(2*cap(w.chunks[n-1]), maxFileChunk)
		}
		w.chunks = append(w.chunks, make([]index.FileInfo, 0, size))
		n++
	}
	w.chunks[n-1] = append(w.chunks[n-1], f)
}

// maxFileChunk is the most files a chunk of the walk holds.
const maxFileChunk = 1024

// gather returns the files of the chunks in one slice, nil for none.
func (w *walker) gather() []index.FileInfo {
	n := 0
	for _, c := range w.chunks {
		n += len(c)
	}
	if n == 0 {
		return nil
	}
	files := make([]index.FileInfo, 0, n)
	for _, c := range w.chunks {
		files = append(files, c...)
	}
	w.chunks = nil
	return files
}

// nfc returns the name of a folder entry in NFC form. The first name that
// is not starts the set of listed paths (seen), from the files listed so
// far: only such a name can give a path already listed.
func (w *walker) nfc(name string) string {
	n := norm.NFC.String(name)
	if n != name && w.seen == nil {
		w.seen = map[string]bool{}
		for _, c := range w.chunks {
			for _, f := range c {
				if !f.Dir {
					w.seen[f.Path] = true
				}
			}
		}
	}
	return n
}

// listed reports whether the path rel was listed already, and records it
// as listed. Before any name not in NFC form has turned up (seen is nil)
// every path is new.
func (w *walker) listed(rel string) bool {
	if w.seen == nil {
		return false
	}
	if w.seen[rel] {
		return true
	}
	w.seen[rel] = true
	return false
}

// IsText reports whether data is a document List would read: valid
// UTF-8 without NUL bytes.
func IsText(data []byte) bool { return notTextReason(data) == "" }

// SkipReason is the warning for a file read with ReadFile (data, err;
// limit is the size limit, 0 for index.DefaultMaxFileSize) that is not to be
// indexed, as List words it: over the size limit, not a regular file,
// or not text. "" when data is a document, and for other read errors
// (the file vanished or cannot be read now), which callers handle.
func SkipReason(data []byte, err error, limit int64) string {
	if limit <= 0 {
		limit = index.DefaultMaxFileSize
	}
	switch {
	case errors.Is(err, ErrTooLarge):
		return fmt.Sprintf("skipped: file grew over the %s limit while read (raise max_file_size or exclude the file)", formatBytes(limit))
	case errors.Is(err, ErrNotRegular):
		return "skipped: not a regular file"
	case err != nil:
		return ""
	}
	if msg := notTextReason(data); msg != "" {
		return "skipped: " + msg
	}
	return ""
}

// unreadable lists a file that exists but cannot be read right now (a
// permission or I/O error), so that the index keeps its last version
// rather than deleting it with its backlinks.
func (w *walker) unreadable(abs, rel string, err error) {
	if w.listed(rel) {
		return
	}
	w.warn(rel, "cannot read file (%v); its last indexed version, if any, is kept", err)
	w.add(index.FileInfo{Path: rel, AbsPath: abs, Unreadable: true})
}

// notTextReason says why data is not UTF-8 text, or "" when it is. A
// UTF-16 file (byte order mark FF FE or FE FF: Notepad's "Unicode", what
// Windows PowerShell 5 writes with "> file.md") is named so: it is text,
// in an encoding ubp does not read.
func notTextReason(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		return "UTF-16 text (little-endian); convert the file to UTF-8"
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return "UTF-16 text (big-endian); convert the file to UTF-8"
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return fmt.Sprintf("not a text file (NUL byte at offset %d)", i)
	}
	if !utf8.Valid(data) {
		off := 0
		for off < len(data) {
			r, size := utf8.DecodeRune(data[off:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			off += size
		}
		return fmt.Sprintf("not valid UTF-8 text (invalid byte at offset %d; convert the file to UTF-8)", off)
	}
	return ""
}

func isMarkdownName(name string) bool { return index.IsMarkdownExt(path.Ext(name)) }

// formatBytes is a size as the warnings say it: "1 byte", "100 bytes",
// "4.0 KiB", "5.0 MiB".
func formatBytes(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	case n == 1:
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}
