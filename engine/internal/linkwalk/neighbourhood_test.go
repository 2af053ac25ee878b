package linkwalk

import (
	"context"
	"database/sql"
	"reflect"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/reader"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

// maxSearchDepth is the deepest a search or a context walks (the engine's
// MaxSearchDepth).
const maxSearchDepth = 3

// TestLinkNeighbourhoodWalksLikeTheWholeGraph walks from every document of
// the shared corpus, at every depth and with and without a link type
// filter, on the links read around it and on the whole graph: the hops
// must be the same, and so must the links of every document expanded.
func TestLinkNeighbourhoodWalksLikeTheWholeGraph(t *testing.T) {
	db := indexCorpus(t, "unified-blueprint-docs")
	ctx := context.Background()
	var whole *graph.Graph
	err := store.ReadTx(ctx, db, func(tx *sql.Tx) error {
		var err error
		whole, err = reader.LinkGraph(ctx, tx)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var cache Cache
	if len(whole.Nodes()) < 10 {
		t.Fatalf("the shared corpus has %d documents: too few to test", len(whole.Nodes()))
	}
	var walked, reached int
	for _, types := range [][]index.LinkType{nil, {index.LinkType("depends_on")}} {
		for depth := 1; depth <= maxSearchDepth; depth++ {
			for _, seed := range whole.Nodes() {
				err := store.ReadTx(ctx, db, func(tx *sql.Tx) error {
					n, err := cache.Neighbourhood(ctx, tx, types)
					if err != nil {
						return err
					}
					if n.cache == nil {
						t.Fatal("the neighbourhood reads around the link cache")
					}
					if err := n.Within(ctx, tx, []int64{seed}, depth); err != nil {
						return err
					}
					got, want := n.g.BFS([]int64{seed}, depth, types), whole.BFS([]int64{seed}, depth, types)
					if !reflect.DeepEqual(got, want) {
						t.Errorf("seed %d, depth %d, types %v: hops\n got  %+v\n want %+v", seed, depth, types, got, want)
					}
					walked++
					reached += len(want)
					for id := range n.expanded {
						if types != nil {
							continue // the whole graph's edges are not filtered
						}
						if g, w := n.g.Out(id), whole.Out(id); !reflect.DeepEqual(g, w) {
							t.Errorf("document %d: links out %v, want %v", id, g, w)
						}
						if g, w := n.g.In(id), whole.In(id); !reflect.DeepEqual(g, w) {
							t.Errorf("document %d: links in %v, want %v", id, g, w)
						}
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if reached == 0 {
		t.Fatalf("%d walks reached nothing: the corpus has no links?", walked)
	}
}
