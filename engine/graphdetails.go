package engine

import "context"

// maxDetailIDs bounds the ids named in one staleness query; larger graphs
// check every document (one pass) and keep those in the graph.
const maxDetailIDs = 500

// GraphNodeDetails returns the detail of every document node of g, keyed
// by node id (dangling nodes have none). Staleness is checked now against
// the index baseline, as pages and search results show it.
func (e *Engine) GraphNodeDetails(ctx context.Context, g GraphResult) (_ map[string]GraphNodeDetail, err error) {
	defer e.explainDamage(&err)
	want := make(map[string]bool, len(g.Nodes))
	for _, n := range g.Nodes {
		if !n.Dangling {
			want[n.ID] = true
		}
	}
	if len(want) == 0 {
		return map[string]GraphNodeDetail{}, nil
	}
	out, byRow, err := e.reader.NodeDetails(ctx, want)
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
	st, err := e.currentStaleness(ctx, e.Project(), ids)
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
