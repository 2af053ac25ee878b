package writer

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docbody"
	"github.com/ubp-dev/ubp/engine/internal/pageref"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

// applyPlan writes the outcome of a scan: documents added, updated or
// renamed, in path order, each whole inside one transaction (consecutive
// documents share transactions, see writeBatch), then deletions. wrote
// reports whether anything was written.
func (w *Writer) applyPlan(ctx context.Context, p Project, plan *runPlan, o runOptions, rep *answer.IndexReport) (wrote bool, err error) {
	// Vanished documents by content hash, for rename detection; each can
	// be claimed by one new file (the first in path order).
	byHash := map[string][]*storedDoc{}
	for _, m := range plan.missing {
		byHash[m.hash] = append(byHash[m.hash], m)
	}
	claimed := map[int64]bool{}
	now := time.Now().UTC().Format(time.RFC3339)
	batch := &writeBatch{w: w, written: o.written, relink: o.relink}
	if o.firstBuild {
		batch.maxDocs, batch.maxTime = firstBuildMaxDocs, firstBuildMaxTime
	}
	// nil when the root cannot be resolved: refs then get no baseline, as
	// each would fail alone.
	batch.refs, _ = stale.NewRefStatter(p.Root)
	defer batch.rollback()
	total := len(plan.jobs)
	if o.progress != nil {
		o.progress(0, total)
	}

	err = parseAll(ctx, plan.jobs, o.full, func(i int, pr *parsed) error {
		defer func() {
			if o.progress != nil {
				o.progress(i+1, total)
			}
		}()
		f := pr.job.file
		if pr.err != nil {
			rep.Warnings = append(rep.Warnings, index.Warning{File: f.Path,
				Message: fmt.Sprintf("cannot read file (%v); its last indexed version, if any, is kept", pr.err)})
			return nil
		}
		rep.Warnings = append(rep.Warnings, pr.warns...)
		if pr.doc != nil {
			rep.Warnings = append(rep.Warnings, sourceRefWarnings(p.Root, f.Path, pr.doc.Frontmatter.SourceRefs)...)
		}
		s := pr.job.stored
		switch {
		case s != nil && pr.doc == nil:
			// Same bytes, new modification time: remember the time only.
			wrote = true
			rep.Unchanged++
			return batch.do(ctx, func(tx *docTx) error { return touchDocument(ctx, tx, s.id, f) })
		case s != nil:
			wrote = true
			if s.hash == pr.hash {
				rep.Unchanged++ // a Full run rewriting identical content
			} else {
				rep.Updated++
			}
			return writeDocument(ctx, batch, docWrite{id: s.id, file: f, doc: pr.doc, hash: pr.hash, sameContent: s.hash == pr.hash}, now)
		}
		wrote = true
		for _, m := range byHash[pr.hash] {
			if claimed[m.id] {
				continue
			}
			claimed[m.id] = true
			rep.Renamed++
			return writeDocument(ctx, batch, docWrite{id: m.id, file: f, doc: pr.doc, hash: pr.hash, sameContent: true}, now)
		}
		rep.Added++
		return writeDocument(ctx, batch, docWrite{file: f, doc: pr.doc, hash: pr.hash}, now)
	})
	if err != nil {
		return wrote, err
	}
	if err := batch.commit(); err != nil {
		return wrote, fmt.Errorf("index: %w", err)
	}

	var gone []*storedDoc
	for _, m := range plan.missing {
		if !claimed[m.id] {
			gone = append(gone, m)
		}
	}
	if len(gone) > 0 {
		wrote = true
		if err := w.deleteDocuments(ctx, gone, o.relink); err != nil {
			return wrote, err
		}
		rep.Deleted += len(gone)
	}
	return wrote, nil
}

// docWrite is one document to store.
type docWrite struct {
	id   int64 // 0 for a new document
	file index.FileInfo
	doc  *index.Document
	hash string
	// sameContent says the file bytes equal the indexed ones (a rename, or
	// a Full run): source ref baselines are then kept, not re-taken.
	sameContent bool
}

