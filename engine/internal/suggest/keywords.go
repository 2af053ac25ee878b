package suggest

import (
	"context"
	"math"

	"github.com/ubp-dev/ubp/engine/internal/store"
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
// shared keywords only. It reads the sections one at a time
// (sectionrows.Each) and keeps their keyword counts, not their text;
// docs maps the sections compared to their documents (sections absent
// from it are left out).
func keywordPairs(ctx context.Context, q store.Querier, docs map[int64]int64, minScore float64) ([]Pair, error) {
	var ids []int64
	tfs := map[int64]map[string]float64{}
	df := map[string]int{}
	err := sectionrows.Each(ctx, q, func(s *sectionrows.Row) error {
		if _, ok := docs[s.ID]; !ok {
			return nil
		}
		ids = append(ids, s.ID)
		tf := map[string]float64{}
		for _, k := range query.Keywords(s.Heading + "\n" + s.Content) {
			tf[k]++
		}
		if len(tf) < minSectionKeywords {
			return nil
		}
		tfs[s.ID] = tf
		for k := range tf {
			df[k]++
		}
		return ctx.Err()
	})
	if err != nil {
		return nil, err
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
				if docs[a.id] == docs[b.id] {
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
	return out, nil
}
