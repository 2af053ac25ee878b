package reader

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/stale"
)

// NodeDetails reads, for each document whose doc_id is in want, the tags
// and aliases of its frontmatter and how many documents link to it, with
// staleness Untracked and no stale refs (the caller checks staleness). It
// returns the details by doc_id, and the doc_ids by document id.
func (r *Reader) NodeDetails(ctx context.Context, want map[string]bool) (map[string]answer.GraphNodeDetail, map[int64]string, error) {
	out := make(map[string]answer.GraphNodeDetail, len(want))
	byRow := map[int64]string{}
	err := store.ReadTx(ctx, r.rdb, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT d.id, d.doc_id, d.frontmatter,
			(SELECT count(DISTINCT l.source_id) FROM links l WHERE l.target_id = d.id AND l.source_id <> d.id)
			FROM documents d`)
		if err != nil {
			return fmt.Errorf("read documents: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var docID, fm string
			var backlinks int
			if err := rows.Scan(&id, &docID, &fm, &backlinks); err != nil {
				return fmt.Errorf("read documents: %w", err)
			}
			if !want[docID] {
				continue
			}
			var front struct {
				Tags    []string `json:"tags"`
				Aliases []string `json:"aliases"`
			}
			if err := json.Unmarshal([]byte(fm), &front); err != nil {
				return fmt.Errorf("read the frontmatter of document %s: %w", docID, err)
			}
			d := answer.GraphNodeDetail{Staleness: stale.Untracked, StaleRefs: []answer.RefStatus{}, Tags: front.Tags, Aliases: front.Aliases, Backlinks: backlinks}
			if d.Tags == nil {
				d.Tags = []string{}
			}
			if d.Aliases == nil {
				d.Aliases = []string{}
			}
			out[docID] = d
			byRow[id] = docID
		}
		return rows.Err()
	})
	if err != nil {
		return nil, nil, err
	}
	return out, byRow, nil
}