// writeDocument stores a document, its sections, links and source refs,
// all in one transaction of batch.
func writeDocument(ctx context.Context, batch *writeBatch, w docWrite, now string) error {
	var id int64
	err := batch.do(ctx, func(tx *docTx) error {
		var old *graph.DocRef
		if w.id != 0 {
			d, ok, err := docNames(ctx, tx, w.id)
			if err != nil {
				return err
			}
			if ok {
				old = &d
			}
		}
		var err error
		id, err = upsertDocumentRow(ctx, tx, w, now)
		if err != nil {
			return err
		}
		names, _, err := docNames(ctx, tx, id)
		if err != nil {
			return err
		}
		batch.relink.addWritten(id, old, names)
		if old == nil || !sameNames(*old, names) {
			if err := writeDocKeys(ctx, tx, names); err != nil {
				return err
			}
		}
		if err := syncSections(ctx, tx, id, w.doc.Sections); err != nil {
			return err
		}
		if err := replaceLinks(ctx, tx, id, w.doc.Links); err != nil {
			return err
		}
		return syncSourceRefs(ctx, tx, batch.refs, id, w.doc.Frontmatter.SourceRefs, w.sameContent, now)
	})
	if err != nil {
		return fmt.Errorf("index %s: %w", w.file.Path, err)
	}
	if batch.written != nil {
		*batch.written = append(*batch.written, id)
	}
	return nil
}

// mtimeRFC3339 formats a modification time as updated_at.
func mtimeRFC3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func upsertDocumentRow(ctx context.Context, tx *docTx, w docWrite, now string) (int64, error) {
	d := w.doc
	fm, err := json.Marshal(d.Frontmatter)
	if err != nil {
		return 0, fmt.Errorf("encode frontmatter: %w", err)
	}
	aliases := make([]string, 0, len(d.Frontmatter.Aliases))
	for _, a := range d.Frontmatter.Aliases {
		if k := pageref.Fold(a); k != "" {
			aliases = append(aliases, k)
		}
	}
	al, err := json.Marshal(aliases)
	if err != nil {
		return 0, fmt.Errorf("encode aliases: %w", err)
	}
	docType, _ := index.ParseDocType(string(d.DocType))
	body, bodyKind := docbody.Skeleton(d.Body, d.Sections)
	args := []any{w.file.Path, d.Title, string(docType), body, bodyKind, string(fm), string(al), w.hash,
		w.file.Size, w.file.ModTime.UnixNano(), now, mtimeRFC3339(w.file.ModTime)}
	if w.id != 0 {
		// doc_id follows the path (a rename gets the new path's id), as
		// an index rebuilt from scratch would give it.
		docID, err := docIDFor(ctx, tx, w.file.Path, w.id)
		if err != nil {
			return 0, err
		}
		_, err = tx.ExecContext(ctx, `UPDATE documents SET filepath = ?, title = ?, doc_type = ?, body = ?, body_kind = ?,
			frontmatter = ?, aliases = ?, content_hash = ?, file_size = ?, file_mtime = ?, indexed_at = ?,
			updated_at = ?, doc_id = ? WHERE id = ?`, append(args, docID, w.id)...)
		if err != nil {
			return 0, fmt.Errorf("update document: %w", err)
		}
		return w.id, nil
	}
	docID, err := docIDFor(ctx, tx, w.file.Path, 0)
	if err != nil {
		return 0, err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO documents(filepath, title, doc_type, body, body_kind, frontmatter,
		aliases, content_hash, file_size, file_mtime, indexed_at, updated_at, doc_id)
		VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, append(args, docID)...)
	if err != nil {
		return 0, fmt.Errorf("insert document: %w", err)
	}
	return res.LastInsertId()
}

// sectionHash is sections.content_hash: SHA-256 of heading and content,
// so embeddings can be reused for unchanged text.
func sectionHash(s index.Section) string {
	h := sha256.New()
	h.Write([]byte(s.Heading))
	h.Write([]byte{'\n'})
	h.Write([]byte(s.Content))
	return hex.EncodeToString(h.Sum(nil))
}

type storedSection struct {
	id                             int64
	heading, headingPath, anchor   string
	level, startLine, endLine, tok int
	hash                           string
}

