package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWriteKeepsOtherSizesAndNotes: a run replaces its own size's section
// only; other sizes and the hand-written notes stay.
func TestWriteKeepsOtherSizesAndNotes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.md")
	mk := func(size int, init time.Duration) *results {
		return &results{size: size, runs: 1, initRuns: 1, machine: "test machine", started: time.Unix(0, 0),
			ubp: tool{init: durations{init}, cpu: map[*durations]durations{}}, qmd: tool{cpu: map[*durations]durations{}}}
	}
	if err := mk(10000, 30*time.Second).write(path); err != nil {
		t.Fatal(err)
	}
	if err := mk(1000, 3*time.Second).write(path); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	notes := "<!-- notes -->\n## Notes\n\nA profile.\n"
	if err := os.WriteFile(path, append(data, []byte("\n"+notes)...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := mk(10000, 20*time.Second).write(path); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	text := string(got)
	for _, want := range []string{"## 1000 documents", "## 10000 documents", "| 3.00 s |", "| 20.0 s |", notes} {
		if !strings.Contains(text, want) {
			t.Errorf("results lack %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "| 30.0 s |") {
		t.Error("the old 10,000 figures were kept")
	}
	if strings.Index(text, "## 1000 documents") > strings.Index(text, "## 10000 documents") {
		t.Error("sizes out of order")
	}
}

func TestDurations(t *testing.T) {
	d := durations{5, 1, 4, 2, 3}
	if d.median() != 3 || d.pct(95) != 5 || d.pct(50) != 3 || (durations{1, 2}).median() != 1 || (durations{}).median() != 0 {
		t.Errorf("median %v p95 %v", d.median(), d.pct(95))
	}
}

// TestSectionShowsFirstTimeSearches: the first-time search row appears
// when the first pass was measured, so a warm server's caches cannot hide
// what a query costs the first time.
func TestSectionShowsFirstTimeSearches(t *testing.T) {
	tests := []struct {
		name  string
		first durations
		want  string
	}{
		{"measured", durations{40 * time.Millisecond, 60 * time.Millisecond, 50 * time.Millisecond},
			"| `ubp_search` p50 / p95, each query's first time | | 50 ms / 60 ms |"},
		{"not measured", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &results{size: 10, runs: 1, initRuns: 1, machine: "test machine", started: time.Unix(0, 0),
				ubp: tool{searchFirst: tt.first, cpu: map[*durations]durations{}}, qmd: tool{cpu: map[*durations]durations{}}}
			text := r.section()
			has := strings.Contains(text, "each query's first time")
			if tt.want == "" && has {
				t.Errorf("a row for a measure not taken:\n%s", text)
			}
			if tt.want != "" && !strings.Contains(text, tt.want) {
				t.Errorf("section lacks %q:\n%s", tt.want, text)
			}
		})
	}
}

// TestVersionText: the header names ubp once ("ubp ubp e929989" was
// written when ubp --version stopped saying "version").
func TestVersionText(t *testing.T) {
	for _, tc := range []struct{ out, want string }{
		{"ubp e929989\n", "e929989"},
		{"ubp version 66586e3-dirty\n", "66586e3-dirty"},
		{"e929989", "e929989"},
	} {
		if got := versionText(tc.out); got != tc.want {
			t.Errorf("versionText(%q) = %q, want %q", tc.out, got, tc.want)
		}
	}
}
