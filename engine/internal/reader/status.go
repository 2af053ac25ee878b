package reader

import (
	"context"
	"database/sql"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
	"github.com/ubp-dev/ubp/index/discover"
)

// Counts fills the index-wide counts of s (documents, sections, links,
// dangling and ambiguous links, the last indexing time) in one read
// transaction.
func (r *Reader) Counts(ctx context.Context, s *answer.Status) error {
	return store.ReadTx(ctx, r.rdb, func(tx *sql.Tx) error {
		c, err := pageread.ReadCounts(ctx, tx)
		if err != nil {
			return err
		}
		s.Documents, s.Sections, s.Links, s.DanglingLinks, s.AmbiguousLinks = c.Documents, c.Sections, c.Links, c.DanglingLinks, c.AmbiguousLinks
		s.DocumentsWithWarnings = c.DocumentsWithWarnings
		if c.DanglingLinks > 0 {
			if s.DanglingList, err = pageread.FirstDanglingLinks(ctx, tx, answer.MaxDanglingList); err != nil {
				return err
			}
			for i := range s.DanglingList {
				s.DanglingList[i].Why = answer.DanglingWhy(s.DanglingList[i].Target)
			}
		}
		if s.BrokenAnchors, s.BrokenAnchorList, err = brokenAnchors(ctx, tx, answer.MaxDanglingList); err != nil {
			return err
		}
		if s.Warnings, err = pageread.DocumentWarnings(ctx, tx, answer.MaxWarningsList); err != nil {
			return err
		}
		skipped, err := pageread.SkippedFiles(ctx, tx)
		if err != nil {
			return err
		}
		for _, w := range skipped {
			if discover.IsSkippedFolder(w) {
				s.SkippedFolders++
			} else {
				s.SkippedFiles++
			}
		}
		s.Skipped = skipped[:min(len(skipped), answer.MaxWarningsList)]
		last, _, err := store.GetMeta(ctx, tx, store.MetaLastIndexedAt)
		if err != nil {
			return err
		}
		s.LastIndexedAt = last
		return nil
	})
}

// DocPaths reads the file paths of the documents ids.
func (r *Reader) DocPaths(ctx context.Context, ids []int64) (map[int64]string, error) {
	var out map[int64]string
	err := store.ReadTx(ctx, r.rdb, func(tx *sql.Tx) error {
		var err error
		out, err = pageread.DocumentPaths(ctx, tx, ids)
		return err
	})
	return out, err
}
