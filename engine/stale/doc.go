// Package stale decides which documents their code has outgrown. It
// compares each document's source_refs with a baseline (the fingerprints
// recorded when the document was last indexed, or git history) and gives
// one staleness level per document, with a reason per changed ref. The
// same definitions serve search results, get_page, status and the
// `ubp stale` reports.
//
// # Levels and reasons
//
//   - fresh: every ref is unchanged since the document was last synced.
//   - possibly_stale: a ref changed less than Options.ThresholdDays ago
//     (default 7).
//   - stale: a ref changed that long ago or longer, or no longer exists.
//   - untracked: the document has no refs (or every ref was rejected).
//
// A changed ref's reason is Modified, Deleted (existed at the baseline,
// gone now) or NotFound (never existed, or its Go declaration does not).
// Its time is the first commit that changed it after the baseline (the
// document has been out of date since), else, for uncommitted changes,
// the modification time of the changed files.
//
// # References
//
// A ref is a path from the project root: a file, a folder (its whole
// tree, .git and .ubp left out, symlinks hashed as their target text) or a
// glob ('**' spans folders; see pathglob.Match). path.go#Symbol narrows a
// ref to one Go declaration (function, Type.Method, type, const or var,
// doc comment included), found with go/parser: only a change to its text
// counts. A ref whose whole text names a path that exists is that path,
// '#' included (notes/c#.md); only otherwise does its last '#' split off
// a declaration. A '#' path deleted since (held by a commit, or recorded
// in the index baseline) is that path, deleted, not a rejected ref. CheckPath rejects absolute paths and paths that escape the root
// after cleaning or through symlinks; Check turns each into a warning
// naming the document and line, and such refs are never read.
//
// # Baselines
//
// BaselineIndex compares with DocInput.Baselines, the Fingerprint of each
// ref when the document was synced (FingerprintRef makes them). Content is
// hashed only when size, mtime or file count moved, or when the recorded
// mtime is within two seconds of the sync (a file rewritten in the same
// timestamp tick). In a git work tree, changed refs get the commit, author
// and date of the first commit after the sync that touched them.
//
// BaselineGit needs no recorded state, for CI on a fresh clone: a ref
// changed when a commit touched it that is in the history of no commit
// that touched the document, on any branch (a branch merged later counts),
// dated
// after the document's `reviewed: YYYY-MM-DD` if any; uncommitted changes
// count too, unless the document itself has uncommitted edits (it is being
// updated). A ref git ignores has no history: only whether it exists is
// checked, and the report warns; so for a ref inside a git submodule,
// whose files the project's history does not hold (the submodule folder
// itself changes with each commit that moves it). A document moved without an edit keeps the history of the
// paths it had, as `git log --follow` does: moves within the docs folder,
// into it, of the folder itself, or out of it and back (the move away is
// no edit either). History is read in one `git log --name-status -z` pass (with
// pathspecs for up to 256 distinct targets, else all of it), uncommitted
// changes in one `git status`, and Go declarations at past commits through
// one `git cat-file --batch`. In a shallow clone the cut commits' files are
// ignored and documents whose last commit is missing get a warning.
// BaselineAuto is git in a git work tree, else index.
//
// # API
//
// Check takes Options and the documents (DocInput) and returns a Report:
// a DocResult per document with a RefResult per ref, counts per level and
// warnings. Report.AtOrAbove and Report.HasAtOrAbove select documents at a
// level or worse (what --level needs); Report.ExitCode is what --exit-code
// exits with (2 when a shallow clone leaves the report incomplete).
// Document paths start from the git root (Report.PathsFrom). WriteText,
// WriteJSON, WriteMarkdown (GitHub job summaries: counts, a table per
// document, commit links when origin is on GitHub) and WriteSARIF (SARIF
// 2.1.0, one result per changed ref at its line in the document, a rule
// per reason) render a report for documents at or above a level. HeadCommit
// and StatRefs let callers tell cheaply whether a stored result is still
// current (engine keeps one per HEAD commit).
package stale
