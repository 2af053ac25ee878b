package suggest

import (
	"context"
	"math"
	"slices"

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
	// maxPostingCap: nor do keywords in more than this many sections, at
	// any size: the pairs are summed over each keyword's sections two by
	// two, and at 10,000 generated documents (60,000 sections) a share of
	// a tenth took 46 s, this 3.9 s. It changes nothing below 20,000
	// sections.
	maxPostingCap = 2000
)

// postingCap is the most sections a keyword may be in to count, of n
// sections compared.
func postingCap(n int) int {
	return min(max(minPostingCap, int(maxPostingShare*float64(n))), maxPostingCap)
}

// keywordCount is a keyword of a section (by its number in the
// vocabulary) and how many times the section says it.
type keywordCount struct {
	id    int
	count float64
}

// posting is a section (by its index among those kept) holding a keyword,
// with the keyword's weight in its unit TF-IDF vector.
type posting struct {
	i int
	w float64
}

// keywordPairs scores section pairs by the cosine of their TF-IDF
// keyword vectors (tf as 1+ln(count), idf as ln(N/df)), accumulated over
// shared keywords only, keywords in more sections than postingCap left
// out of the sum. It reads the sections one at a time
// (sectionrows.Each) and keeps each one's keywords as numbers with their
// counts, then one posting list a keyword; the pairs are summed one
// section at a time against those after it, in an array of the sections,
// so what it holds grows with the postings, not with the pairs. With a
// (the suggestions asked for), it keeps only the pairs that can be among
// them (topPairs); else every pair at minScore or more. docs maps the
// sections compared to their documents (sections absent from it are left
// out). Until 2026-11-27 it held every pair sharing a keyword in a map,
// and a keyword-count map a section: 7 GB and more than 7 minutes, not
// ended, at 10,000 generated documents; now 178 MB and 3.9 s.
func keywordPairs(ctx context.Context, q store.Querier, docs map[int64]int64, minScore float64, a *Answer) ([]Pair, error) {
	vocab := map[string]int{}
	var df []int
	var ids []int64            // the sections kept, in the order read
	var kws [][]keywordCount   // their keywords
	counts := map[string]int{} // one section's, reused
	err := sectionrows.Each(ctx, q, func(s *sectionrows.Row) error {
		if _, ok := docs[s.ID]; !ok {
			return nil
		}
		clear(counts)
		for _, k := range query.Keywords(s.Heading + "\n" + s.Content) {
			counts[k]++
		}
		if len(counts) < minSectionKeywords {
			return nil
		}
		row := make([]keywordCount, 0, len(counts))
		for k, c := range counts {
			id, ok := vocab[k]
			if !ok {
				id = len(df)
				vocab[k] = id
				df = append(df, 0)
			}
			df[id]++
			row = append(row, keywordCount{id, float64(c)})
		}
		ids = append(ids, s.ID)
		kws = append(kws, row)
		return ctx.Err()
	})
	if err != nil {
		return nil, err
	}
	vocab = nil
	n := float64(len(ids))
	postCap := postingCap(len(ids))
	postings := make([][]posting, len(df))
	for i, row := range kws {
		var norm float64
		for k, kc := range row {
			w := (1 + math.Log(kc.count)) * math.Log(n/float64(df[kc.id]))
			row[k].count = w // the count's weight from here on
			if w > 0 {
				norm += w * w
			}
		}
		norm = math.Sqrt(norm)
		if norm == 0 {
			continue
		}
		for _, kc := range row {
			if d := df[kc.id]; kc.count > 0 && d >= 2 && d <= postCap {
				postings[kc.id] = append(postings[kc.id], posting{i, kc.count / norm})
			}
		}
	}
	kws = nil
	// Each section's posting keywords, to walk its row: a section's
	// postings are in the order of the sections, so a row reads the part
	// of each list after it.
	rows := make([][]int, len(ids)) // keyword ids
	for id, ps := range postings {
		for _, p := range ps {
			rows[p.i] = append(rows[p.i], id)
		}
	}
	var top *topPairs
	if a != nil {
		top = newTopPairs(ctx, q, docs, *a)
	}
	var out []Pair
	docOf := make([]int64, len(ids))
	for i, id := range ids {
		docOf[i] = docs[id]
	}
	acc := make([]float64, len(ids))
	var touched []int
	for i := range ids {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		di := docOf[i]
		for _, k := range rows[i] {
			ps := postings[k]
			at, _ := slices.BinarySearchFunc(ps, i, func(p posting, i int) int { return p.i - i })
			wi := ps[at].w
			for _, p := range ps[at+1:] {
				if docOf[p.i] == di {
					continue
				}
				if acc[p.i] == 0 {
					touched = append(touched, p.i)
				}
				acc[p.i] += wi * p.w
			}
		}
		for _, j := range touched {
			if d := acc[j]; d >= minScore {
				p := Pair{A: min(ids[i], ids[j]), B: max(ids[i], ids[j]), Score: min(d, 1)}
				if top != nil {
					top.add(p)
				} else {
					out = append(out, p)
				}
			}
			acc[j] = 0
		}
		touched = touched[:0]
	}
	if top != nil {
		return top.pairs()
	}
	return out, nil
}
