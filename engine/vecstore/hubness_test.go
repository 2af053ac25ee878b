package vecstore

import (
	"context"
	"database/sql"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ubp-dev/ubp/engine/embed"
)

// hubCorpus has a "hub" document whose sections sit near the centre of
// everything and two focused documents whose sections each point one way.
func hubCorpus() []HubInput {
	return []HubInput{
		{Section: 1, Doc: 10, Vector: []float32{1, 1, 1, 1}},   // hub: near all
		{Section: 2, Doc: 10, Vector: []float32{1, 1, 0.8, 1}}, // hub
		{Section: 3, Doc: 10, Vector: []float32{1, 0.8, 1, 1}}, // hub
		{Section: 4, Doc: 20, Vector: []float32{1, 0, 0, 0}},   // focused
		{Section: 5, Doc: 20, Vector: []float32{0.9, 0.1, 0, 0}},
		{Section: 6, Doc: 30, Vector: []float32{0, 0, 1, 0}}, // focused
		{Section: 7, Doc: 30, Vector: []float32{0, 0, 0.9, 0.1}},
	}
}

func TestHubBiases(t *testing.T) {
	b := HubBiases(hubCorpus())
	if len(b) != 7 {
		t.Fatalf("%d biases, want 7", len(b))
	}
	var sum float64
	for _, x := range b {
		sum += x
	}
	if math.Abs(sum) > 1e-9 {
		t.Errorf("biases sum to %v, want 0 (centred)", sum)
	}
	for _, hub := range []int64{1, 2, 3} {
		for _, focused := range []int64{4, 5, 6, 7} {
			if b[hub] <= b[focused] {
				t.Errorf("hub section %d bias %.3f not above focused section %d bias %.3f", hub, b[hub], focused, b[focused])
			}
		}
	}
	// A query between the two focused documents: raw cosine prefers the
	// hub, calibrated score a focused section.
	q := embed.Normalize([]float32{1, 0.3, 0.6, 0.3})
	in := hubCorpus()
	bestRaw, bestCal := int64(0), int64(0)
	var maxRaw, maxCal float64 = -2, -2
	for _, h := range in {
		c := float64(dot(q, embed.Normalize(h.Vector)))
		if c > maxRaw {
			maxRaw, bestRaw = c, h.Section
		}
		if c-b[h.Section] > maxCal {
			maxCal, bestCal = c-b[h.Section], h.Section
		}
	}
	if bestRaw > 3 || bestCal <= 3 {
		t.Errorf("best by cosine %d, by calibrated score %d; want a hub, then a focused section", bestRaw, bestCal)
	}
}

func TestHubBiasesEdgeCases(t *testing.T) {
	if b := HubBiases(nil); len(b) != 0 {
		t.Errorf("no input: %v", b)
	}
	// One document: no other document to compare with, every bias 0.
	one := []HubInput{{Section: 1, Doc: 1, Vector: []float32{1, 0}}, {Section: 2, Doc: 1, Vector: []float32{0, 1}}}
	for id, x := range HubBiases(one) {
		if x != 0 {
			t.Errorf("single document: section %d bias %v, want 0", id, x)
		}
	}
	// A vector of another length is left out; a zero vector does no harm.
	mixed := append(hubCorpus(), HubInput{Section: 8, Doc: 40, Vector: []float32{1, 2}}, HubInput{Section: 9, Doc: 50, Vector: []float32{0, 0, 0, 0}})
	b := HubBiases(mixed)
	if _, ok := b[8]; ok || len(b) != 8 {
		t.Errorf("biases %v: want the odd-length vector left out", b)
	}
	for id, x := range b {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			t.Errorf("section %d bias %v", id, x)
		}
	}
}

func TestHubBiasesOrderAndSampling(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var in []HubInput
	for i := range 3 * maxHubProbes {
		v := make([]float32, 8)
		for d := range v {
			v[d] = float32(r.NormFloat64())
		}
		in = append(in, HubInput{Section: int64(i + 1), Doc: int64(i/7 + 1), Vector: v})
	}
	a := HubBiases(in)
	rev := make([]HubInput, len(in))
	for i, h := range in {
		rev[len(in)-1-i] = h
	}
	b := HubBiases(rev)
	for id, x := range a {
		if b[id] != x {
			t.Fatalf("section %d: bias %v in one order, %v in another", id, x, b[id])
		}
	}
	if got := len(probeSample(len(in), maxHubProbes)); got != maxHubProbes {
		t.Errorf("%d probes for %d sections, want %d", got, len(in), maxHubProbes)
	}
	if got := probeSample(5, maxHubProbes); len(got) != 5 || got[4] != 4 {
		t.Errorf("small corpus probes %v, want every section", got)
	}
}

func TestRefreshHubnessStoresAndTracksChanges(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	hub := addDoc(t, db, "hub", "a", "b", "c")
	f1 := addDoc(t, db, "f1", "d", "e")
	f2 := addDoc(t, db, "f2", "f", "g")
	ensure(t, db, "m", 4)
	vecs := map[int64][]float32{}
	for i, h := range hubCorpus() {
		id := append(append(append([]int64{}, hub...), f1...), f2...)[i]
		vecs[id] = h.Vector
	}
	put(t, db, "m", vecs)

	refresh := func() bool {
		var did bool
		inTx(t, db, func(tx *sql.Tx) (err error) {
			did, err = RefreshHubness(ctx, tx, "m")
			return err
		})
		return did
	}
	if !refresh() {
		t.Fatal("first refresh computed nothing")
	}
	got, err := HubBias(ctx, db, "m", append(append(append([]int64{}, hub...), f1...), f2...))
	if err != nil || len(got) != 7 {
		t.Fatalf("HubBias: %v %v", got, err)
	}
	if got[hub[0]] <= got[f1[0]] {
		t.Errorf("stored hub bias %.3f not above focused %.3f", got[hub[0]], got[f1[0]])
	}
	if refresh() {
		t.Error("an unchanged index recomputed the calibration")
	}
	// Another model's calibration is not used.
	if other, err := HubBias(ctx, db, "other", hub); err != nil || len(other) != 0 {
		t.Errorf("HubBias for another model: %v %v, want none", other, err)
	}
	// A new vector moves the fingerprint: recomputed, with the new section.
	f3 := addDoc(t, db, "f3", "h")
	put(t, db, "m", map[int64][]float32{f3[0]: {0, 1, 0, 0}})
	if !refresh() {
		t.Fatal("a new vector did not recompute the calibration")
	}
	if b, _ := HubBias(ctx, db, "m", f3); len(b) != 1 {
		t.Errorf("new section bias %v", b)
	}
	// A deleted section takes its bias with it.
	if _, err := db.Exec(`DELETE FROM sections WHERE id = ?`, f3[0]); err != nil {
		t.Fatal(err)
	}
	if b, _ := HubBias(ctx, db, "m", f3); len(b) != 0 {
		t.Errorf("deleted section still has bias %v", b)
	}
	if !refresh() {
		t.Error("a deleted section did not recompute the calibration")
	}
	// A new common component reprojects the vectors: recomputed.
	inTx(t, db, func(tx *sql.Tx) error { return SetComponent(ctx, tx, "m", unitVec(1, 0, 0, 0)) })
	if !refresh() {
		t.Error("a new component did not recompute the calibration")
	}
}
