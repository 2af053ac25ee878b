package query

import (
	"strings"
	"testing"
)

func TestStem(t *testing.T) {
	tests := []struct{ in, want string }{
		{"staleness", "stale"},
		{"freshness", "fresh"},
		{"detection", "detect"},
		{"detections", "detect"},
		{"expression", "express"},
		{"configuration", "configurat"},
		{"monitoring", "monitor"},
		{"embedding", "embed"},
		{"embeddings", "embed"},
		{"ranking", "rank"},
		{"changed", "chang"},
		{"change", "chang"},
		{"queries", "quer"},
		{"indexes", "index"},
		{"matches", "match"},
		{"similarity", "similar"},
		{"management", "manage"},
		{"weights", "weight"},
		{"automatically", "automatic"},
		{"usually", "usual"},
		{"monthly", "month"},
		{"computerized", "computer"},
		{"normalize", "normal"},
		{"descriptive", "descript"},
		{"relevance", "relev"},
		{"dependence", "depend"},
		{"statistical", "statistic"},
		{"retrieval", "retriev"},
		{"builder", "build"},
		{"powerful", "power"},
		{"mechanism", "mechan"},
		{"specialist", "special"},
		{"user", "user"},     // the stem would be too short
		{"server", "server"}, // likewise
		{"only", "only"},     // likewise
		{"early", "early"},   // likewise
		// Kept: the stem would be too short or the ending is not a suffix.
		{"question", "question"}, // "quest" would match "request"
		{"version", "version"},
		{"section", "section"},
		{"document", "document"},
		{"quality", "quality"},
		{"status", "status"},
		{"class", "class"},
		{"analysis", "analysis"},
		{"install", "install"},
		{"docs", "docs"},
		{"using", "using"},
		{"stale", "stale"},
		{"file", "file"},
		// Identifiers are kept as written.
		{"sqlite-vec", "sqlite-vec"},
		{"config.search", "config.search"},
		{"utf8", "utf8"},
		{"検索", "検索"},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := Stem(tt.in); got != tt.want {
				t.Errorf("Stem(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if !strings.HasPrefix(tt.in, Stem(tt.in)) {
				t.Errorf("Stem(%q) = %q is not a prefix of the word", tt.in, Stem(tt.in))
			}
		})
	}
}

// FuzzStem checks that a stem is always a non-empty prefix of its word, so
// a substring search for the stem finds the word.
func FuzzStem(f *testing.F) {
	for _, s := range []string{"staleness", "embedding", "queries", "ssss", "ing", "eed"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, w string) {
		s := Stem(w)
		if !strings.HasPrefix(w, s) {
			t.Fatalf("Stem(%q) = %q, not a prefix", w, s)
		}
		if w != "" && s == "" {
			t.Fatalf("Stem(%q) is empty", w)
		}
		if s != w && len(s) < minStem {
			t.Fatalf("Stem(%q) = %q is shorter than %d", w, s, minStem)
		}
	})
}

func TestHasWordStart(t *testing.T) {
	tests := []struct {
		text, term string
		want       bool
	}{
		{"an old page", "old", true},
		{"the threshold", "old", false},
		{"Older docs", "old", true},
		{"OLD", "old", true},
		{"古いold", "old", true},
		{"possibly_stale", "stale", false},
		{"stale.", "stale", true},
		{"thresh-old", "old", true},
		{"research then search", "search", true},
		{"research", "search", false},
		{"", "old", false},
		{"old", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.text+" / "+tt.term, func(t *testing.T) {
			if got := HasWordStart(tt.text, tt.term); got != tt.want {
				t.Errorf("HasWordStart(%q, %q) = %v, want %v", tt.text, tt.term, got, tt.want)
			}
		})
	}
}
