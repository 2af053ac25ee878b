package writer

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docbody"
	"github.com/ubp-dev/ubp/engine/internal/pageref"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/docwarn"
	"github.com/ubp-dev/ubp/engine/internal/store/docwrite"
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
	byHash := map[string][]*docwrite.StoredDocument{}
	for _, m := range plan.missing {
		byHash[m.Hash] = append(byHash[m.Hash], m)
	}
	claimed := map[int64]bool{}
	var skipped []*docwrite.StoredDocument // indexed, now no document (parsed.skip)
	now := time.Now().UTC().Format(time.RFC3339)
	batch := &writeBatch{w: w, written: o.written, relink: o.relink}
	if o.firstBuild {
		batch.maxDocs, batch.maxTime = firstBuildMaxDocs, firstBuildMaxTime
	}
	// nil when the root cannot be resolved: refs then get no baseline, as
	// each would fail alone.
	batch.refs, _ = stale.NewRefStatter(p.Root)
	batch.rejecter, _ = stale.NewRejecter(p.Root, p.GitDir)
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
		if pr.skip != "" {
			rep.Warnings = append(rep.Warnings, index.Warning{File: f.Path, Message: pr.skip})
			if pr.job.stored != nil {
				skipped = append(skipped, pr.job.stored)
			}
			return nil
		}
		if pr.err != nil {
			rep.Warnings = append(rep.Warnings, index.Warning{File: f.Path,
				Message: fmt.Sprintf("cannot read file (%v); its last indexed version, if any, is kept", pr.err)})
			if pr.job.stored != nil {
				rep.Unchanged++ // kept as it was
			}
			return nil
		}
		s := pr.job.stored
		switch {
		case s != nil && pr.doc == nil:
			// Same bytes, new modification time: remember the time only.
			rep.Warnings = append(rep.Warnings, pr.warns...)
			wrote = true
			rep.Unchanged++
			return batch.do(ctx, func(tx *docwrite.Tx) error { return touchDocument(ctx, tx, s.ID, f) })
		case s != nil:
			wrote = true
			if s.Hash == pr.hash {
				rep.Unchanged++ // a Full run rewriting identical content
			} else {
				rep.Updated++
			}
			return writeDocument(ctx, batch, docWrite{id: s.ID, file: f, doc: pr.doc, hash: pr.hash, sameContent: s.Hash == pr.hash, warns: pr.warns, report: &rep.Warnings}, now)
		}
		wrote = true
		for _, m := range byHash[pr.hash] {
			if claimed[m.ID] {
				continue
			}
			claimed[m.ID] = true
			rep.Renamed++
			return writeDocument(ctx, batch, docWrite{id: m.ID, file: f, doc: pr.doc, hash: pr.hash, sameContent: true, warns: pr.warns, report: &rep.Warnings}, now)
		}
		rep.Added++
		return writeDocument(ctx, batch, docWrite{file: f, doc: pr.doc, hash: pr.hash, warns: pr.warns, report: &rep.Warnings}, now)
	})
	if err != nil {
		return wrote, err
	}
	if err := batch.commit(); err != nil {
		return wrote, fmt.Errorf("index: %w", err)
	}

	var gone []*docwrite.StoredDocument
	for _, m := range plan.missing {
		if !claimed[m.ID] {
			gone = append(gone, m)
		}
	}
	// A document whose file is no document any more (binary, too large)
	// goes, as a rebuild would not index it.
	gone = append(gone, skipped...)
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
	// warns are the parse's warnings, kept with the document.
	warns []index.Warning
	// report receives the warnings of the document this run says: warns
	// and those of the refs a staleness check will reject (see
	// sourceRefWarnings), in the order of the file's lines (the
	// rejections, in the frontmatter, came after all of the parse's). The
	// rejections are not kept with the parse warnings, since whether a
	// ref is rejected depends on files outside the document (notes/c#.md
	// made since), so status and get-page take it from the staleness
	// check, which decides it again. Until 2026-11-27 they were kept, and
	// shown until the document was indexed again.
	report *[]index.Warning
}

