package reader

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
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
		return pageread.EachNodeRow(ctx, tx, func(row pageread.NodeRow) error {
			if !want[row.DocID] {
				return nil
			}
			var front struct {
				Tags    []string `json:"tags"`
				Aliases []string `json:"aliases"`
			}
			if err := json.Unmarshal([]byte(row.Frontmatter), &front); err != nil {
				return fmt.Errorf("read the frontmatter of document %s: %w", row.DocID, err)
			}
			d := answer.GraphNodeDetail{Staleness: stale.Untracked, StaleRefs: []answer.RefStatus{}, Tags: front.Tags, Aliases: front.Aliases, Backlinks: row.Backlinks}
			if d.Tags == nil {
				d.Tags = []string{}
			}
			if d.Aliases == nil {
				d.Aliases = []string{}
			}
			out[row.DocID] = d
			byRow[row.ID] = row.DocID
			return nil
		})
	})
	if err != nil {
		return nil, nil, err
	}
	return out, byRow, nil
}
