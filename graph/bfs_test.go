package graph

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

const (
	ref  = index.LinkReferences
	dep  = index.LinkDependsOn
	impl = index.LinkImplements
	ext  = index.LinkExtends
	conf = index.LinkConflictsWith
)

type edgeSpec struct {
	from, to int64
	t        index.LinkType
}

func buildGraph(edges []edgeSpec) *Graph {
	g := New()
	for _, e := range edges {
		g.AddEdge(e.from, e.to, e.t)
	}
	return g
}

func hop(id int64, depth int, parent int64, dir Direction, t index.LinkType, first Direction) Hop {
	return Hop{ID: id, Depth: depth, Parent: parent, Direction: dir, LinkType: t, FirstDirection: first}
}

// sample: 1→2 ref, 2→3 dep, 4→1 impl, 3→5 ref, 5→5 ref (self-loop), 6→2 ext, 4→7 ref.
var sample = []edgeSpec{
	{1, 2, ref}, {2, 3, dep}, {4, 1, impl}, {3, 5, ref}, {5, 5, ref}, {6, 2, ext}, {4, 7, ref},
}

func TestBFS(t *testing.T) {
	out, back := Outlink, Backlink
	tests := []struct {
		name     string
		edges    []edgeSpec
		starts   []int64
		maxDepth int
		types    []index.LinkType
		want     []Hop
	}{
		{
			name: "depth 1 both directions", edges: sample, starts: []int64{1}, maxDepth: 1,
			want: []Hop{hop(2, 1, 1, out, ref, out), hop(4, 1, 1, back, impl, back)},
		},
		{
			name: "depth 2 mixes outlinks and backlinks", edges: sample, starts: []int64{1}, maxDepth: 2,
			want: []Hop{
				hop(2, 1, 1, out, ref, out), hop(4, 1, 1, back, impl, back),
				hop(3, 2, 2, out, dep, out), hop(6, 2, 2, back, ext, out), hop(7, 2, 4, out, ref, back),
			},
		},
		{
			name: "depth 3 reaches the end, self-loop ignored", edges: sample, starts: []int64{1}, maxDepth: 3,
			want: []Hop{
				hop(2, 1, 1, out, ref, out), hop(4, 1, 1, back, impl, back),
				hop(3, 2, 2, out, dep, out), hop(6, 2, 2, back, ext, out), hop(7, 2, 4, out, ref, back),
				hop(5, 3, 3, out, ref, out),
			},
		},
		{
			name: "depth beyond the graph", edges: sample, starts: []int64{5}, maxDepth: 10,
			want: []Hop{
				hop(3, 1, 5, back, ref, back), hop(2, 2, 3, back, dep, back),
				hop(1, 3, 2, back, ref, back), hop(6, 3, 2, back, ext, back),
				hop(4, 4, 1, back, impl, back), hop(7, 5, 4, out, ref, back),
			},
		},
		{name: "depth 0", edges: sample, starts: []int64{1}, maxDepth: 0, want: nil},
		{name: "negative depth", edges: sample, starts: []int64{1}, maxDepth: -1, want: nil},
		{name: "no starts", edges: sample, starts: nil, maxDepth: 3, want: nil},
		{name: "start not in graph", edges: sample, starts: []int64{99}, maxDepth: 3, want: nil},
		{
			name: "only a self-loop", edges: []edgeSpec{{1, 1, ref}}, starts: []int64{1}, maxDepth: 3, want: nil,
		},
		{
			name: "type filter stops the walk", edges: sample, starts: []int64{1}, maxDepth: 3,
			types: []index.LinkType{ref},
			want:  []Hop{hop(2, 1, 1, out, ref, out)},
		},
		{
			name: "type filter several types", edges: sample, starts: []int64{1}, maxDepth: 3,
			types: []index.LinkType{ref, impl},
			want:  []Hop{hop(2, 1, 1, out, ref, out), hop(4, 1, 1, back, impl, back), hop(7, 2, 4, out, ref, back)},
		},
		{
			// 2 is next to 1 only through a depends_on edge; with references
			// only it is reached later, through 3 and 4.
			name:   "filtered edge: node reached deeper through an allowed path",
			edges:  []edgeSpec{{1, 2, dep}, {1, 3, ref}, {3, 4, ref}, {4, 2, ref}},
			starts: []int64{1}, maxDepth: 3, types: []index.LinkType{ref},
			want: []Hop{hop(3, 1, 1, out, ref, out), hop(4, 2, 3, out, ref, out), hop(2, 3, 4, out, ref, out)},
		},
		{
			name:   "filtered edge: node beyond maxDepth through the allowed path",
			edges:  []edgeSpec{{1, 2, dep}, {1, 3, ref}, {3, 4, ref}, {4, 2, ref}},
			starts: []int64{1}, maxDepth: 2, types: []index.LinkType{ref},
			want: []Hop{hop(3, 1, 1, out, ref, out), hop(4, 2, 3, out, ref, out)},
		},
		{
			name:   "no filter: same graph reaches 2 at depth 1",
			edges:  []edgeSpec{{1, 2, dep}, {1, 3, ref}, {3, 4, ref}, {4, 2, ref}},
			starts: []int64{1}, maxDepth: 3, types: []index.LinkType{},
			want: []Hop{hop(2, 1, 1, out, dep, out), hop(3, 1, 1, out, ref, out), hop(4, 2, 2, back, ref, out)},
		},
		{
			name:   "smallest depth wins over a longer path",
			edges:  []edgeSpec{{1, 2, ref}, {2, 3, ref}, {3, 4, ref}, {1, 4, ref}},
			starts: []int64{1}, maxDepth: 3,
			want: []Hop{hop(2, 1, 1, out, ref, out), hop(4, 1, 1, out, ref, out), hop(3, 2, 2, out, ref, out)},
		},
		{
			name:   "tie: smaller parent id",
			edges:  []edgeSpec{{1, 3, ref}, {1, 2, ref}, {3, 4, ref}, {2, 4, conf}},
			starts: []int64{1}, maxDepth: 2,
			want: []Hop{hop(2, 1, 1, out, ref, out), hop(3, 1, 1, out, ref, out), hop(4, 2, 2, out, conf, out)},
		},
		{
			name:   "tie: outlink before backlink",
			edges:  []edgeSpec{{5, 1, ref}, {1, 5, conf}},
			starts: []int64{1}, maxDepth: 1,
			want: []Hop{hop(5, 1, 1, out, conf, out)},
		},
		{
			name:   "tie: link type order, duplicates",
			edges:  []edgeSpec{{1, 2, conf}, {1, 2, ext}, {1, 2, dep}, {1, 2, ext}, {1, 2, "custom"}},
			starts: []int64{1}, maxDepth: 1,
			want: []Hop{hop(2, 1, 1, out, dep, out)},
		},
		{
			name:   "tie: known type before unknown type",
			edges:  []edgeSpec{{1, 2, "aaa"}, {1, 2, conf}},
			starts: []int64{1}, maxDepth: 1,
			want: []Hop{hop(2, 1, 1, out, conf, out)},
		},
		{
			name:   "cycle terminates, start not returned",
			edges:  []edgeSpec{{1, 2, ref}, {2, 3, ref}, {3, 1, ref}},
			starts: []int64{1}, maxDepth: 10,
			want: []Hop{hop(2, 1, 1, out, ref, out), hop(3, 1, 1, back, ref, back)},
		},
		{
			name:   "several starts, never returned, duplicates ignored",
			edges:  []edgeSpec{{1, 2, ref}, {3, 2, ref}, {1, 3, ref}, {2, 4, ref}},
			starts: []int64{3, 1, 3}, maxDepth: 2,
			want: []Hop{hop(2, 1, 1, out, ref, out), hop(4, 2, 2, out, ref, out)},
		},
		{
			name:   "first direction follows the chosen parent",
			edges:  []edgeSpec{{2, 1, ref}, {1, 3, ref}, {2, 4, ref}, {3, 4, ref}},
			starts: []int64{1}, maxDepth: 2,
			want: []Hop{hop(2, 1, 1, back, ref, back), hop(3, 1, 1, out, ref, out), hop(4, 2, 2, out, ref, back)},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := buildGraph(tc.edges)
			got := g.BFS(tc.starts, tc.maxDepth, tc.types)
			if len(got) == 0 && len(tc.want) == 0 {
				return
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("BFS(%v, %d, %v) =\n  %+v\nwant\n  %+v", tc.starts, tc.maxDepth, tc.types, got, tc.want)
			}
		})
	}
}

