package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/latent"
	"github.com/ubp-dev/ubp/engine/internal/latentrun"
)

// topicDocs is a corpus of pages on two topics, each page three sections
// drawn from its topic's words, so the corpus holds well over
// latentrun.MinSections sections and the two topics apart.
func topicDocs(pages int) map[string]string {
	pools := map[string][]string{
		"vehicles": {"engine", "wheel", "brake", "gearbox", "driver", "road", "tyre", "clutch", "axle", "piston"},
		"orchards": {"apple", "orchard", "harvest", "pear", "blossom", "grafting", "cider", "pruning", "rootstock", "bees"},
	}
	files := map[string]string{}
	for topic, words := range pools {
		for i := range pages {
			var b strings.Builder
			fmt.Fprintf(&b, "# %s %d\n\n", strings.ToUpper(topic[:1])+topic[1:], i)
			for s := range 3 {
				w := func(k int) string { return words[(i+s*3+k)%len(words)] }
				fmt.Fprintf(&b, "## Part %d\n\nThe %s and the %s, then the %s with the %s.\n\n", s, w(0), w(1), w(3), w(5))
			}
			files[fmt.Sprintf("%s/page-%02d.md", topic, i)] = b.String()
		}
	}
	return files
}

// latentState is the latent space's bookkeeping: the model's row, the
// sections placed, the sections still queued and the placed vectors whose
// section is gone.
type latentState struct {
	rank, basis, added, placed, queued, orphans, sections int
}

func readLatentState(t *testing.T, e *Engine) latentState {
	t.Helper()
	var s latentState
	if coreCount(t, e, `SELECT count(*) FROM latent_model`) == 1 {
		s.rank = coreCount(t, e, `SELECT rank FROM latent_model`)
		s.basis = coreCount(t, e, `SELECT basis FROM latent_model`)
		s.added = coreCount(t, e, `SELECT added FROM latent_model`)
	}
	s.placed = coreCount(t, e, `SELECT count(*) FROM section_latent`)
	s.queued = coreCount(t, e, `SELECT count(*) FROM latent_pending`)
	s.orphans = coreCount(t, e, `SELECT count(*) FROM section_latent WHERE id NOT IN (SELECT id FROM sections)`)
	s.sections = coreCount(t, e, `SELECT count(*) FROM sections`)
	return s
}

// The first index run trains the space and places every section; an
// edit places only the edited page's sections and counts them; a deleted
// page's vectors go with its sections.
func TestLatentSpaceFollowsTheIndex(t *testing.T) {
	e := searchProject(t, topicDocs(30), "none")
	s := readLatentState(t, e)
	if s.sections < latentrun.MinSections {
		t.Fatalf("the fixture has %d sections, fewer than %d", s.sections, latentrun.MinSections)
	}
	want := latentState{rank: latent.RankFor(s.sections), basis: s.sections, placed: s.sections, sections: s.sections}
	if s != want {
		t.Fatalf("after the first run: %+v, want %+v", s, want)
	}

	page := filepath.Join(e.Project().DocsDir(), "vehicles", "page-03.md")
	coreEdit(t, page, "# Vehicles 3\n\n## Part 0\n\nThe brake and the road.\n\n## Part 1\n\nThe clutch and the axle.\n")
	coreIndex(t, e, false)
	s = readLatentState(t, e)
	if s.added == 0 || s.added > 4 || s.queued != 0 || s.orphans != 0 || s.placed != s.sections || s.basis != want.basis {
		t.Fatalf("after an edit: %+v; want the edited page's sections placed and counted, nothing else", s)
	}

	if err := os.Remove(filepath.Join(e.Project().DocsDir(), "orchards", "page-07.md")); err != nil {
		t.Fatal(err)
	}
	coreIndex(t, e, false)
	if s = readLatentState(t, e); s.orphans != 0 || s.placed != s.sections || s.queued != 0 {
		t.Fatalf("after a deletion: %+v; want no vector without its section", s)
	}
}

// Once as many sections were placed since the training as the index held
// then, the next run trains again on the index as it is.
func TestLatentSpaceRetrainsWhenTheSectionsDouble(t *testing.T) {
	e := searchProject(t, topicDocs(30), "none")
	before := readLatentState(t, e)
	if _, err := e.db.ExecContext(context.Background(), `UPDATE latent_model SET basis = 7, added = 7`); err != nil {
		t.Fatal(err)
	}
	coreIndex(t, e, false)
	after := readLatentState(t, e)
	if after.basis != before.sections || after.added != 0 || after.placed != after.sections {
		t.Fatalf("after the run: %+v; want a model trained again on the %d sections, all placed", after, before.sections)
	}
}

