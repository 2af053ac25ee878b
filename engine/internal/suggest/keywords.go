package suggest

import (
	"math"
	"slices"

	"github.com/ubp-dev/ubp/engine/internal/store/sectionrows"
	"github.com/ubp-dev/ubp/engine/query"
)

// Keyword similarity for SuggestLinks without vectors.
const (
	// minSectionKeywords: sections with fewer distinct keywords (a heading
	// and a line) are too thin to compare.
	minSectionKeywords = 5
	// maxPostingShare: keywords in more than this share of sections say
	// nothing about two sections being related, and would make the pair
	// count quadratic.
	maxPostingShare = 0.1
	minPostingCap   = 20
)

// keywordPairs scores section pairs by the cosine of their TF-IDF
// keyword vectors (tf as 1+ln(count), idf as ln(N/df)), accumulated over
// shared keywords only.
func keywordPairs(secs map[int64]*sectionrows.Row, minScore float64) []Pair {
	ids := make([]int64, 0, len(secs))
	for id := range secs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	tfs := make(map[int64]map[string]float64, len(ids))
	df := map[string]int{}
	for _, id := range ids {
		s := secs[id]
		tf := map[string]float64{}
		for _, k := range query.Keywords(s.Heading + "\n" + s.Content) {
			tf[k]++
		}
		if len(tf) < minSectionKeywords {
			continue
		}
		tfs[id] = tf
		for k := range tf {
			df[k]++
		}
	}
	n := float64(len(tfs))
	postCap := max(minPostingCap, int(maxPostingShare*n))
	type posting struct {
		id int64
		w  float64
	}
	postings := map[string][]posting{}
	for _, id := range ids {
		tf := tfs[id]
		if tf == nil {
			continue
		}
		vec := map[string]float64{}
		var norm float64
		for k, c := range tf {
			w := (1 + math.Log(c)) * math.Log(n/float64(df[k]))
			if w <= 0 {
				continue
			}
			vec[k] = w
			norm += w * w
		}
		norm = math.Sqrt(norm)
		if norm == 0 {
			continue
		}
		for k, w := range vec {
			if df[k] >= 2 && df[k] <= postCap {
				postings[k] = append(postings[k], posting{id, w / norm})
			}
		}
	}
	type key struct{ a, b int64 }
	dot := map[key]float64{}
	for _, ps := range postings {
		for i := range ps {
			for j := i + 1; j < len(ps); j++ {
				a, b := ps[i], ps[j]
				if secs[a.id].Doc == secs[b.id].Doc {
					continue
				}
				k := key{min(a.id, b.id), max(a.id, b.id)}
				dot[k] += a.w * b.w
			}
		}
	}
	var out []Pair
	for k, d := range dot {
		if d >= minScore {
			out = append(out, Pair{A: k.a, B: k.b, Score: min(d, 1)})
		}
	}
	return out
}