// TestBFSDeterministic builds the same random multigraph with edges added in
// different orders and checks BFS answers identically.
func TestBFSDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var edges []edgeSpec
	for range 400 {
		edges = append(edges, edgeSpec{
			from: rng.Int64N(80) + 1,
			to:   rng.Int64N(80) + 1,
			t:    index.LinkTypes[rng.IntN(len(index.LinkTypes))],
		})
	}
	starts := []int64{3, 17, 42}
	filter := []index.LinkType{ref, dep, conf}
	want := buildGraph(edges).BFS(starts, 3, nil)
	wantFiltered := buildGraph(edges).BFS(starts, 3, filter)
	if len(want) == 0 || len(wantFiltered) == 0 {
		t.Fatal("random graph gave an empty walk; the test proves nothing")
	}
	for i := range 20 {
		shuffled := append([]edgeSpec(nil), edges...)
		rng.Shuffle(len(shuffled), func(a, b int) { shuffled[a], shuffled[b] = shuffled[b], shuffled[a] })
		g := buildGraph(shuffled)
		if got := g.BFS([]int64{42, 3, 17}, 3, nil); !reflect.DeepEqual(got, want) {
			t.Fatalf("shuffle %d: BFS differs", i)
		}
		if got := g.BFS(starts, 3, filter); !reflect.DeepEqual(got, wantFiltered) {
			t.Fatalf("shuffle %d: filtered BFS differs", i)
		}
	}
	// Sorted by depth then id, each node once, never a start, depth in range.
	seen := map[int64]bool{3: true, 17: true, 42: true}
	for i, h := range want {
		if seen[h.ID] {
			t.Errorf("node %d returned twice or is a start", h.ID)
		}
		seen[h.ID] = true
		if h.Depth < 1 || h.Depth > 3 {
			t.Errorf("node %d at depth %d", h.ID, h.Depth)
		}
		if i > 0 {
			p := want[i-1]
			if p.Depth > h.Depth || (p.Depth == h.Depth && p.ID >= h.ID) {
				t.Errorf("hops %d and %d out of order", p.ID, h.ID)
			}
		}
	}
}

