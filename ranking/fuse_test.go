package ranking

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestScale(t *testing.T) {
	tests := []struct {
		name string
		in   map[string]Evidence
		want map[string]Scaled
	}{
		{
			name: "full text over the best, vector min-max over the documents it found",
			in: map[string]Evidence{
				"a": {Fulltext: 4, Vector: 0.9, HasVector: true},
				"b": {Fulltext: 2, Vector: 0.7, HasVector: true},
				"c": {Vector: 0.8, HasVector: true, Graph: 0.5},
				"d": {Fulltext: 1},
			},
			want: map[string]Scaled{
				"a": {Fulltext: 1, Vector: 1},
				"b": {Fulltext: 0.5, Vector: 0},
				"c": {Vector: 0.5, Graph: 0.5},
				"d": {Fulltext: 0.25},
			},
		},
		{
			name: "one vector hit scores 1 when positive",
			in:   map[string]Evidence{"a": {Vector: 0.4, HasVector: true}},
			want: map[string]Scaled{"a": {Vector: 1}},
		},
		{
			name: "graph is clamped to 0..1",
			in:   map[string]Evidence{"a": {Graph: 3}, "b": {Graph: -1}},
			want: map[string]Scaled{"a": {Graph: 1}, "b": {}},
		},
		{
			name: "latent min-max over the documents it scored, apart from the vector",
			in: map[string]Evidence{
				"a": {Fulltext: 2, Latent: 0.6, HasLatent: true},
				"b": {Fulltext: 1, Latent: 0.2, HasLatent: true, Vector: 0.3, HasVector: true},
				"c": {Fulltext: 1, Latent: 0.4, HasLatent: true},
				"d": {Fulltext: 1},
			},
			want: map[string]Scaled{
				"a": {Fulltext: 1, Latent: 1},
				"b": {Fulltext: 0.5, Vector: 1},
				"c": {Fulltext: 0.5, Latent: 0.5},
				"d": {Fulltext: 0.5},
			},
		},
		{
			name: "equal positive latent cosines all score 1, as the vector's do",
			in:   map[string]Evidence{"a": {Latent: 0.3, HasLatent: true}, "b": {Latent: 0.3, HasLatent: true}},
			want: map[string]Scaled{"a": {Latent: 1}, "b": {Latent: 1}},
		},
		{name: "empty", in: map[string]Evidence{}, want: map[string]Scaled{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Scale(tt.in)
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for k, w := range tt.want {
				g := got[k]
				if !near(g.Fulltext, w.Fulltext) || !near(g.Vector, w.Vector) || !near(g.Graph, w.Graph) || !near(g.Latent, w.Latent) {
					t.Errorf("%s: got %+v, want %+v", k, g, w)
				}
			}
		})
	}
}

func TestFuse(t *testing.T) {
	w := Weights{Vector: 0.2, Graph: 0.1, VectorShrink: 0.5, Latent: 0.4}
	tests := []struct {
		name string
		in   map[string]Evidence
		want map[string]float64
	}{
		{
			name: "full text leads; the vector weighs less when full text covered the query",
			in: map[string]Evidence{
				"a": {Fulltext: 2, Coverage: 1, Vector: 0.5, HasVector: true},
				"b": {Fulltext: 1, Vector: 0.9, HasVector: true},
			},
			// vector weight 0.2 × (1 − 0.5 × 1) = 0.1
			want: map[string]float64{"a": 1 / 1.1, "b": (0.5 + 0.1) / 1.1},
		},
		{
			name: "a weak full-text match lets the vector weigh fully",
			in: map[string]Evidence{
				"a": {Fulltext: 2, Coverage: 0, Vector: 0.5, HasVector: true},
				"b": {Fulltext: 1, Vector: 0.9, HasVector: true},
			},
			want: map[string]float64{"a": 1 / 1.2, "b": (0.5 + 0.2) / 1.2},
		},
		{
			name: "graph adds its weight times proximity; nothing at all scores nothing",
			in: map[string]Evidence{
				"a": {Fulltext: 1, Coverage: 1, Graph: 0.5},
				"b": {Graph: 0.5},
				"c": {},
			},
			want: map[string]float64{"a": 1.05 / 1.1, "b": 0.05 / 1.1},
		},
		{
			name: "the latent signal adds its weight, shrunk by the best coverage like the vector's",
			in: map[string]Evidence{
				"a": {Fulltext: 2, Coverage: 0.5, Latent: 0.1, HasLatent: true},
				"b": {Fulltext: 1.5, Latent: 0.5, HasLatent: true},
				"c": {Fulltext: 1, Latent: 0.3, HasLatent: true},
			},
			// latent weight 0.4 × (1 − 0.5 × 0.5) = 0.3
			want: map[string]float64{"a": 1 / 1.3, "b": (0.75 + 0.3) / 1.3, "c": (0.5 + 0.15) / 1.3},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Fuse(tt.in, w)
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for k, v := range tt.want {
				if !near(got[k], v) {
					t.Errorf("%s: got %v, want %v", k, got[k], v)
				}
			}
		})
	}
}

// Whatever the vector says, a document's fused score moves by at most the
// vector weight, so it cannot overturn a full-text lead larger than that.
func TestFuseBoundsTheVector(t *testing.T) {
	in := map[int]Evidence{
		1: {Fulltext: 10, Vector: 0, HasVector: true},
		2: {Fulltext: 6, Vector: 1, HasVector: true},
	}
	got := Fuse(in, DefaultWeights)
	if !(got[1] > got[2]) {
		t.Errorf("a 40%% full-text lead was overturned by the vector: %v", got)
	}
}

