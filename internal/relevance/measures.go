package relevance

import "math"

// Depth is the cut-off of every measure.
const Depth = 10

// Measures are one query's (or an average's) figures.
type Measures struct {
	MRR, NDCG, Recall float64
	Top3              float64 // 1 when a relevant document is in the top 3
}

// Measure scores a ranking (document paths, best first) against graded
// judgments: MRR@10, nDCG@10 with gain 2^rel − 1 and the ideal ranking
// from the judgments, Recall@10, and a relevant document in the top 3.
func Measure(ranked []string, rel map[string]int) Measures {
	if len(ranked) > Depth {
		ranked = ranked[:Depth]
	}
	var m Measures
	var dcg float64
	found := 0
	for i, p := range ranked {
		g := rel[p]
		if g <= 0 {
			continue
		}
		if m.MRR == 0 {
			m.MRR = 1 / float64(i+1)
			if i < 3 {
				m.Top3 = 1
			}
		}
		found++
		dcg += (math.Pow(2, float64(g)) - 1) / math.Log2(float64(i+2))
	}
	ideal := make([]int, 0, len(rel))
	for _, g := range rel {
		ideal = append(ideal, g)
	}
	sortDesc(ideal)
	var idcg float64
	for i, g := range ideal {
		if i >= Depth {
			break
		}
		idcg += (math.Pow(2, float64(g)) - 1) / math.Log2(float64(i+2))
	}
	if idcg > 0 {
		m.NDCG = dcg / idcg
	}
	if len(rel) > 0 {
		m.Recall = float64(found) / float64(len(rel))
	}
	return m
}

func sortDesc(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] > a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// Mean averages measures.
func Mean(ms []Measures) Measures {
	var out Measures
	for _, m := range ms {
		out.MRR += m.MRR
		out.NDCG += m.NDCG
		out.Recall += m.Recall
		out.Top3 += m.Top3
	}
	if n := float64(len(ms)); n > 0 {
		out.MRR /= n
		out.NDCG /= n
		out.Recall /= n
	}
	return out
}
