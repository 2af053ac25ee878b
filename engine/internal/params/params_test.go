package params

import (
	"errors"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/index"
)

// wantParam checks that err is an *answer.ArgumentError naming param, or
// nil when param is "".
func wantParam(t *testing.T, err error, param string) {
	t.Helper()
	var ae *answer.ArgumentError
	switch {
	case param == "" && err != nil:
		t.Errorf("unexpected error %v", err)
	case param != "" && !errors.As(err, &ae):
		t.Errorf("error %v, want an ArgumentError on %s", err, param)
	case param != "" && ae.Param != param:
		t.Errorf("error on %s, want %s", ae.Param, param)
	}
}

func TestLimit(t *testing.T) {
	tests := []struct {
		name                       string
		limit, configured, def, mx int
		want                       int
		param                      string
	}{
		{"0 takes the configured default", 0, 7, 10, 50, 7, ""},
		{"0 without a configured default takes def", 0, 0, 10, 50, 10, ""},
		{"in range", 50, 7, 10, 50, 50, ""},
		{"above the bound", 51, 7, 10, 50, 0, "limit"},
		{"negative", -1, 7, 10, 50, 0, "limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Limit(tt.limit, tt.configured, tt.def, tt.mx)
			wantParam(t, err, tt.param)
			if got != tt.want {
				t.Errorf("Limit = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestDepth(t *testing.T) {
	tests := []struct {
		name  string
		depth int
		want  int
		param string
	}{
		{"0 takes the default", 0, 2, ""},
		{"at the bound", 3, 3, ""},
		{"above the bound", 4, 0, "depth"},
		{"negative", -1, 0, "depth"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Depth(tt.depth, 2, 3)
			wantParam(t, err, tt.param)
			if got != tt.want {
				t.Errorf("Depth = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestFusion(t *testing.T) {
	tests := []struct {
		name, opt, configured, want, param string
	}{
		{"nothing asked", "", "", FusionWeighted, ""},
		{"the configured mode", "", FusionRRF, FusionRRF, ""},
		{"the option over the configuration", FusionWeighted, FusionRRF, FusionWeighted, ""},
		{"unknown", "borda", "", "", "fusion"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Fusion(tt.opt, tt.configured)
			wantParam(t, err, tt.param)
			if got != tt.want {
				t.Errorf("Fusion = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestMinScore(t *testing.T) {
	tests := []struct {
		name  string
		score *float64
		want  float64
		param string
	}{
		{"none given takes the default", nil, 0.75, ""},
		{"0 is a score", ptr(0.0), 0, ""},
		{"in range", ptr(0.5), 0.5, ""},
		{"above 1", ptr(1.5), 0, "min_score"},
		{"negative", ptr(-0.1), 0, "min_score"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := MinScore(tt.score, 0.75)
			wantParam(t, err, tt.param)
			if got != tt.want {
				t.Errorf("MinScore = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestQueryAndTypes(t *testing.T) {
	tests := []struct {
		name  string
		err   error
		param string
	}{
		{"a query", Query("ranking"), ""},
		{"a blank query", Query(" \t"), "query"},
		{"every document type", DocType(""), ""},
		{"a known document type", DocType("design"), ""},
		{"an unknown document type", DocType("novel"), "doc_type"},
		{"known link types", LinkTypes([]index.LinkType{index.LinkDependsOn, index.LinkReferences}), ""},
		{"an unknown link type", LinkTypes([]index.LinkType{"cites"}), "link_types"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { wantParam(t, tt.err, tt.param) })
	}
}

func ptr(v float64) *float64 { return &v }
