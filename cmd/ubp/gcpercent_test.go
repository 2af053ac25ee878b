package main

import (
	"bytes"
	"context"
	"runtime/metrics"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine"
)

// gcTarget is the collector's current GOGC percentage.
func gcTarget(t *testing.T) int {
	t.Helper()
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		t.Fatalf("metric /gc/gogc:percent: kind %v", s[0].Value.Kind())
	}
	return int(s[0].Value.Uint64())
}

// A read command is a short process whose heap stays small (about 10 MB
// for status at 10,000 documents): it answers with the collector at
// GOGC=400 (at the default 100, status collected 7 to 10 times, 26 to
// 50 ms of CPU), and leaves the previous target afterwards. ubp index,
// and a read command's own indexing, keep the default; so does every
// command when GOGC is set.
func TestReadCommandsCollectLessOften(t *testing.T) {
	root := taskflowProject(t)
	ctx := context.Background()
	before := gcTarget(t)
	tests := []struct {
		name string
		mode freshMode
		gogc string
		want int
	}{
		{"read command", freshCheck, "", 400},
		{"index", freshNone, "", before},
		{"read command under GOGC", freshCheck, "150", before},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOGC", tc.gogc) // "": as if unset
			var out, errOut bytes.Buffer
			a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, dir: root, quiet: true}
			got := 0
			err := a.withEngineMode(ctx, tc.mode, func(*engine.Engine) error {
				got = gcTarget(t)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("GOGC during the command %d, want %d", got, tc.want)
			}
			if after := gcTarget(t); after != before {
				t.Errorf("GOGC after the command %d, want %d as before", after, before)
			}
		})
	}
}
