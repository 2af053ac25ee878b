package graph

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

// benchCorpus builds 1,000 documents in 40 folders (some nested, some with
// Japanese names) and 10,000 link targets covering every rule.
func benchCorpus() ([]DocRef, [][2]string) {
	rng := rand.New(rand.NewPCG(7, 11))
	docs := make([]DocRef, 0, 1000)
	for i := range 1000 {
		folder := fmt.Sprintf("area%02d", i%40)
		if i%3 == 0 {
			folder += fmt.Sprintf("/sub%d", i%5)
		}
		name := fmt.Sprintf("doc-%04d", i)
		if i%7 == 0 {
			name = fmt.Sprintf("設計メモ %d (案)", i)
		}
		docs = append(docs, DocRef{
			ID:      int64(i + 1),
			Path:    folder + "/" + name + ".md",
			Title:   fmt.Sprintf("Document Title %d", i),
			Aliases: []string{fmt.Sprintf("alias-%d", i)},
		})
	}
	links := make([][2]string, 0, 10000)
	for range 10000 {
		from := docs[rng.IntN(len(docs))].Path
		to := docs[rng.IntN(len(docs))]
		base := to.Path[len(dirName(to.Path))+1 : len(to.Path)-len(".md")]
		var target string
		switch rng.IntN(10) {
		case 0, 1, 2:
			target = to.Path[:len(to.Path)-len(".md")] // path
		case 3:
			target = "../" + to.Path // relative (or escaping)
		case 4, 5, 6:
			target = base // filename
		case 7:
			target = to.Title // title
		case 8:
			target = to.Aliases[0] // alias
		default:
			target = fmt.Sprintf("missing-%d", rng.IntN(100)) // dangling
		}
		links = append(links, [2]string{from, target})
	}
	return docs, links
}

// BenchmarkResolve resolves 10,000 links against 1,000 documents per op.
func BenchmarkResolve(b *testing.B) {
	docs, links := benchCorpus()
	r := NewResolver(docs)
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range links {
			r.Resolve(l[0], l[1])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(links)), "ns/link")
}

// BenchmarkNewResolver indexes 1,000 documents per op.
func BenchmarkNewResolver(b *testing.B) {
	docs, _ := benchCorpus()
	b.ReportAllocs()
	for b.Loop() {
		NewResolver(docs)
	}
}

// BenchmarkBFS walks a 1,000-node, 5,000-edge graph to depth 3 from one
// start per op.
func BenchmarkBFS(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 5))
	g := New()
	for i := range 1000 {
		g.AddNode(int64(i + 1))
	}
	for range 5000 {
		g.AddEdge(rng.Int64N(1000)+1, rng.Int64N(1000)+1, index.LinkTypes[rng.IntN(len(index.LinkTypes))])
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n += len(g.BFS([]int64{int64(n%1000 + 1)}, 3, nil))
	}
	if n == 0 {
		b.Fatal("BFS reached nothing")
	}
}