func TestProximity(t *testing.T) {
	tests := []struct {
		strength float64
		hops     int
		want     float64
	}{
		{1, 0, 0}, {1, 1, 0.5}, {1, 2, 1.0 / 3}, {0.6, 1, 0.3}, {0, 1, 0}, {-1, 1, 0},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.strength, " ", tt.hops), func(t *testing.T) {
			if got := Proximity(tt.strength, tt.hops); !near(got, tt.want) {
				t.Errorf("Proximity(%v, %d) = %v, want %v", tt.strength, tt.hops, got, tt.want)
			}
		})
	}
}

func TestRanksAndRRF(t *testing.T) {
	r := Ranks(map[string]float64{"a": 3, "b": 5, "c": 3, "d": 0}, strings.Compare)
	want := map[string]int{"b": 1, "a": 2, "c": 3}
	if len(r) != len(want) {
		t.Fatalf("Ranks = %v, want %v", r, want)
	}
	for k, v := range want {
		if r[k] != v {
			t.Errorf("rank of %s = %d, want %d", k, r[k], v)
		}
	}
	if got := RRF(60, 1, 0, 10); !near(got, 1.0/61+1.0/70) {
		t.Errorf("RRF = %v", got)
	}
	if RRF(60) != 0 {
		t.Error("no ranks, no score")
	}
}

// TestFuseRRFGraphOnlyBreaksTies: in reciprocal-rank fusion the content
// signals decide; graph proximity orders documents the content ranks tie
// on, and a document found only through links comes after every document
// found by content. Equal-weight RRF gave a linked page one hop from the
// best match (graph rank 1) as much as the best full-text match, which
// earns no graph credit from itself.
func TestFuseRRFGraphOnlyBreaksTies(t *testing.T) {
	tests := []struct {
		name          string
		higher, lower SignalRanks
	}{
		{"full text rank decides over graph",
			SignalRanks{Fulltext: 1},
			SignalRanks{Fulltext: 2, Graph: 1}},
		{"two signals over one with graph",
			SignalRanks{Fulltext: 3, Vector: 3},
			SignalRanks{Fulltext: 1, Graph: 1}},
		{"graph breaks a tie",
			SignalRanks{Fulltext: 4, Graph: 2},
			SignalRanks{Fulltext: 4, Graph: 3}},
		{"graph proximity breaks a tie, rank 0 last",
			SignalRanks{Vector: 7, Graph: 9},
			SignalRanks{Vector: 7}},
		{"content over links only",
			SignalRanks{Fulltext: 50},
			SignalRanks{Graph: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hi, lo := FuseRRF(60, tt.higher), FuseRRF(60, tt.lower)
			if !(hi > lo) {
				t.Errorf("FuseRRF(%+v) = %v, not above FuseRRF(%+v) = %v", tt.higher, hi, tt.lower, lo)
			}
		})
	}
	if got := FuseRRF(60, SignalRanks{Fulltext: 1, Vector: 10}); !near(got, 1.0/61+1.0/70) {
		t.Errorf("FuseRRF without graph = %v, want the content signals' RRF", got)
	}
	if got := FuseRRF(60, SignalRanks{Graph: 1}); got <= 0 {
		t.Errorf("a document found through links only scores %v, want above 0", got)
	}
	if FuseRRF(60, SignalRanks{}) != 0 {
		t.Error("no ranks, no score")
	}
}

func TestLevel(t *testing.T) {
	tests := []struct {
		coverage float64
		specific bool
		cosine   float64
		want     string
	}{
		{1, true, 0, MatchStrong},
		{0.75, true, 0, MatchStrong},
		{0.5, true, 0, MatchPartial},
		{0, false, 0.6, MatchPartial},
		{0.2, true, 0, MatchWeak},
		{0, false, 0.35, MatchWeak},
		{0, false, 0.1, MatchNone},
		{0, false, 0, MatchNone},
		// Common words only: weak by the words, whatever their share.
		{1, false, 0, MatchWeak},
		{0.5, false, 0, MatchWeak},
		{1, false, 0.35, MatchWeak},
		// A close meaning still counts.
		{1, false, 0.6, MatchPartial},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.coverage, " ", tt.specific, " ", tt.cosine), func(t *testing.T) {
			if got := Level(tt.coverage, tt.specific, tt.cosine); got != tt.want {
				t.Errorf("Level(%v, %v, %v) = %s, want %s", tt.coverage, tt.specific, tt.cosine, got, tt.want)
			}
		})
	}
}

func TestLatentApplies(t *testing.T) {
	for _, tt := range []struct {
		concepts int
		want     bool
	}{{0, false}, {3, false}, {LatentMinConcepts - 1, false}, {LatentMinConcepts, true}, {48, true}} {
		if got := LatentApplies(tt.concepts); got != tt.want {
			t.Errorf("LatentApplies(%d) = %v, want %v", tt.concepts, got, tt.want)
		}
	}
}

// TestRelated: a cosine says something of meaning from the weak match
// level's up (a reason said "similar in meaning (cosine 0.08)").
func TestRelated(t *testing.T) {
	for _, tc := range []struct {
		cosine float64
		want   bool
	}{{0, false}, {0.08, false}, {weakCosine - 0.001, false}, {weakCosine, true}, {0.7, true}} {
		if got := Related(tc.cosine); got != tc.want || Related(tc.cosine) != (Level(0, false, tc.cosine) != MatchNone) {
			t.Errorf("Related(%v) = %v, want %v (and as Level says)", tc.cosine, got, tc.want)
		}
	}
}
