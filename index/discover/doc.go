// Package discover finds the documents of a docs folder: which files ubp
// reads, which it skips and why (WhyNotListed), and how it reads one
// (ReadFile: bounded, never blocking on a FIFO). It reads folders and
// files, never a database.
//
// List lists *.md, *.markdown and *.mdx files under the docs folder, sorted by
// path. Paths are relative, '/'-separated and Unicode NFC (macOS NFD names
// are normalized). Skipped: the folders .git, .ubp, node_modules, vendor,
// dist and build and every hidden folder or file (name starting with '.'),
// at any depth; symlinked folders (never followed); whatever the .gitignore
// files inside the docs folder ignore (root and nested; comments, '!',
// trailing '/', leading '/', '*', '?', "**"); files or folders matching an
// Exclude glob; when Include is set, files that neither match an Include
// glob themselves nor sit in a folder that does (globs: see pathglob.Match). Files
// over the size limit (5 MiB by default), not valid UTF-8 or holding a NUL
// byte are skipped with an index.Warning naming them.
package discover
