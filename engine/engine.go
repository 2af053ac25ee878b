// Package engine is ubp's core API: it keeps the SQLite index of a project
// (.ubp/index.db) in step with its docs folder, and answers every question
// the CLI and the MCP server ask of it: pages, links, search, context,
// staleness, status. Its answers are the types of engine/answer, named
// here under their engine names.
//
// The engine orchestrates; the work is in its packages:
//
//   - engine/project: the project on disk and its configuration;
//   - engine/internal/store: the SQLite plumbing (pools, transactions,
//     meta, migrations, lock files);
//   - engine/internal/writer: an indexing run (Index, IndexPaths, Watch),
//     followed by the short-term postings (engine/internal/fulltext) and
//     the embedding step (engine/internal/embedrun);
//   - engine/internal/reader: pages, page lookup, sections, the document
//     graph, status counts;
//   - engine/internal/stalesnap: the staleness snapshot every answer shows
//     (engine/stale does the checking);
//   - retrieval: engine/internal/fulltext (full text, BM25),
//     engine/internal/vecsearch (a query's vector, its nearest sections),
//     engine/internal/linkwalk (the links a walk reads), with what they
//     read of documents and sections (engine/internal/docmeta,
//     engine/internal/store/sectionrows);
//   - engine/internal/search: the steps of one search, fused with the pure
//     ranking package; engine/internal/suggest: link suggestions;
//   - engine/internal/params: the checks of the queries' parameters;
//   - engine/embed and engine/internal/store/vecstore: embedding providers
//     and stored vectors; engine/query: query parsing.
//
// What stays here is the API and its orchestration: opening the index,
// an indexing run and what follows it, one read transaction per answer
// with the steps in order, watching the docs folder, and the state the
// answers share: the embedding provider, the caches (documents' metadata,
// the link graph, the links walked, full text's lengths and postings) and
// the staleness snapshot in memory.
//
// # Storage
//
// One SQLite file in WAL mode. Every write is a short BEGIN IMMEDIATE
// transaction with a busy timeout, so a serving process, `ubp index` and
// `ubp search` can use the same index at once. Indexing runs are also
// serialised across processes with a lock file (.ubp/index.lock).
package engine

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"sync/atomic"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/fulltext"
	"github.com/ubp-dev/ubp/engine/internal/linkwalk"
	"github.com/ubp-dev/ubp/engine/internal/reader"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/writer"
	"github.com/ubp-dev/ubp/migrations"
)

// OpenOptions tune Open.
type OpenOptions struct {
	// ReadOnly opens an existing, up-to-date index without migrating or
	// writing anything; Index and other writes then fail.
	ReadOnly bool
	// Getenv reads the environment the engine may consult: the variable
	// embedding.openai.api_key_env names (the OpenAI API key) and GIT_DIR
	// (which the git processes the engine starts read too). The CLI passes
	// os.Getenv; nil means an empty environment: no API key is sent (an
	// endpoint that wants one says so) and GIT_DIR counts as unset.
	Getenv func(string) string
	// OnUpgrade, when set, is told before an index of an older schema is
	// migrated (from and to are schema versions), so a front end can say
	// why this open takes longer: a migration may rebuild a table (schema
	// 14 rebuilds the full-text tables: about 7 s at 10,000 documents).
	OnUpgrade func(from, to int)
}

// Engine is an open project index. Its methods are safe for concurrent use.
type Engine struct {
	// p is the project; ReloadConfig replaces it while the engine runs.
	p        atomic.Pointer[Project]
	db       *sql.DB // writes (BEGIN IMMEDIATE) and single-statement reads
	rdb      *sql.DB // read transactions (BEGIN DEFERRED, query only)
	readOnly bool
	version  int
	// getenv reads the environment (OpenOptions.Getenv, never nil).
	getenv func(string) string

	// writer writes the index (see Index); one run at a time.
	writer *writer.Writer
	// reader reads pages, sections and links (see GetPage).
	reader *reader.Reader

	// embedMu guards embed, the project's embedding provider, created on
	// first use (see embedder).
	embedMu sync.Mutex
	embed   embed.Provider
	// docs holds the documents' metadata searches and graph views read,
	// dropped when the search_generation counter moves (see docmeta.Cache).
	docs docmeta.Cache
	// graph is the last link graph read (see LoadGraph).
	graph graphCache
	// links holds the links of the documents searches and contexts walked
	// from (see linkwalk.Cache).
	links linkwalk.Cache
	// matcher matches full-text queries and keeps the lengths and short
	// terms' postings it read (see fulltext.Matcher).
	matcher fulltext.Matcher
	// staleSnap is the last staleness snapshot (see staleSnapshot).
	staleSnap staleSnapshotHolder
	// warm tracks the background warm-up (see WarmUp), which Close stops
	// and waits for.
	warm warmUp
	// docsGone is when Watch found the docs folder gone (UnixNano), 0
	// while it is there (see DocsFolderGone).
	docsGone atomic.Int64
}

