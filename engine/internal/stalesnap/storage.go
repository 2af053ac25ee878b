package stalesnap

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/stalerows"
	"github.com/ubp-dev/ubp/engine/stale"
)

// ReadHeader reads the stored snapshot's header; nil when none is stored,
// or when another revision of the check computed it (stale.CheckRevision:
// its answers are not this binary's).
func ReadHeader(ctx context.Context, q store.Querier) (*Header, error) {
	r, ok, err := stalerows.ReadHeader(ctx, q)
	if err != nil || !ok || r.Checker != stale.CheckRevision {
		return nil, err
	}
	h := Header{Key: Key{Head: r.Head, Generation: r.Generation, Config: r.Config}, Baseline: r.Baseline}
	h.CheckedAt, _ = time.Parse(time.RFC3339Nano, r.CheckedAt)
	return &h, nil
}

// docOf decodes one stored row; ok is false when this version cannot read
// its JSON.
func docOf(r stalerows.Doc) (d Doc, ok bool) {
	d = Doc{Version: r.Version, Tracked: r.Tracked}
	// Most documents have no changed refs.
	if r.Refs != "[]" && json.Unmarshal([]byte(r.Refs), &d.Changed) != nil {
		return d, false
	}
	var err error
	if d.Stats, err = decodeStats(r.Stats); err != nil {
		return d, false
	}
	return d, true
}

// ReadDocs reads the stored rows of the documents ids into docs; ok is
// false when a row cannot be read (the snapshot is then computed again).
func ReadDocs(ctx context.Context, q store.Querier, ids []int64, docs map[int64]Doc) (ok bool, err error) {
	unreadable := false
	err = stalerows.DocsOf(ctx, q, ids, func(r stalerows.Doc) error {
		d, ok := docOf(r)
		unreadable = unreadable || !ok
		docs[r.DocumentID] = d
		return nil
	})
	return !unreadable, err
}

// ReadAllDocs reads every stored row into docs; ok is false as soon as a
// row cannot be read.
func ReadAllDocs(ctx context.Context, q store.Querier, docs map[int64]Doc) (ok bool, err error) {
	ok = true
	err = stalerows.AllDocs(ctx, q, func(r stalerows.Doc) bool {
		d, readable := docOf(r)
		if !readable {
			ok = false // a row this version cannot read: compute again
			return false
		}
		docs[r.DocumentID] = d
		return true
	})
	if err != nil {
		return false, err
	}
	return ok, nil
}

// Store writes a snapshot in tx: all of it (whole: header and every row
// replaced), or only docs, replacing their rows, when the stored snapshot
// is for the same HEAD and baseline (another process may have moved on).
func Store(ctx context.Context, tx *sql.Tx, h Header, docs map[int64]Doc, whole bool) error {
	if whole {
		if err := stalerows.ReplaceHeader(ctx, tx, stalerows.Header{Head: h.Key.Head, Generation: h.Key.Generation,
			Config: h.Key.Config, Baseline: h.Baseline, CheckedAt: h.CheckedAt.UTC().Format(time.RFC3339Nano),
			Checker: stale.CheckRevision}); err != nil {
			return err
		}
	} else {
		same, err := stalerows.AdvanceHeader(ctx, tx, h.Key.Generation, h.Key.Head, h.Key.Config, stale.CheckRevision)
		if err != nil {
			return err
		}
		if !same {
			return nil
		}
	}
	w, err := stalerows.PrepareDocWriter(ctx, tx)
	if err != nil {
		return err
	}
	defer w.Close()
	for id, d := range docs {
		refs, stats := d.Changed, d.Stats
		if refs == nil {
			refs = []stale.RefResult{}
		}
		if stats == nil {
			stats = []stale.Fingerprint{}
		}
		rb, err := json.Marshal(refs)
		if err != nil {
			return err
		}
		sb, err := json.Marshal(stats)
		if err != nil {
			return err
		}
		if err := w.Put(ctx, stalerows.Doc{DocumentID: id, Version: d.Version, Tracked: d.Tracked, Refs: string(rb), Stats: string(sb)}); err != nil {
			return err
		}
	}
	return nil
}

// Versions reads every document's version (see Input.Version).
func Versions(ctx context.Context, q store.Querier) (map[int64]string, error) {
	return stalerows.Versions(ctx, q)
}
