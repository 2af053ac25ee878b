package stale

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestMonorepoPaths: a project in svc/ of a repository reports document
// paths from the git root in JSON and SARIF (code scanning resolves them
// there), and text and Markdown say so; under both baselines.
func TestMonorepoPaths(t *testing.T) {
	r := newTestRepo(t)
	r.write("svc/code.txt", "v1\n")
	r.write("svc/docs/d.md", "doc\n")
	r.write("README.md", "top\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("svc/code.txt", "v2\n")
	r.commit("2026-01-02T00:00:00Z", "Bo Chen", "change")
	in := DocInput{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs("code.txt", "missing.txt")}

	for _, baseline := range []string{BaselineGit, BaselineIndex} {
		t.Run(baseline, func(t *testing.T) {
			in := in
			in.Baselines = map[string]Fingerprint{}
			rep, err := Check(context.Background(), Options{Root: r.path("svc"), Baseline: baseline, Now: mustTime(t, "2026-01-20T00:00:00Z")}, []DocInput{in})
			if err != nil {
				t.Fatal(err)
			}
			if rep.PathsFrom != RootGit || rep.ProjectPrefix != "svc/" || rep.Documents[0].RepoPath != "svc/docs/d.md" || rep.Documents[0].Filepath != "d.md" {
				t.Fatalf("paths: from %q prefix %q doc %+v", rep.PathsFrom, rep.ProjectPrefix, rep.Documents[0])
			}
			// Triage details under both baselines: the first commit that
			// changed code.txt after the baseline, and how many did.
			wantSubject, wantCommits := "change", 1
			if baseline == BaselineIndex { // no recorded fingerprint: every commit is after it
				wantSubject, wantCommits = "init", 2
			}
			if ref := rep.Documents[0].Refs[0]; ref.Subject != wantSubject || ref.Commits != wantCommits {
				t.Errorf("triage: %+v, want subject %q and %d commits", ref, wantSubject, wantCommits)
			}

			var js struct {
				PathsFrom string `json:"paths_from"`
				Documents []struct {
					RepoPath string `json:"repo_path"`
				} `json:"documents"`
			}
			if err := json.Unmarshal(render(t, WriteJSON, rep, PossiblyStale), &js); err != nil {
				t.Fatal(err)
			}
			if js.PathsFrom != RootGit || len(js.Documents) != 1 || js.Documents[0].RepoPath != "svc/docs/d.md" {
				t.Errorf("json: %+v", js)
			}

			var sarif struct {
				Runs []struct {
					Results []struct {
						Locations []struct {
							PhysicalLocation struct {
								ArtifactLocation struct {
									URI string `json:"uri"`
								} `json:"artifactLocation"`
							} `json:"physicalLocation"`
						} `json:"locations"`
					} `json:"results"`
				} `json:"runs"`
			}
			if err := json.Unmarshal(render(t, WriteSARIF, rep, PossiblyStale), &sarif); err != nil {
				t.Fatal(err)
			}
			if res := sarif.Runs[0].Results; len(res) == 0 || res[0].Locations[0].PhysicalLocation.ArtifactLocation.URI != "svc/docs/d.md" {
				t.Errorf("sarif results: %+v", res)
			}

			if baseline == BaselineGit {
				golden(t, "monorepo.txt.golden", render(t, WriteText, rep, PossiblyStale))
				golden(t, "monorepo.md.golden", render(t, WriteMarkdown, rep, PossiblyStale))
				golden(t, "monorepo.json.golden", render(t, WriteJSON, rep, PossiblyStale))
				golden(t, "monorepo.sarif.golden", render(t, WriteSARIF, rep, PossiblyStale))
			}
			for name, out := range map[string][]byte{
				"text":     render(t, WriteText, rep, PossiblyStale),
				"markdown": render(t, WriteMarkdown, rep, PossiblyStale),
			} {
				if !bytes.Contains(out, []byte("paths from the git root (project in svc/)")) || !bytes.Contains(out, []byte("svc/docs/d.md")) {
					t.Errorf("%s does not say which root its paths start from:\n%s", name, out)
				}
			}
		})
	}

	// Outside git, paths start from the project root and the reports say so.
	dir := t.TempDir()
	rep, err := Check(context.Background(), Options{Root: dir, Baseline: BaselineIndex, Now: mustTime(t, "2026-01-20T00:00:00Z")},
		[]DocInput{{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs("x.txt")}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.PathsFrom != RootProject || rep.Documents[0].RepoPath != "docs/d.md" ||
		!bytes.Contains(render(t, WriteText, rep, PossiblyStale), []byte("paths from the project root")) {
		t.Errorf("outside git: %q %+v", rep.PathsFrom, rep.Documents[0])
	}
}

// TestShallowCloneSummary: documents whose last commit a shallow clone
// hides give one summary warning, not one each, and the report is
// incomplete: --exit-code cannot pass (2) unless something is stale (1).
func TestShallowCloneSummary(t *testing.T) {
	r := newTestRepo(t)
	for _, d := range []string{"a", "b", "c"} {
		r.write("docs/"+d+".md", d+"\n")
	}
	r.write("code.txt", "v1\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("other.txt", "v1\n")
	r.commit("2026-01-02T00:00:00Z", "Bo Chen", "other")
	clone := filepath.Join(t.TempDir(), "clone")
	r.gitIn(r.dir, gitEnv(), "clone", "-q", "--depth", "1", "file://"+r.dir, clone)

	var docs []DocInput
	for _, d := range []string{"a", "b", "c"} {
		docs = append(docs, DocInput{Filepath: d + ".md", RepoPath: "docs/" + d + ".md", Refs: refs("code.txt")})
	}
	rep, err := Check(context.Background(), Options{Root: clone, Baseline: BaselineGit, Now: mustTime(t, "2026-01-20T00:00:00Z")}, docs)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Warnings) != 1 || rep.Warnings[0].File != "" || !strings.Contains(rep.Warnings[0].Message, "3 of 3 documents") || !strings.Contains(rep.Warnings[0].Message, "fetch-depth: 0") {
		t.Errorf("warnings: %v", rep.Warnings)
	}
	if !rep.Incomplete || rep.HasAtOrAbove(PossiblyStale) || rep.ExitCode(PossiblyStale) != 2 {
		t.Errorf("incomplete %v, exit code %d, counts %v: a clean shallow report must not pass", rep.Incomplete, rep.ExitCode(PossiblyStale), rep.Counts)
	}
	if !bytes.Contains(render(t, WriteJSON, rep, PossiblyStale), []byte(`"incomplete": true`)) {
		t.Error("JSON does not say the report is incomplete")
	}
	golden(t, "shallow.txt.golden", render(t, WriteText, rep, PossiblyStale))
	golden(t, "shallow.md.golden", render(t, WriteMarkdown, rep, PossiblyStale))
	golden(t, "shallow.json.golden", render(t, WriteJSON, rep, PossiblyStale))
	// Something stale is certain even in a shallow clone: 1.
	rep.Documents[0].Level = Stale
	if rep.ExitCode(PossiblyStale) != 1 {
		t.Errorf("stale and incomplete: exit code %d, want 1", rep.ExitCode(PossiblyStale))
	}
	// The full history: complete, exit 0.
	full, err := Check(context.Background(), Options{Root: r.dir, Baseline: BaselineGit, Now: mustTime(t, "2026-01-20T00:00:00Z")}, docs)
	if err != nil {
		t.Fatal(err)
	}
	if full.Incomplete || len(full.Warnings) != 0 || full.ExitCode(PossiblyStale) != 0 {
		t.Errorf("full clone: incomplete %v warnings %v", full.Incomplete, full.Warnings)
	}
}

// TestTriageDetails: a changed ref carries the subject of the commit that
// changed it first and how many commits touched it since the document; a
// reviewed: date of tomorrow (today east of UTC) counts with a warning, one
// further ahead (a typo) is ignored with a warning.
func TestTriageDetails(t *testing.T) {
	r := newTestRepo(t)
	r.write("code.txt", "v1\n")
	r.write("doc.md", "doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("code.txt", "v2\n")
	first := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "parser: accept tabs\n\nLong body.")
	r.write("code.txt", "v3\n")
	r.commit("2026-01-03T00:00:00Z", "Bo Chen", "parser: reject NUL")
	r.write("code.txt", "v4\n")
	r.commit("2026-01-04T00:00:00Z", "Cy Diaz", "parser: speed")

	rep, err := Check(context.Background(), Options{Root: r.dir, Baseline: BaselineGit, Now: mustTime(t, "2026-01-20T00:00:00Z")},
		[]DocInput{{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt"), Reviewed: "2026-01-21"}})
	if err != nil {
		t.Fatal(err)
	}
	ref := rep.Documents[0].Refs[0]
	// Tomorrow's date counts (commits up to it are confirmed) but warns.
	if ref.Level != Fresh {
		t.Errorf("reviewed tomorrow: %+v", ref)
	}
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0].Message, "reviewed: 2026-01-21 is tomorrow") || rep.Warnings[0].File != "doc.md" {
		t.Errorf("warnings: %v", rep.Warnings)
	}
	// A date further ahead is a typo: ignored, so the change shows.
	rep, err = Check(context.Background(), Options{Root: r.dir, Baseline: BaselineGit, Now: mustTime(t, "2026-01-20T00:00:00Z")},
		[]DocInput{{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt"), Reviewed: "2062-01-20"}})
	if err != nil {
		t.Fatal(err)
	}
	if ref := rep.Documents[0].Refs[0]; ref.Level != Stale {
		t.Errorf("reviewed in 2062: %+v, want stale", ref)
	}
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0].Message, "reviewed: 2062-01-20 is in the future (today is 2026-01-20), so it is ignored") {
		t.Errorf("warnings: %v", rep.Warnings)
	}

	rep, err = Check(context.Background(), Options{Root: r.dir, Baseline: BaselineGit, Now: mustTime(t, "2026-01-20T00:00:00Z")},
		[]DocInput{{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt")}})
	if err != nil {
		t.Fatal(err)
	}
	ref = rep.Documents[0].Refs[0]
	if ref.Commit != first || ref.Subject != "parser: accept tabs" || ref.Commits != 3 {
		t.Errorf("triage: %+v", ref)
	}
	text := render(t, WriteText, rep, PossiblyStale)
	if !bytes.Contains(text, []byte(`"parser: accept tabs" by Bo Chen, 2026-01-02 (18 days ago), 3 commits since`)) {
		t.Errorf("text:\n%s", text)
	}
	if md := render(t, WriteMarkdown, rep, PossiblyStale); !bytes.Contains(md, []byte("parser: accept tabs | Bo Chen | 2026-01-02 (18 days ago) | 3 |")) {
		t.Errorf("markdown:\n%s", md)
	}
	// Long subjects are cut in text and Markdown, whole in JSON.
	long := strings.Repeat("very long subject ", 10)
	if got := shortSubject(long); len([]rune(got)) != maxSubjectRunes || !strings.HasSuffix(got, "…") {
		t.Errorf("shortSubject: %q", got)
	}
}