// Below latentrun.MinSections sections there is no model, sections wait
// in the queue, and long queries search without the signal.
func TestLatentSpaceNeedsEnoughSections(t *testing.T) {
	e := searchProject(t, topicDocs(3), "none")
	s := readLatentState(t, e)
	if s.rank != 0 || s.placed != 0 || s.queued != s.sections {
		t.Fatalf("%+v; want no model and every section queued", s)
	}
	res, err := e.Search(context.Background(), SearchOptions{Query: longVehicleQuery})
	if err != nil || len(res.Results) == 0 {
		t.Fatalf("search: %d results, %v", len(res.Results), err)
	}
	for _, h := range res.Results {
		if h.ScoreBreakdown.LatentCosine != 0 {
			t.Fatalf("%s has latent evidence without a model", h.Filepath)
		}
	}
}

// longVehicleQuery has more than ranking.LatentMinConcepts concepts.
const longVehicleQuery = "how the engine wheel brake gearbox driver road tyre clutch axle piston work together"

// A long query gets the latent signal, reported as evidence and in
// --explain; a short one does not, nor does any query with
// search.latent_weight 0.
func TestLongQueriesGetTheLatentSignal(t *testing.T) {
	e := searchProject(t, topicDocs(30), "none")
	ctx := context.Background()
	res, err := e.Search(ctx, SearchOptions{Query: longVehicleQuery, Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	withLatent := 0
	for _, h := range res.Results {
		if !strings.HasPrefix(h.Filepath, "vehicles/") {
			t.Errorf("%s answers a query about vehicles", h.Filepath)
		}
		if h.ScoreBreakdown.LatentCosine > 0 {
			withLatent++
		}
		signals := ""
		for _, x := range h.Explain {
			signals += x.Signal + " "
		}
		if !strings.Contains(signals, "latent") {
			t.Errorf("%s: explained by %q, want the latent signal among them", h.Filepath, signals)
		}
	}
	if withLatent == 0 {
		t.Fatal("no result of a long query has latent evidence")
	}
	if !strings.Contains(res.Results[0].RelevanceReason+res.Results[1].RelevanceReason+res.Results[2].RelevanceReason, "close to the query's topic") {
		t.Errorf("no reason of the first three results names the latent signal: %q, %q, %q",
			res.Results[0].RelevanceReason, res.Results[1].RelevanceReason, res.Results[2].RelevanceReason)
	}

	short, err := e.Search(ctx, SearchOptions{Query: "brake road", Explain: true})
	if err != nil || len(short.Results) == 0 {
		t.Fatalf("short query: %d results, %v", len(short.Results), err)
	}
	for _, h := range short.Results {
		if h.ScoreBreakdown.LatentCosine != 0 || len(h.Explain) != 3 {
			t.Fatalf("short query: %s has latent evidence (%+v, %d signals explained)", h.Filepath, h.ScoreBreakdown, len(h.Explain))
		}
	}

	e.Project().Config.Search.LatentWeight = 0
	off, err := e.Search(ctx, SearchOptions{Query: longVehicleQuery})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range off.Results {
		if h.ScoreBreakdown.LatentCosine != 0 {
			t.Fatalf("latent_weight 0: %s has latent evidence", h.Filepath)
		}
	}
}

// A full re-index learns the space anew, so it also mends a damaged one:
// a term vector of the wrong length makes long queries fail with an error
// that says so and what to run, and `ubp index --full` repairs it.
func TestFullIndexRetrainsTheLatentSpace(t *testing.T) {
	e := searchProject(t, topicDocs(30), "none")
	ctx := context.Background()
	if _, err := e.db.ExecContext(ctx, `UPDATE latent_model SET basis = 1000000`); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.ExecContext(ctx, `UPDATE latent_terms SET vec = x'0102' WHERE term = 'brake'`); err != nil {
		t.Fatal(err)
	}
	_, err := e.Search(ctx, SearchOptions{Query: longVehicleQuery})
	if err == nil || !strings.Contains(err.Error(), `latent term "brake"`) || answer.RemedyOf(err) != answer.RemedyFullIndex {
		t.Fatalf("search over a damaged space: %v (remedy %v); want an error naming the term, with a full re-index as remedy", err, answer.RemedyOf(err))
	}
	coreIndex(t, e, true)
	s := readLatentState(t, e)
	if s.basis != s.sections || s.added != 0 || s.placed != s.sections {
		t.Fatalf("after a full re-index: %+v; want a model trained anew on every section", s)
	}
	if _, err := e.Search(ctx, SearchOptions{Query: longVehicleQuery}); err != nil {
		t.Fatalf("search after the full re-index: %v", err)
	}
}

// Sections that share too few words give a model of rank 0, stored with
// its basis: nothing is placed, nothing waits, and the next run does not
// learn it again.
func TestLatentSpaceOfSectionsSharingNothing(t *testing.T) {
	files := map[string]string{}
	for i := range 70 {
		files[fmt.Sprintf("p%02d.md", i)] = "# —\n\n## —\n\nthe and of, it is.\n\n## !!\n\n... !!! ---\n"
	}
	e := searchProject(t, files, "none")
	s := readLatentState(t, e)
	if s.sections < latentrun.MinSections || coreCount(t, e, `SELECT count(*) FROM latent_model`) != 1 ||
		s.rank != 0 || s.basis != s.sections || s.placed != 0 || s.queued != 0 {
		t.Fatalf("%+v; want a stored model of rank 0 over every section, nothing placed or waiting", s)
	}
	st, err := e.Status(context.Background())
	if err != nil || st.LatentRank != 0 || st.LatentBasis != s.sections {
		t.Fatalf("status: rank %d, basis %d, %v", st.LatentRank, st.LatentBasis, err)
	}
	if _, err := e.db.ExecContext(context.Background(), `UPDATE latent_model SET basis = basis + 1`); err != nil {
		t.Fatal(err)
	}
	coreIndex(t, e, false)
	if after := readLatentState(t, e); after.basis != s.basis+1 {
		t.Fatalf("a run with nothing changed learnt the empty model again: %+v", after)
	}
	if _, err := e.Search(context.Background(), SearchOptions{Query: longVehicleQuery}); err != nil {
		t.Fatalf("long query over an empty space: %v", err)
	}
}

// A model row of a rank no model has (hand-edited, damaged) fails long
// queries with the remedy, never a panic, and the next run learns it anew.
func TestDamagedLatentRank(t *testing.T) {
	for _, rank := range []int{-4, -1, 1000} {
		t.Run(fmt.Sprint(rank), func(t *testing.T) {
			e := searchProject(t, topicDocs(30), "none")
			ctx := context.Background()
			if _, err := e.db.ExecContext(ctx, `UPDATE latent_model SET rank = ?; UPDATE latent_terms SET vec = x'010203'`, rank); err != nil {
				t.Fatal(err)
			}
			_, err := e.Search(ctx, SearchOptions{Query: longVehicleQuery})
			if err == nil || answer.RemedyOf(err) != answer.RemedyFullIndex {
				t.Fatalf("search with a model of rank %d: %v; want an error with a full re-index as remedy", rank, err)
			}
			coreIndex(t, e, false)
			if s := readLatentState(t, e); s.rank != latent.RankFor(s.sections) || s.placed != s.sections {
				t.Fatalf("after an index run: %+v; want the space learnt anew", s)
			}
			if _, err := e.Search(ctx, SearchOptions{Query: longVehicleQuery}); err != nil {
				t.Fatalf("search after the run: %v", err)
			}
		})
	}
}

// The runs nobody asked for (a read command bringing the index up to date,
// the watcher's) learn a small index's space anew when it is due, as
// ubp index does, and only place sections when it is not.
func TestIncidentalRunsRetrainSmallIndexesWhenDue(t *testing.T) {
	e := searchProject(t, topicDocs(30), "none")
	ctx := context.Background()
	page := filepath.Join(e.Project().DocsDir(), "vehicles", "page-04.md")
	coreEdit(t, page, "# Vehicles 4\n\n## Part 0\n\nThe brake and the road again.\n")
	if _, err := e.IndexPaths(ctx, []string{page}); err != nil {
		t.Fatal(err)
	}
	before := readLatentState(t, e)
	if before.added == 0 || before.queued != 0 || before.basis == 0 {
		t.Fatalf("after an edit: %+v; want its sections placed and counted", before)
	}
	if _, err := e.db.ExecContext(ctx, `UPDATE latent_model SET basis = 7, added = 7`); err != nil {
		t.Fatal(err)
	}
	coreEdit(t, page, "# Vehicles 4\n\n## Part 0\n\nThe clutch and the road.\n")
	if _, err := e.IndexPaths(ctx, []string{page}); err != nil {
		t.Fatal(err)
	}
	if s := readLatentState(t, e); s.basis != s.sections || s.added != 0 || s.placed != s.sections {
		t.Fatalf("after a watcher run with a model due: %+v; want the space learnt anew", s)
	}
}

// A damaged term vector met while placing an edited section does not fail
// every later run: the run learns the space anew.
func TestDamagedTermMetWhilePlacing(t *testing.T) {
	e := searchProject(t, topicDocs(30), "none")
	ctx := context.Background()
	if _, err := e.db.ExecContext(ctx, `UPDATE latent_terms SET vec = x'0102' WHERE term = 'brake'`); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(e.Project().DocsDir(), "vehicles", "page-05.md")
	coreEdit(t, page, "# Vehicles 5\n\n## Part 0\n\nThe brake, the brake and the road.\n")
	rep := coreIndex(t, e, false)
	s := readLatentState(t, e)
	if rep.LatentTrained != s.sections || s.basis != s.sections || s.placed != s.sections || s.queued != 0 {
		t.Fatalf("report %d sections learnt from, state %+v; want the space learnt anew", rep.LatentTrained, s)
	}
	if _, err := e.Search(ctx, SearchOptions{Query: longVehicleQuery}); err != nil {
		t.Fatalf("search after the run: %v", err)
	}
}

// A model kept while the index shrank below latentrun.MinSections is
// dropped by a full re-index (it would not be learnt now), so a damaged
// one is mended there too.
func TestFullIndexDropsTheModelOfASmallIndex(t *testing.T) {
	e := searchProject(t, topicDocs(30), "none")
	ctx := context.Background()
	for i := 3; i < 30; i++ {
		for _, topic := range []string{"vehicles", "orchards"} {
			if err := os.Remove(filepath.Join(e.Project().DocsDir(), topic, fmt.Sprintf("page-%02d.md", i))); err != nil {
				t.Fatal(err)
			}
		}
	}
	coreIndex(t, e, false)
	if s := readLatentState(t, e); s.rank == 0 || s.sections >= latentrun.MinSections {
		t.Fatalf("%+v; want the model kept over fewer than %d sections", s, latentrun.MinSections)
	}
	if _, err := e.db.ExecContext(ctx, `UPDATE latent_model SET rank = -4`); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Search(ctx, SearchOptions{Query: longVehicleQuery}); err == nil {
		t.Fatal("a long query over a damaged model succeeded")
	}
	coreIndex(t, e, true)
	s := readLatentState(t, e)
	if coreCount(t, e, `SELECT count(*) FROM latent_model`) != 0 || s.placed != 0 || s.queued != s.sections {
		t.Fatalf("after a full re-index: %+v; want no model, every section waiting", s)
	}
	if _, err := e.Search(ctx, SearchOptions{Query: longVehicleQuery}); err != nil {
		t.Fatalf("search after the full re-index: %v", err)
	}
}

// With a doc_type filter, the latent signal re-scores full text's best
// documents of that type, not the best of all types, which the answer
// would not show: here 240 guides match the query better than any design.
func TestLatentCandidatesFollowTheDocTypeFilter(t *testing.T) {
	files := map[string]string{}
	for i := range 240 {
		files[fmt.Sprintf("guides/g%03d.md", i)] = fmt.Sprintf("---\ndoc_type: guide\n---\n# Guide %d\n\n## Brakes\n\nThe engine, wheel, brake, gearbox and driver on the road: tyre, clutch, axle.\n\n## Orchard %d\n\nApple and pear.\n", i, i)
	}
	for i := range 12 {
		files[fmt.Sprintf("designs/d%02d.md", i)] = fmt.Sprintf("---\ndoc_type: design\n---\n# Design %d\n\n## Notes\n\nThe piston and the brake.\n\n## More\n\nCider and pruning.\n", i)
	}
	e := searchProject(t, files, "none")
	res, err := e.Search(context.Background(), SearchOptions{Query: longVehicleQuery, DocType: "design"})
	if err != nil || len(res.Results) == 0 {
		t.Fatalf("search: %d results, %v", len(res.Results), err)
	}
	for _, h := range res.Results {
		if h.ScoreBreakdown.LatentCosine == 0 {
			t.Errorf("%s has no latent evidence under the doc_type filter", h.Filepath)
		}
	}
}
