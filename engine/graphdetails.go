package engine

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/ubp-dev/ubp/engine/stale"
)

// maxDetailIDs bounds the ids named in one staleness query; larger graphs
// check every document (one pass) and keep those in the graph.
const maxDetailIDs = 500

// GraphNodeDetails returns the detail of every document node of g, keyed
// by node id (dangling nodes have none). Staleness is checked now against
// the index baseline, as pages and search results show it.
func (e *Engine) GraphNodeDetails(ctx context.Context, g GraphResult) (map[string]GraphNodeDetail, error) {
	want := make(map[string]bool, len(g.Nodes))
	for _, n := range g.Nodes {
		if !n.Dangling {
			want[n.ID] = true
		}
	}
	out := make(map[string]GraphNodeDetail, len(want))
	if len(want) == 0 {
		return out, nil
	}
	byRow := map[int64]string{}
	err := e.readTx(ctx, func(tx *sql.Tx) error {
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
			d := GraphNodeDetail{Staleness: stale.Untracked, StaleRefs: []RefStatus{}, Tags: front.Tags, Aliases: front.Aliases, Backlinks: backlinks}
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
		return nil, err
	}
	var ids []int64 // nil: every document
	if len(byRow) <= maxDetailIDs {
		ids = make([]int64, 0, len(byRow))
		for id := range byRow {
			ids = append(ids, id)
		}
	}
	st, err := e.currentStaleness(ctx, ids)
	if err != nil {
		return nil, err
	}
	for id, s := range st {
		docID, ok := byRow[id]
		if !ok {
			continue
		}
		d := out[docID]
		d.Staleness = s.level
		for _, r := range s.refs {
			if r.Changed {
				d.StaleRefs = append(d.StaleRefs, r)
			}
		}
		out[docID] = d
	}
	return out, nil
}
