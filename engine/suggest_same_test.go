package engine

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/store/sectionrows"
	"github.com/ubp-dev/ubp/engine/internal/suggest"
	"github.com/ubp-dev/ubp/engine/query"
	"github.com/ubp-dev/ubp/graph"
)

// TestSuggestLinksAsWithEveryRow: SuggestLinks, which reads the text of
// the sections it compares by keywords one at a time and the headings,
// lines and paths of the pairs it answers only, answers what it answered
// holding every section's row and every document's metadata (the same
// pairs, order, scores, paths, headings and lines), by vectors and by
// keywords, at limits that cut inside ties of shown scores (40 pages
// alike: 780 pairs at 1, more than one read of paths).
func TestSuggestLinksAsWithEveryRow(t *testing.T) {
	files := suggestCorpus(60, 3, 1<<10)
	for i := range 40 {
		files[fmt.Sprintf("dup/%02d.md", i)] = "# Release steps\n\n## Steps\n\nBuild the release, test the version, commit the branch and merge it to publish the release.\n"
	}
	files["linked.md"] = "# Release steps\n\n## Steps\n\nBuild the release, test the version, commit the branch and merge it to publish the release. See [[dup/00]].\n"
	ctx := context.Background()
	for _, tc := range []struct {
		provider  string
		minScores []float64
	}{{DefaultConfig().Embedding.Provider, []float64{0.3, 0.9}}, {"none", []float64{0.1, 0.3}}} {
		provider := tc.provider
		e := searchProject(t, files, provider)
		g, err := e.LoadGraph(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, minScore := range tc.minScores {
			for _, limit := range []int{1, 7, 20, 200} {
				name := fmt.Sprintf("%s/min %.1f/limit %d", provider, minScore, limit)
				got, err := e.SuggestLinks(ctx, SuggestOptions{MinScore: ptr(minScore), Limit: limit})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				var want []answer.LinkSuggestion
				err = e.readTx(ctx, func(tx *sql.Tx) error {
					want, err = suggestWithEveryRow(ctx, tx, minScore, provider != "none", g, limit)
					return err
				})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if len(want) == 0 {
					t.Fatalf("%s: no suggestion to compare", name)
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s: %d suggestions\n%+v\nwant %d\n%+v", name, len(got), got, len(want), want)
				}
			}
		}
	}
}

// suggestWithEveryRow is SuggestLinks as it was before it read the rows
// of the pairs it answers only: every section with its text and every
// document's metadata held at once.
func suggestWithEveryRow(ctx context.Context, tx *sql.Tx, minScore float64, vectors bool, g *graph.Graph, limit int) ([]answer.LinkSuggestion, error) {
	secs, err := sectionrows.All(ctx, tx)
	if err != nil {
		return nil, err
	}
	var pairs []suggest.Pair
	ok := false
	if vectors {
		// VectorPairs read the document of each section only (TestVectorPairsAsAllAtOnce).
		docs := map[int64]int64{}
		for id, s := range secs {
			docs[id] = s.Doc
		}
		if pairs, ok, err = suggest.VectorPairs(ctx, tx, docs, minScore); err != nil {
			return nil, err
		}
	}
	if !ok {
		pairs = keywordPairsOfRows(secs, minScore)
	}
	meta, err := docmeta.Load(ctx, tx, nil)
	if err != nil {
		return nil, err
	}
	linked := func(a, b int64) bool {
		for _, e := range g.Out(a) {
			if e.To == b {
				return true
			}
		}
		for _, e := range g.In(a) {
			if e.From == b {
				return true
			}
		}
		return false
	}
	type docPair struct{ a, b int64 }
	best := map[docPair]suggest.Pair{}
	for _, p := range pairs {
		sa, sb := secs[p.A], secs[p.B]
		if sa == nil || sb == nil || sa.Doc == sb.Doc || meta[sa.Doc] == nil || meta[sb.Doc] == nil {
			continue
		}
		k := docPair{min(sa.Doc, sb.Doc), max(sa.Doc, sb.Doc)}
		if cur, ok := best[k]; ok && (cur.Score > p.Score || cur.Score == p.Score && cur.A < p.A) {
			continue
		}
		if linked(k.a, k.b) {
			continue
		}
		best[k] = p
	}
	out := []answer.LinkSuggestion{}
	for _, p := range best {
		sa, sb := secs[p.A], secs[p.B]
		if meta[sa.Doc].Filepath > meta[sb.Doc].Filepath {
			sa, sb = sb, sa
		}
		out = append(out, answer.LinkSuggestion{
			SourceFilepath: meta[sa.Doc].Filepath, SourceHeading: sa.HeadingPath, SourceLine: sa.StartLine,
			TargetFilepath: meta[sb.Doc].Filepath, TargetHeading: sb.HeadingPath, TargetLine: sb.StartLine,
			Score: answer.RoundScore(p.Score),
		})
	}
	slices.SortFunc(out, func(a, b answer.LinkSuggestion) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.SourceFilepath, b.SourceFilepath),
			cmp.Compare(a.TargetFilepath, b.TargetFilepath), cmp.Compare(a.SourceLine, b.SourceLine))
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// keywordPairsOfRows is the keyword similarity as it was, over every
// section's row held at once.
func keywordPairsOfRows(secs map[int64]*sectionrows.Row, minScore float64) []suggest.Pair {
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
		if len(tf) < 5 {
			continue
		}
		tfs[id] = tf
		for k := range tf {
			df[k]++
		}
	}
	n := float64(len(tfs))
	postCap := max(20, int(0.1*n))
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
	var out []suggest.Pair
	for k, d := range dot {
		if d >= minScore {
			out = append(out, suggest.Pair{A: k.a, B: k.b, Score: min(d, 1)})
		}
	}
	return out
}
