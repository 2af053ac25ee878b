package stale

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/ubp-dev/ubp/index"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (go test -update rewrites it):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func fixtureReport(t *testing.T) Report {
	t.Helper()
	f := newFixture(t)
	rep, err := Check(context.Background(), Options{Root: f.repo.dir, Baseline: BaselineGit, Now: f.now}, f.docs)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func render(t *testing.T, write func(io.Writer, Report, Level) error, r Report, threshold Level) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := write(&b, r, threshold); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestReportGolden renders the fixture (every level and reason, fixed
// dates and commits) in each format.
func TestReportGolden(t *testing.T) {
	rep := fixtureReport(t)
	golden(t, "report.txt.golden", render(t, WriteText, rep, PossiblyStale))
	golden(t, "report-stale.txt.golden", render(t, WriteText, rep, Stale))
	golden(t, "report.json.golden", render(t, WriteJSON, rep, PossiblyStale))
	golden(t, "report.md.golden", render(t, WriteMarkdown, rep, PossiblyStale))
	golden(t, "report.sarif.golden", render(t, WriteSARIF, rep, PossiblyStale))

	// Nothing at or above the level: the reports say so.
	clean := Report{Baseline: BaselineIndex, GeneratedAt: rep.GeneratedAt, ThresholdDays: 7,
		Documents: []DocResult{{Filepath: "a.md", RepoPath: "docs/a.md", Title: "A", Level: Fresh, Refs: []RefResult{{Ref: "a.go", Line: 4, Level: Fresh}}}},
		Counts:    map[Level]int{Fresh: 1, PossiblyStale: 0, Stale: 0, Untracked: 0}}
	golden(t, "clean.txt.golden", render(t, WriteText, clean, PossiblyStale))
	golden(t, "clean.md.golden", render(t, WriteMarkdown, clean, PossiblyStale))
	golden(t, "clean.json.golden", render(t, WriteJSON, clean, PossiblyStale))
}

// loadSARIFSchema reads the SARIF 2.1.0 schema shipped with Microsoft's
// SARIF Multitool (see testdata/README.md).
func loadSARIFSchema(t *testing.T) *jsonschema.Resolved {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("parse the SARIF schema: %v", err)
	}
	rs, err := s.Resolve(nil)
	if err != nil {
		t.Fatalf("resolve the SARIF schema: %v", err)
	}
	return rs
}

func validateSARIF(t *testing.T, rs *jsonschema.Resolved, out []byte) error {
	t.Helper()
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("SARIF output is not JSON: %v", err)
	}
	return rs.Validate(v)
}

func TestSARIFSchema(t *testing.T) {
	rs := loadSARIFSchema(t)
	rep := fixtureReport(t)
	for _, min := range []Level{PossiblyStale, Stale} {
		t.Run(string(min), func(t *testing.T) {
			out := render(t, WriteSARIF, rep, min)
			if err := validateSARIF(t, rs, out); err != nil {
				t.Errorf("min %s: SARIF output fails the 2.1.0 schema: %v", min, err)
			}
		})
	}
	if err := validateSARIF(t, rs, render(t, WriteSARIF, Report{GeneratedAt: rep.GeneratedAt}, Stale)); err != nil {
		t.Errorf("empty report: %v", err)
	}
	// The check has teeth: a result without a message is refused.
	broken := bytes.Replace(render(t, WriteSARIF, rep, Stale), []byte(`"message"`), []byte(`"massage"`), 1)
	if err := validateSARIF(t, rs, broken); err == nil {
		t.Error("the schema accepted a result without a message")
	}

	// One result per changed ref at or above the level, at its line in the
	// document, with a rule per reason.
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string }
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Level     string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(render(t, WriteSARIF, rep, PossiblyStale), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Results) != 10 {
		t.Errorf("%d results, want 10 (one per changed ref)", len(run.Results))
	}
	seen := map[string]bool{}
	for _, res := range run.Results {
		if run.Tool.Driver.Rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %s points at rule %d", res.RuleID, res.RuleIndex)
		}
		loc := res.Locations[0].PhysicalLocation
		if !strings.HasPrefix(loc.ArtifactLocation.URI, "docs/") || loc.Region.StartLine < 4 {
			t.Errorf("location %+v", loc)
		}
		seen[res.RuleID+"/"+res.Level] = true
	}
	for _, want := range []string{"ubp/source-ref-modified/warning", "ubp/source-ref-modified/note", "ubp/source-ref-deleted/warning", "ubp/source-ref-not-found/warning"} {
		if !seen[want] {
			t.Errorf("no result %s", want)
		}
	}
}