// writeDocument stores a document, its sections, links and source refs,
// all in one transaction of batch.
func writeDocument(ctx context.Context, batch *writeBatch, w docWrite, now string) error {
	var id int64
	var recorded map[string]bool
	err := batch.do(ctx, func(tx *docwrite.Tx) error {
		var old *graph.DocRef
		if w.id != 0 {
			d, ok, err := docwrite.DocumentNames(ctx, tx, w.id)
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
		names, _, err := docwrite.DocumentNames(ctx, tx, id)
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
		recorded, err = syncSourceRefs(ctx, tx, batch.refs, id, w.doc.Frontmatter.SourceRefs, w.sameContent, now)
		return err
	})
	if err != nil {
		return fmt.Errorf("index %s: %w", w.file.Path, err)
	}
	if w.report != nil {
		rejected, err := sourceRefWarnings(ctx, batch.rejecter, w.file.Path, w.doc.Frontmatter.SourceRefs, recorded)
		if err != nil {
			return fmt.Errorf("index %s: %w", w.file.Path, err)
		}
		warns := append(slices.Clip(w.warns), rejected...)
		index.SortWarnings(warns)
		*w.report = append(*w.report, warns...)
	}
	if batch.written != nil {
		*batch.written = append(*batch.written, id)
	}
	return nil
}

// mtimeRFC3339 formats a modification time as updated_at.
func mtimeRFC3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func upsertDocumentRow(ctx context.Context, tx *docwrite.Tx, w docWrite, now string) (int64, error) {
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
	warns, err := docwarn.Encode(w.warns)
	if err != nil {
		return 0, err
	}
	docType, _ := index.ParseDocType(string(d.DocType))
	body, bodyKind := docbody.Skeleton(d.Body, d.BodySections())
	row := docwrite.DocumentRow{Path: w.file.Path, Title: d.Title, DocType: string(docType), Body: body, BodyKind: bodyKind,
		Frontmatter: string(fm), Aliases: string(al), ContentHash: w.hash, FileSize: w.file.Size,
		FileMTime: w.file.ModTime.UnixNano(), IndexedAt: now, UpdatedAt: mtimeRFC3339(w.file.ModTime), Warnings: warns,
		BodyLine: d.Frontmatter.BodyLine}
	if w.id != 0 {
		// doc_id follows the path (a rename gets the new path's id), as
		// an index rebuilt from scratch would give it.
		row.DocID, err = docIDFor(ctx, tx, w.file.Path, w.id)
		if err != nil {
			return 0, err
		}
		if err := docwrite.UpdateDocument(ctx, tx, w.id, row); err != nil {
			return 0, err
		}
		return w.id, nil
	}
	row.DocID, err = docIDFor(ctx, tx, w.file.Path, 0)
	if err != nil {
		return 0, err
	}
	return docwrite.InsertDocument(ctx, tx, row)
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

// syncSections makes the document's sections equal secs, writing only the
// rows that differ: an unchanged section keeps its row id (and so its
// embedding), a changed one is updated in place, extra ones are deleted.
func syncSections(ctx context.Context, tx *docwrite.Tx, docID int64, secs []index.Section) error {
	stored, err := docwrite.SectionsOf(ctx, tx, docID)
	if err != nil {
		return err
	}
	old := make(map[int]docwrite.StoredSection, len(stored))
	for _, s := range stored {
		old[s.Ord] = s
	}
	for _, s := range secs {
		row := docwrite.SectionRow{Ord: s.Order, Heading: s.Heading, HeadingPath: s.HeadingPath, Anchor: s.Anchor,
			Level: s.Level, Content: s.Content, StartLine: s.StartLine, EndLine: s.EndLine, Tokens: s.Tokens, Hash: sectionHash(s)}
		o, ok := old[s.Order]
		delete(old, s.Order)
		switch {
		case !ok:
			err = docwrite.InsertSection(ctx, tx, docID, row)
		case o.Hash != row.Hash:
			err = docwrite.UpdateSection(ctx, tx, o.ID, row)
		case o.HeadingPath != s.HeadingPath || o.Anchor != s.Anchor || o.Level != s.Level ||
			o.StartLine != s.StartLine || o.EndLine != s.EndLine || o.Tokens != s.Tokens:
			// Same text, moved: update the metadata only. The FTS trigger
			// re-indexes the row either way; the content is unchanged.
			err = docwrite.MoveSection(ctx, tx, o.ID, row)
		}
		if err != nil {
			return err
		}
	}
	for _, o := range old {
		if err := docwrite.DeleteSection(ctx, tx, o.ID); err != nil {
			return err
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
func replaceLinks(ctx context.Context, tx *docwrite.Tx, docID int64, links []index.Link) error {
	stored, err := docwrite.LinkTargetsFrom(ctx, tx, docID)
	if err != nil {
		return err
	}
	prev := make(map[string]linkTarget, len(stored))
	for _, t := range stored {
		prev[linkKey(index.LinkKind(t.Kind), t.Text)] = linkTarget{id: t.Target, ambiguous: t.Ambiguous}
	}
	if len(prev) > 0 {
		if err := docwrite.DeleteLinksFrom(ctx, tx, docID); err != nil {
			return err
		}
	}
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
		if err := docwrite.InsertLink(ctx, tx, docwrite.LinkRow{SourceID: docID, SourceSection: l.SectionOrder,
			Target: t.id, TargetText: l.Target, TargetHeading: l.TargetHeading, LinkType: string(lt), Kind: string(kind),
			Alias: l.Alias, Line: l.Line, Context: l.Context, Ambiguous: t.ambiguous, NameKey: nameKey, TextKey: textKey,
			Rendered: l.Rendered}); err != nil {
			return err
		}
	}
	return nil
}

// syncSourceRefs stores the document's source refs with the fingerprint
// of each referenced path now (the staleness baseline). When the document
// content is unchanged (a rename, or a Full run), refs it already had keep
// their recorded baseline: re-indexing alone never hides a stale document.
// recorded holds the refs (by SourceRef.String()) whose baseline says they
// existed, nil when none did.
func syncSourceRefs(ctx context.Context, tx *docwrite.Tx, fps *stale.RefStatter, docID int64, refs []index.SourceRef, sameContent bool, now string) (recorded map[string]bool, err error) {
	prev := map[string]docwrite.SourceRefRow{}
	if sameContent {
		stored, err := docwrite.SourceRefsOf(ctx, tx, docID)
		if err != nil {
			return nil, err
		}
		for _, r := range stored {
			prev[r.Path+"#"+r.Symbol] = r
		}
	}
	if err := docwrite.DeleteSourceRefs(ctx, tx, docID); err != nil {
		return nil, err
	}
	for _, ref := range refs {
		row := docwrite.SourceRefRow{Path: ref.Path, Symbol: ref.Symbol, Line: ref.Line, SyncedAt: now}
		if r, ok := prev[ref.Path+"#"+ref.Symbol]; ok {
			row.SHA256, row.Size, row.MTime, row.SyncedAt = r.SHA256, r.Size, r.MTime, r.SyncedAt
		} else {
			s, sz, mt := refFingerprint(fps, ref)
			if s != nil {
				row.SHA256 = sql.NullString{String: *s, Valid: true}
			}
			if sz != nil {
				row.Size = sql.NullInt64{Int64: *sz, Valid: true}
			}
			if mt != nil {
				row.MTime = sql.NullInt64{Int64: *mt, Valid: true}
			}
		}
		if err := docwrite.InsertSourceRef(ctx, tx, docID, row); err != nil {
			return nil, err
		}
		if row.SHA256.Valid {
			if recorded == nil {
				recorded = map[string]bool{}
			}
			recorded[ref.String()] = true
		}
	}
	return recorded, nil
}

// touchDocument records a new modification time for a file whose bytes did
// not change, so the next run can skip it on size and time again.
func touchDocument(ctx context.Context, tx *docwrite.Tx, id int64, f index.FileInfo) error {
	if err := docwrite.TouchDocument(ctx, tx, id, f.Size, f.ModTime.UnixNano(), mtimeRFC3339(f.ModTime)); err != nil {
		return fmt.Errorf("index %s: %w", f.Path, err)
	}
	return nil
}

// deleteDocuments removes documents whose files are gone, in one
// transaction. Their sections, outgoing links and source refs go with them
// (ON DELETE CASCADE); links pointing to them stay, as dangling links
// (target_id set to NULL), and resolve again if a matching document comes
// back.
func (w *Writer) deleteDocuments(ctx context.Context, docs []*docwrite.StoredDocument, relink *relinkSet) error {
	return store.WithTx(ctx, w.db, func(tx *sql.Tx) error {
		if err := store.SetMeta(ctx, tx, MetaNeedsRelink, "1"); err != nil {
			return err
		}
		for _, d := range docs {
			if err := relink.addDeleted(ctx, tx, d.ID); err != nil {
				return err
			}
			if err := docwrite.DeleteDocument(ctx, tx, d.ID); err != nil {
				return fmt.Errorf("delete document %s: %w", d.Path, err)
			}
		}
		return nil
	})
}