// syncSections makes the document's sections equal secs, writing only the
// rows that differ: an unchanged section keeps its row id (and so its
// embedding), a changed one is updated in place, extra ones are deleted.
func syncSections(ctx context.Context, tx *docTx, docID int64, secs []index.Section) error {
	rows, err := tx.QueryContext(ctx, `SELECT ord, id, heading, heading_path, anchor, level, start_line,
		end_line, tokens, content_hash FROM sections WHERE document_id = ?`, docID)
	if err != nil {
		return fmt.Errorf("read sections: %w", err)
	}
	old := map[int]storedSection{}
	for rows.Next() {
		var ord int
		var s storedSection
		if err := rows.Scan(&ord, &s.id, &s.heading, &s.headingPath, &s.anchor, &s.level, &s.startLine,
			&s.endLine, &s.tok, &s.hash); err != nil {
			rows.Close()
			return fmt.Errorf("read sections: %w", err)
		}
		old[ord] = s
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read sections: %w", err)
	}
	for _, s := range secs {
		h := sectionHash(s)
		o, ok := old[s.Order]
		delete(old, s.Order)
		switch {
		case !ok:
			_, err = tx.ExecContext(ctx, `INSERT INTO sections(document_id, ord, heading, heading_path, anchor,
				level, content, start_line, end_line, tokens, content_hash) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				docID, s.Order, s.Heading, s.HeadingPath, s.Anchor, s.Level, s.Content, s.StartLine, s.EndLine, s.Tokens, h)
		case o.hash != h:
			_, err = tx.ExecContext(ctx, `UPDATE sections SET heading = ?, heading_path = ?, anchor = ?, level = ?,
				content = ?, start_line = ?, end_line = ?, tokens = ?, content_hash = ? WHERE id = ?`,
				s.Heading, s.HeadingPath, s.Anchor, s.Level, s.Content, s.StartLine, s.EndLine, s.Tokens, h, o.id)
		case o.headingPath != s.HeadingPath || o.anchor != s.Anchor || o.level != s.Level ||
			o.startLine != s.StartLine || o.endLine != s.EndLine || o.tok != s.Tokens:
			// Same text, moved: update the metadata only. The FTS trigger
			// re-indexes the row either way; the content is unchanged.
			_, err = tx.ExecContext(ctx, `UPDATE sections SET heading_path = ?, anchor = ?, level = ?, start_line = ?,
				end_line = ?, tokens = ? WHERE id = ?`,
				s.HeadingPath, s.Anchor, s.Level, s.StartLine, s.EndLine, s.Tokens, o.id)
		}
		if err != nil {
			return fmt.Errorf("write section %d: %w", s.Order, err)
		}
	}
	for _, o := range old {
		if _, err := tx.ExecContext(ctx, `DELETE FROM sections WHERE id = ?`, o.id); err != nil {
			return fmt.Errorf("delete section: %w", err)
		}
	}
	return nil
}

// linkKey identifies "the same link" across two versions of a document.
func linkKey(kind index.LinkKind, target string) string { return string(kind) + "\x00" + target }

type linkTarget struct {
	id        sql.NullInt64
	ambiguous bool
}

// replaceLinks replaces the document's links. Each new link starts with
// the target the same written target had before (so an edit of the linking
// document rewrites no target that did not change); the resolve pass that
// follows every run settles the targets.
func replaceLinks(ctx context.Context, tx *docTx, docID int64, links []index.Link) error {
	rows, err := tx.QueryContext(ctx, `SELECT kind, target_text, target_id, ambiguous FROM links WHERE source_id = ?`, docID)
	if err != nil {
		return fmt.Errorf("read links: %w", err)
	}
	prev := map[string]linkTarget{}
	for rows.Next() {
		var kind, text string
		var t linkTarget
		if err := rows.Scan(&kind, &text, &t.id, &t.ambiguous); err != nil {
			rows.Close()
			return fmt.Errorf("read links: %w", err)
		}
		prev[linkKey(index.LinkKind(kind), text)] = t
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read links: %w", err)
	}
	if len(prev) > 0 {
		if _, err := tx.ExecContext(ctx, `DELETE FROM links WHERE source_id = ?`, docID); err != nil {
			return fmt.Errorf("delete links: %w", err)
		}
	}
	if len(links) == 0 {
		return nil
	}
	const insert = `INSERT INTO links(source_id, source_section, target_id, target_text,
		target_heading, link_type, kind, alias, line, context, ambiguous, name_key, text_key)
		VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	for _, l := range links {
		t := prev[linkKey(l.Kind, l.Target)]
		lt, _ := index.ParseLinkType(string(l.Type))
		kind := l.Kind
		switch kind {
		case index.KindWiki, index.KindEmbed, index.KindMarkdown:
		default:
			kind = index.KindWiki
		}
		nameKey, textKey := linkKeyArgs(graph.LinkKeysOf(graph.TargetOf(kind, l.Target)))
		if _, err := tx.ExecContext(ctx, insert, docID, l.SectionOrder, t.id, l.Target, l.TargetHeading, string(lt),
			string(kind), l.Alias, l.Line, l.Context, t.ambiguous, nameKey, textKey); err != nil {
			return fmt.Errorf("insert link to %q at line %d: %w", l.Target, l.Line, err)
		}
	}
	return nil
}

type storedRef struct {
	sha      sql.NullString
	size     sql.NullInt64
	mtime    sql.NullInt64
	syncedAt string
}

// syncSourceRefs stores the document's source refs with the fingerprint
// of each referenced path now (the staleness baseline). When the document
// content is unchanged (a rename, or a Full run), refs it already had keep
// their recorded baseline: re-indexing alone never hides a stale document.
func syncSourceRefs(ctx context.Context, tx *docTx, fps *stale.RefStatter, docID int64, refs []index.SourceRef, sameContent bool, now string) error {
	prev := map[string]storedRef{}
	if sameContent {
		rows, err := tx.QueryContext(ctx, `SELECT path, symbol, sha256, file_size, file_mtime, synced_at
			FROM source_refs WHERE document_id = ?`, docID)
		if err != nil {
			return fmt.Errorf("read source refs: %w", err)
		}
		for rows.Next() {
			var path, symbol string
			var r storedRef
			if err := rows.Scan(&path, &symbol, &r.sha, &r.size, &r.mtime, &r.syncedAt); err != nil {
				rows.Close()
				return fmt.Errorf("read source refs: %w", err)
			}
			prev[path+"#"+symbol] = r
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("read source refs: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM source_refs WHERE document_id = ?`, docID); err != nil {
		return fmt.Errorf("delete source refs: %w", err)
	}
	for _, ref := range refs {
		var sha sql.NullString
		var size, mtime sql.NullInt64
		synced := now
		if r, ok := prev[ref.Path+"#"+ref.Symbol]; ok {
			sha, size, mtime, synced = r.sha, r.size, r.mtime, r.syncedAt
		} else {
			s, sz, mt := refFingerprint(fps, ref)
			if s != nil {
				sha = sql.NullString{String: *s, Valid: true}
			}
			if sz != nil {
				size = sql.NullInt64{Int64: *sz, Valid: true}
			}
			if mt != nil {
				mtime = sql.NullInt64{Int64: *mt, Valid: true}
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO source_refs(document_id, path, symbol, line, sha256,
			file_size, file_mtime, synced_at) VALUES(?, ?, ?, ?, ?, ?, ?, ?)`,
			docID, ref.Path, ref.Symbol, ref.Line, sha, size, mtime, synced); err != nil {
			return fmt.Errorf("insert source ref %s: %w", ref, err)
		}
	}
	return nil
}

// touchDocument records a new modification time for a file whose bytes did
// not change, so the next run can skip it on size and time again.
func touchDocument(ctx context.Context, tx *docTx, id int64, f index.FileInfo) error {
	_, err := tx.ExecContext(ctx, `UPDATE documents SET file_size = ?, file_mtime = ?, updated_at = ? WHERE id = ?`,
		f.Size, f.ModTime.UnixNano(), mtimeRFC3339(f.ModTime), id)
	if err != nil {
		return fmt.Errorf("index %s: %w", f.Path, err)
	}
	return nil
}

// deleteDocuments removes documents whose files are gone, in one
// transaction. Their sections, outgoing links and source refs go with them
// (ON DELETE CASCADE); links pointing to them stay, as dangling links
// (target_id set to NULL), and resolve again if a matching document comes
// back.
func (w *Writer) deleteDocuments(ctx context.Context, docs []*storedDoc, relink *relinkSet) error {
	return store.WithTx(ctx, w.db, func(tx *sql.Tx) error {
		if err := store.SetMeta(ctx, tx, MetaNeedsRelink, "1"); err != nil {
			return err
		}
		for _, d := range docs {
			if err := relink.addDeleted(ctx, tx, d.id); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM documents WHERE id = ?`, d.id); err != nil {
				return fmt.Errorf("delete document %s: %w", d.path, err)
			}
		}
		return nil
	})
}
