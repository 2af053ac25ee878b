package engine

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"testing"
)

// ringDocs is a docs folder of n documents, each linking to the next two
// (n00001.md links to n00002 and n00003) and to a missing page, so that
// every document's neighbourhood of a given depth has the same size
// whatever n.
func ringDocs(n int) map[string]string {
	files := make(map[string]string, n)
	for i := range n {
		files[fmt.Sprintf("n%05d.md", i)] = fmt.Sprintf("# Node %d\n\nOn to [[n%05d]], [[n%05d|depends_on]] and [[gone-%d]].\n", i, (i+1)%n, (i+2)%n, i)
	}
	return files
}

// coldGraphMallocs opens a new engine on e's project (nothing cached, as
// each `ubp get-graph` process starts) and returns the heap allocations
// of one GetGraph call with opts, and its answer.
func coldGraphMallocs(t *testing.T, e *Engine, opts GraphOptions) (uint64, GraphResult) {
	t.Helper()
	cold, err := Open(context.Background(), e.Project(), OpenOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer cold.Close()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res, err := cold.GetGraph(context.Background(), opts)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	return after.Mallocs - before.Mallocs, res
}

// TestGraphAroundReadsOnlyTheNeighbourhood: the graph around a centre
// costs what its neighbourhood holds, not the corpus: the same
// neighbourhood in a corpus 40 times larger takes about the same heap
// allocations on a cold engine (the whole graph and every document's
// metadata were read, then cut: a cost proportional to the corpus).
func TestGraphAroundReadsOnlyTheNeighbourhood(t *testing.T) {
	opts := GraphOptions{Center: "n00010.md", Depth: 2, Dangling: true}
	var want []string // n00006 … n00014 and their missing pages
	for i := 6; i <= 14; i++ {
		want = append(want, fmt.Sprintf("n%05d.md", i))
	}
	// 8 links to the next, 7 to the one after, one to each missing page.
	wantEdges := 8 + 7 + len(want)
	mallocs := map[int]uint64{}
	for _, n := range []int{50, 2000} {
		e := searchProject(t, ringDocs(n), "none")
		m, res := coldGraphMallocs(t, e, opts)
		var docs []string
		dangling := 0
		for _, nd := range res.Nodes {
			if nd.Dangling {
				dangling++
			} else {
				docs = append(docs, nd.Filepath)
			}
		}
		slices.Sort(docs)
		if !slices.Equal(docs, want) || dangling != len(want) || len(res.Edges) != wantEdges {
			t.Fatalf("%d documents: nodes %v (%d dangling), %d edges; want %v, %d dangling, %d edges",
				n, docs, dangling, len(res.Edges), want, len(want), 2*(len(want)-2)+len(want))
		}
		mallocs[n] = m
	}
	t.Logf("allocations of a cold GetGraph around a centre: %v", mallocs)
	if mallocs[2000] > 2*mallocs[50] {
		t.Errorf("a neighbourhood of %d documents took %d allocations in a corpus of 2,000 and %d in one of 50: the cost follows the corpus",
			len(want), mallocs[2000], mallocs[50])
	}
}
