package graphview

import (
	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
	"github.com/ubp-dev/ubp/index"
)

// danglingIDPrefix starts the id of a node standing for a dangling link
// target (text that resolves to no document).
const danglingIDPrefix = "dangling:"

// addDangling adds a node for every target of links (dangling links) of a
// type keep keeps from a document in the graph, with an edge from each
// document linking to it.
func addDangling(links []pageread.DanglingLink, meta map[int64]*docmeta.Meta, in map[int64]bool, keep typeSet, res *answer.GraphResult) {
	nodes := map[string]bool{}
	for _, l := range links {
		if !in[l.Source] || !keep.keeps(l.Type) {
			continue
		}
		id := danglingIDPrefix + l.Target
		if !nodes[id] {
			nodes[id] = true
			res.Nodes = append(res.Nodes, answer.GraphNode{ID: id, Title: l.Target, DocType: index.DocOther, Dangling: true})
		}
		res.Edges = append(res.Edges, answer.GraphEdge{Source: meta[l.Source].DocID, Target: id, Type: l.Type, SourcePath: meta[l.Source].Filepath})
	}
}
