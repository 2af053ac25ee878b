package main

import (
	"bytes"
	"context"
	"runtime/metrics"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine"
)

// gcMetric is the collector's setting named by a runtime/metrics name.
func gcMetric(t *testing.T, name string) uint64 {
	t.Helper()
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		t.Fatalf("metric %s: kind %v", name, s[0].Value.Kind())
	}
	return s[0].Value.Uint64()
}

// gcTarget is the collector's current GOGC percentage.
func gcTarget(t *testing.T) int { return int(gcMetric(t, "/gc/gogc:percent")) }

// gcLimit is the collector's current soft memory limit (GOMEMLIMIT).
func gcLimit(t *testing.T) uint64 { return gcMetric(t, "/gc/gomemlimit:bytes") }

// A read command is a short process whose heap stays small (about 10 MB
// for status at 10,000 documents): it answers with the collector at
// GOGC=400 (at the default 100, status collected 7 to 10 times, 26 to
// 50 ms of CPU) under a soft memory limit of 256 MiB, so that a heap that
// does grow stays bounded, and leaves the previous target and limit
// afterwards. ubp index, and a read command's own indexing, keep the
// default; so does every command when GOGC or GOMEMLIMIT is set.
func TestReadCommandsCollectLessOften(t *testing.T) {
	root := taskflowProject(t)
	ctx := context.Background()
	before, beforeLimit := gcTarget(t), gcLimit(t)
	tests := []struct {
		name       string
		mode       freshMode
		gogc       string
		gomemlimit string
		want       int
		wantLimit  uint64
	}{
		{"read command", freshCheck, "", "", 400, readMemoryLimit},
		{"index", freshNone, "", "", before, beforeLimit},
		{"read command under GOGC", freshCheck, "150", "", before, beforeLimit},
		{"read command under GOMEMLIMIT", freshCheck, "", "1GiB", before, beforeLimit},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOGC", tc.gogc) // "": as if unset
			t.Setenv("GOMEMLIMIT", tc.gomemlimit)
			var out, errOut bytes.Buffer
			a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, dir: root, quiet: true}
			got, gotLimit := 0, uint64(0)
			err := a.withEngineMode(ctx, tc.mode, func(*engine.Engine) error {
				got, gotLimit = gcTarget(t), gcLimit(t)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("GOGC during the command %d, want %d", got, tc.want)
			}
			if gotLimit != tc.wantLimit {
				t.Errorf("memory limit during the command %d, want %d", gotLimit, tc.wantLimit)
			}
			if after := gcTarget(t); after != before {
				t.Errorf("GOGC after the command %d, want %d as before", after, before)
			}
			if after := gcLimit(t); after != beforeLimit {
				t.Errorf("memory limit after the command %d, want %d as before", after, beforeLimit)
			}
		})
	}
}