func TestOutInNodes(t *testing.T) {
	g := buildGraph([]edgeSpec{{1, 3, ext}, {1, 2, ref}, {1, 3, dep}, {1, 3, dep}, {4, 3, ref}})
	g.AddNode(9)
	g.AddNode(1)

	wantOut := []Edge{{1, 2, ref}, {1, 3, dep}, {1, 3, dep}, {1, 3, ext}}
	if got := g.Out(1); !reflect.DeepEqual(got, wantOut) {
		t.Errorf("Out(1) = %v, want %v", got, wantOut)
	}
	wantIn := []Edge{{1, 3, dep}, {1, 3, dep}, {1, 3, ext}, {4, 3, ref}}
	if got := g.In(3); !reflect.DeepEqual(got, wantIn) {
		t.Errorf("In(3) = %v, want %v", got, wantIn)
	}
	if got := g.Out(3); len(got) != 0 {
		t.Errorf("Out(3) = %v, want none", got)
	}
	if got := g.In(9); len(got) != 0 {
		t.Errorf("In(9) = %v, want none", got)
	}
	if got, want := g.Nodes(), []int64{1, 2, 3, 4, 9}; !reflect.DeepEqual(got, want) {
		t.Errorf("Nodes() = %v, want %v", got, want)
	}
	// Out returns a copy: changing it must not change the graph.
	g.Out(1)[0].To = 100
	if got := g.Out(1); !reflect.DeepEqual(got, wantOut) {
		t.Errorf("Out(1) after editing a returned slice = %v", got)
	}
	if got := New().Nodes(); len(got) != 0 {
		t.Errorf("empty graph Nodes() = %v", got)
	}
}

func TestProximity(t *testing.T) {
	tests := []struct {
		depth int
		want  float64
	}{
		{-1, 0}, {0, 0}, {1, 1}, {2, 0.5}, {3, 1.0 / 3}, {4, 0.25},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint("depth ", tc.depth), func(t *testing.T) {
			if got := Proximity(tc.depth); got != tc.want {
				t.Errorf("Proximity(%d) = %v, want %v", tc.depth, got, tc.want)
			}
		})
	}
}

// TestBFSBy: with an order of its own (file paths, say), the walk lists
// each depth in that order and reaches a node through the parent first in
// it, not through the smallest id.
func TestBFSBy(t *testing.T) {
	// 1→2, 1→3, 2→4, 3→4: 4 is two hops away through 2 or 3.
	g := buildGraph([]edgeSpec{{1, 2, ref}, {1, 3, ref}, {2, 4, ref}, {3, 4, ref}})
	out := Outlink
	reverse := func(a, b int64) int { return int(b - a) }
	want := []Hop{hop(3, 1, 1, out, ref, out), hop(2, 1, 1, out, ref, out), hop(4, 2, 3, out, ref, out)}
	if got := g.BFSBy([]int64{1}, 2, nil, reverse); !reflect.DeepEqual(got, want) {
		t.Errorf("BFSBy in reverse = %v, want %v", got, want)
	}
	want = []Hop{hop(2, 1, 1, out, ref, out), hop(3, 1, 1, out, ref, out), hop(4, 2, 2, out, ref, out)}
	if got := g.BFS([]int64{1}, 2, nil); !reflect.DeepEqual(got, want) {
		t.Errorf("BFS = %v, want %v", got, want)
	}
}
