package main

import (
	"encoding/json"
	"runtime/debug"
	"testing"
)

// A `go install module@v1.2.3` build has no ldflags: the version comes from
// the build info. make build's ldflags win.
func TestVersionFrom(t *testing.T) {
	withMain := func(v string) *debug.BuildInfo {
		return &debug.BuildInfo{Main: debug.Module{Path: "github.com/ubp-dev/ubp", Version: v}}
	}
	tests := []struct {
		name    string
		ldflags string
		bi      *debug.BuildInfo
		ok      bool
		want    string
	}{
		{"go install", "dev", withMain("v1.2.3"), true, "v1.2.3"},
		{"pseudo-version", "dev", withMain("v0.0.0-20261123120000-abcdef123456"), true, "v0.0.0-20261123120000-abcdef123456"},
		{"make build", "v0.4.0-3-gabc", withMain("v1.2.3"), true, "v0.4.0-3-gabc"},
		{"go build in the work tree", "dev", withMain("(devel)"), true, "dev"},
		{"no build info", "dev", nil, false, "dev"},
		{"empty ldflags", "", withMain("v2.0.0"), true, "v2.0.0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := versionFrom(tc.ldflags, tc.bi, tc.ok); got != tc.want {
				t.Errorf("versionFrom(%q, %v) = %q, want %q", tc.ldflags, tc.bi, got, tc.want)
			}
		})
	}
}

// `ubp version`, `ubp --version` and the SARIF tool version all report
// buildVersion.
func TestVersionCommand(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, stdout, stderr := runCLI(t, dir, args...)
		if code != 0 || stderr != "" {
			t.Fatalf("ubp %v: exit %d, stderr %s", args, code, stderr)
		}
		// The same line either way, as the help says.
		if want := "ubp " + buildVersion() + "\n"; stdout != want {
			t.Errorf("ubp %v printed %q, want %q", args, stdout, want)
		}
	}
}

// The SARIF report names the same version as `ubp version`.
func TestSARIFToolVersion(t *testing.T) {
	root := taskflowProject(t)
	code, stdout, stderr := runCLI(t, root, "stale", "--baseline", "index", "--format", "sarif")
	if code != 0 {
		t.Fatalf("stale: exit %d: %s", code, stderr)
	}
	var sarif struct {
		Runs []struct {
			Tool struct {
				Driver struct{ Name, Version string }
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &sarif); err != nil {
		t.Fatal(err)
	}
	if len(sarif.Runs) != 1 || sarif.Runs[0].Tool.Driver.Version != buildVersion() {
		t.Errorf("SARIF tool version %+v, want %q", sarif.Runs, buildVersion())
	}
}
