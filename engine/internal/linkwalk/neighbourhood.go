package linkwalk

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/linkrows"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

// Neighbourhood is the part of the link graph one search walks, read
// from the links table as the walk needs it instead of the whole graph:
// every resolved link from or to each expanded document.
type Neighbourhood struct {
	g        *graph.Graph
	types    map[index.LinkType]bool // nil: every type
	expanded map[int64]bool
	links    map[int64]bool // links.id already added
	cache    *Cache         // nil: read every document's links from the table
}

// linkRow is one resolved link.
type linkRow struct {
	id, from, to int64
	t            index.LinkType
}

// Cache keeps the resolved links of each document some search
// expanded, for one state of the documents and links (the
// search_generation and link_generation counters), so that a warm server
// reads each document's links once per change; it holds at most every
// link twice. Rows never change once added.
type Cache struct {
	mu    sync.Mutex
	gen   generation
	links map[int64][]linkRow // document → its links, both directions
}

// Neighbourhood returns an empty neighbourhood of links of the given types
// (nil: all) that reads through c when db sees the state c is for (or a
// newer one, which then replaces it).
func (c *Cache) Neighbourhood(ctx context.Context, db store.Querier, types []index.LinkType) (*Neighbourhood, error) {
	n := &Neighbourhood{g: graph.New(), expanded: map[int64]bool{}, links: map[int64]bool{}}
	if len(types) > 0 {
		n.types = map[index.LinkType]bool{}
		for _, t := range types {
			n.types[t] = true
		}
	}
	var gen generation
	var err error
	if gen.docs, gen.links, err = store.Generations(ctx, db); err != nil {
		return nil, fmt.Errorf("read generations: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.links == nil || gen.docs > c.gen.docs || gen.links > c.gen.links {
		c.gen, c.links = gen, map[int64][]linkRow{}
	}
	if c.gen == gen {
		n.cache = c
	}
	return n, nil
}

// Within reads the links a walk of depth hops from any of starts can take:
// those of every document fewer than depth hops away.
func (n *Neighbourhood) Within(ctx context.Context, db store.Querier, starts []int64, depth int) error {
	frontier := starts
	for d := 0; d < depth && len(frontier) > 0; d++ {
		var err error
		if frontier, err = n.Expand(ctx, db, frontier); err != nil {
			return err
		}
	}
	return nil
}

// Expand adds the links from and to each of ids not expanded yet (of the
// neighbourhood's types) and returns the documents they reach that are not
// expanded yet.
func (n *Neighbourhood) Expand(ctx context.Context, db store.Querier, ids []int64) ([]int64, error) {
	var need []int64
	found := map[int64][]linkRow{}
	if n.cache != nil {
		n.cache.mu.Lock()
	}
	for _, id := range ids {
		if n.expanded[id] {
			continue
		}
		n.expanded[id] = true
		if n.cache != nil {
			if rows, ok := n.cache.links[id]; ok {
				found[id] = rows
				continue
			}
		}
		need = append(need, id)
	}
	if n.cache != nil {
		n.cache.mu.Unlock()
	}
	if len(need) > 0 {
		read, err := readLinksOf(ctx, db, need)
		if err != nil {
			return nil, err
		}
		if n.cache != nil {
			n.cache.mu.Lock()
			for _, id := range need {
				n.cache.links[id] = read[id]
			}
			n.cache.mu.Unlock()
		}
		for _, id := range need {
			found[id] = read[id]
		}
	}
	var reached []int64
	for _, id := range sortedKeys(found) {
		for _, l := range found[id] {
			if n.links[l.id] || n.types != nil && !n.types[l.t] {
				continue
			}
			n.links[l.id] = true
			n.g.AddEdge(l.from, l.to, l.t)
			for _, other := range []int64{l.from, l.to} {
				if !n.expanded[other] {
					reached = append(reached, other)
				}
			}
		}
	}
	return reached, nil
}

// readLinksOf reads the resolved links from and to each of ids, by
// document (a link between two of them is listed under both).
func readLinksOf(ctx context.Context, db store.Querier, ids []int64) (map[int64][]linkRow, error) {
	out := make(map[int64][]linkRow, len(ids))
	for _, read := range []struct {
		links func(context.Context, store.Querier, []int64, func(linkrows.Link) error) error
		from  bool // listed under its source
	}{
		{linkrows.LinksFrom, true},
		{linkrows.LinksTo, false},
	} {
		err := read.links(ctx, db, ids, func(l linkrows.Link) error {
			key := l.Target
			if read.from {
				key = l.Source
			}
			out[key] = append(out[key], linkRow{id: l.ID, from: l.Source, to: l.Target, t: l.Type})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// sortedKeys lists m's keys in order.
func sortedKeys[V any](m map[int64]V) []int64 {
	keys := make([]int64, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Graph is the links read so far, as a graph to walk.
func (n *Neighbourhood) Graph() *graph.Graph { return n.g }

// generation identifies the state of the documents and links a cache was
// read at.
type generation struct{ docs, links int64 }

// Drop lets go of every link kept (the engine closing).
func (c *Cache) Drop() {
	c.mu.Lock()
	c.links = nil
	c.mu.Unlock()
}

// Among adds the links between documents of ids that the expanded
// documents' links do not hold already: those from a document of ids not
// expanded to another of ids (of the neighbourhood's types). After Within
// of depth hops, the documents depth hops away are reached but not
// expanded; Among of the documents a view keeps gives it every link among
// them, reading the links from the unexpanded ones only.
func (n *Neighbourhood) Among(ctx context.Context, db store.Querier, ids []int64) error {
	in := make(map[int64]bool, len(ids))
	var need []int64
	for _, id := range ids {
		in[id] = true
		if !n.expanded[id] {
			need = append(need, id)
		}
	}
	slices.Sort(need)
	return linkrows.LinksFrom(ctx, db, need, func(l linkrows.Link) error {
		if in[l.Target] && !n.links[l.ID] && (n.types == nil || n.types[l.Type]) {
			n.links[l.ID] = true
			n.g.AddEdge(l.Source, l.Target, l.Type)
		}
		return nil
	})
}