// ErrReadOnly is returned by writes on an engine opened with ReadOnly.
var ErrReadOnly = errors.New("the index was opened read-only")

// Open opens (creating it if needed) the index of p and brings its schema
// up to date.
func Open(ctx context.Context, p *Project, opts OpenOptions) (*Engine, error) {
	if p == nil {
		return nil, errors.New("open index: no project")
	}
	path := p.DBPath()
	if opts.ReadOnly {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return nil, &RemedyError{Err: fmt.Errorf("open index: %s does not exist", path), Remedy: RemedyIndex}
		}
	} else {
		if err := os.MkdirAll(p.DataDir(), 0o755); err != nil {
			return nil, fmt.Errorf("open index: create %s: %w", p.DataDir(), err)
		}
		unlock, err := store.LockFile(ctx, p.OpenLockPath())
		if err != nil {
			return nil, fmt.Errorf("open index: %w", err)
		}
		defer unlock()
	}
	e := &Engine{readOnly: opts.ReadOnly, getenv: opts.Getenv}
	e.p.Store(p)
	if e.getenv == nil {
		e.getenv = func(string) string { return "" }
	}
	var err error
	if e.db, err = store.OpenPool(ctx, path, true, opts.ReadOnly); err != nil {
		return nil, err
	}
	if e.rdb, err = store.OpenPool(ctx, path, false, true); err != nil {
		e.db.Close()
		return nil, err
	}
	e.writer = writer.New(e.db)
	e.reader = reader.New(e.db, e.rdb)
	e.matcher.Background = e.background
	if opts.ReadOnly {
		e.version, err = store.CheckSchema(ctx, e.db, path)
	} else {
		e.version, err = migrate(ctx, e.db, path, opts.OnUpgrade)
	}
	if err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// Close releases the database connections.
func (e *Engine) Close() error {
	e.warm.stopAndWait()
	e.docs.Drop() // let the caches go with the engine
	e.matcher.Drop()
	e.graph.mu.Lock()
	e.graph.g = nil
	e.graph.mu.Unlock()
	e.links.Drop()
	var errs []error
	if e.rdb != nil {
		errs = append(errs, e.rdb.Close())
	}
	if e.db != nil {
		errs = append(errs, e.db.Close())
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("close index: %w", err)
	}
	return nil
}

// Project is the project this engine indexes, as last loaded (see
// ReloadConfig). A reload replaces it whole, never changes it: a call that
// reads the configuration takes it once and passes it down, so that one
// answer never mixes two configurations.
func (e *Engine) Project() *Project { return e.p.Load() }

// WithTx runs fn in one write transaction (BEGIN IMMEDIATE): committed when
// fn returns nil, rolled back when it returns an error or panics (the panic
// goes on).
func (e *Engine) WithTx(ctx context.Context, fn func(tx *sql.Tx) error) (err error) {
	defer e.explainDamage(&err)
	if e.readOnly {
		return ErrReadOnly
	}
	return store.WithTx(ctx, e.db, fn)
}

// readTx runs fn in one read transaction, so every query in it sees the
// same snapshot of the index (never a document half-way through an update).
func (e *Engine) readTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	return store.ReadTx(ctx, e.rdb, fn)
}

// migrate brings the index at path to the latest schema, telling onUpgrade
// first when an existing index (not a new one) is behind.
func migrate(ctx context.Context, db *sql.DB, path string, onUpgrade func(from, to int)) (int, error) {
	if onUpgrade != nil {
		cur, err := store.SchemaVersion(ctx, db)
		if err != nil {
			return 0, err
		}
		if latest := migrations.Latest(); cur > 0 && cur < latest {
			onUpgrade(cur, latest)
		}
	}
	return store.Migrate(ctx, db, path)
}

// explainDamage replaces *err, returned by a method of e, with
// store.Damaged's: an index file damaged in the pages a statement read, or
// one this user may not write (unless e was opened read-only), is named,
// with what to do, as one that does not open is (Open).
func (e *Engine) explainDamage(err *error) {
	*err = store.Damaged(e.Project().DBPath(), *err, !e.readOnly)
}
