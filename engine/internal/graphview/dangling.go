package graphview

import (
	"path"
	"strings"

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
// document linking to it. A node stands for what its links name
// (danglingTarget), so links written differently to one missing file meet
// at one node and links written alike to two missing files do not.
func addDangling(links []pageread.DanglingLink, meta map[int64]*docmeta.Meta, in map[int64]bool, keep typeSet, res *answer.GraphResult) {
	type edgeKey struct {
		from int64
		to   string
		t    index.LinkType
	}
	nodes := map[string]bool{}
	edges := map[edgeKey]bool{}
	for _, l := range links {
		if !in[l.Source] || !keep.keeps(l.Type) {
			continue
		}
		target := danglingTarget(meta[l.Source].Filepath, l)
		id := danglingIDPrefix + target
		if !nodes[id] {
			nodes[id] = true
			res.Nodes = append(res.Nodes, answer.GraphNode{ID: id, Title: target, DocType: index.DocOther, Dangling: true})
		}
		// Links of one type from one document to one missing file, written
		// differently (./x.md and x.md), are one edge, as between documents.
		if k := (edgeKey{l.Source, id, l.Type}); !edges[k] {
			edges[k] = true
			res.Edges = append(res.Edges, answer.GraphEdge{Source: meta[l.Source].DocID, Target: id, Type: l.Type, SourcePath: meta[l.Source].Filepath})
		}
	}
}

// danglingTarget is what the dangling link l from the document at from (a
// path from the docs folder) names: for a Markdown link, the file its path
// reaches from the docs folder (../settings.md from reference/policies/lock.md
// is reference/settings.md; /x.md is x.md), as ResolveLink reads it first;
// for a wiki-link or embed, which names a page rather than a path, its
// text. A path leaving the docs folder keeps its text.
func danglingTarget(from string, l pageread.DanglingLink) string {
	if l.Kind != index.KindMarkdown {
		return l.Target
	}
	var p string
	if strings.HasPrefix(l.Target, "/") {
		p = path.Clean(strings.TrimLeft(l.Target, "/"))
	} else {
		p = path.Join(path.Dir(from), l.Target)
	}
	if p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return l.Target
	}
	return p
}