func TestMarkdownEscaping(t *testing.T) {
	for in, want := range map[string]string{
		"a|b":         "`a|b`",
		"has `tick`":  "`` has `tick` ``",
		"`edge":       "`` `edge ``",
		"two\nlines":  "`two lines`",
		"src/**/*.go": "`src/**/*.go`",
	} {
		if got := mdCode(in); got != want {
			t.Errorf("mdCode(%q) = %q, want %q", in, got, want)
		}
	}
	if got := mdText("<b>*x*</b> | [l](u) _y_ #1 & \\"); got != `&lt;b&gt;\*x\*&lt;/b&gt; \| \[l\](u) \_y\_ \#1 &amp; \\` {
		t.Errorf("mdText: %q", got)
	}
	if got := mdCell("`a|b`"); got != "`a\\|b`" {
		t.Errorf("mdCell: %q", got)
	}
}

func TestAgeAndLevels(t *testing.T) {
	now := mustTime(t, fixtureNow)
	for d, want := range map[time.Duration]string{
		-time.Hour: "less than a day ago", 23 * time.Hour: "less than a day ago",
		24 * time.Hour: "1 day ago", 49 * time.Hour: "2 days ago",
	} {
		if got := age(now, now.Add(-d)); got != want {
			t.Errorf("age %v: %q, want %q", d, got, want)
		}
	}
	for _, s := range []string{"fresh", "possibly_stale", "stale", "untracked"} {
		if l, err := ParseLevel(s); err != nil || string(l) != s {
			t.Errorf("ParseLevel(%q) = %q, %v", s, l, err)
		}
	}
	if _, err := ParseLevel("rotten"); err == nil {
		t.Error("ParseLevel accepted rotten")
	}
	r := Report{Documents: []DocResult{{Filepath: "u", Level: Untracked}, {Filepath: "f", Level: Fresh}, {Filepath: "p", Level: PossiblyStale}, {Filepath: "s", Level: Stale}}}
	for min, want := range map[Level]int{Stale: 1, PossiblyStale: 2, Fresh: 3, Untracked: 4} {
		if got := len(r.AtOrAbove(min)); got != want || r.HasAtOrAbove(min) != (want > 0) {
			t.Errorf("AtOrAbove(%s) = %d, want %d", min, got, want)
		}
	}
	if (Report{Documents: []DocResult{{Level: Fresh}}}).HasAtOrAbove(PossiblyStale) {
		t.Error("a fresh report has something at or above possibly_stale")
	}
}

// TestProjectWarningsHaveNoEmptyLocation: a warning about the whole
// project (a shallow clone, an index baseline recorded just now) names no
// file. Until 2026-11-27 text printed it as ": message" (or ".: message"),
// Markdown as an empty code span and JSON with "file": "" (or "."); now
// text and Markdown print the message alone and JSON leaves file out.
func TestProjectWarningsHaveNoEmptyLocation(t *testing.T) {
	now := mustTime(t, fixtureNow)
	rep := Report{Baseline: BaselineIndex, GeneratedAt: now, ThresholdDays: 7, Counts: map[Level]int{},
		Warnings: []index.Warning{{Message: "about the project"}, {File: ".", Message: "about the root"}, {File: "docs/a.md", Line: 3, Message: "about a"}}}
	text := string(render(t, WriteText, rep, PossiblyStale))
	for _, want := range []string{"\n  about the project\n", "\n  about the root\n", "\n  docs/a.md:3: about a\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("text does not hold %q:\n%s", want, text)
		}
	}
	md := string(render(t, WriteMarkdown, rep, PossiblyStale))
	for _, want := range []string{"\n- about the project\n", "\n- about the root\n", "\n- `docs/a.md:3`: about a\n"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown does not hold %q:\n%s", want, md)
		}
	}
	var out struct{ Warnings []map[string]any }
	if err := json.Unmarshal(render(t, WriteJSON, rep, PossiblyStale), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Warnings) != 3 {
		t.Fatalf("JSON warnings: %v", out.Warnings)
	}
	for i, w := range out.Warnings[:2] {
		if f, ok := w["file"]; ok {
			t.Errorf("JSON warning %d has file %q; a project warning has none", i, f)
		}
	}
	if w := out.Warnings[2]; w["file"] != "docs/a.md" || w["line"] != 3.0 {
		t.Errorf("JSON document warning: %v", w)
	}
}
