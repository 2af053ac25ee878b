package main

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// TestTimedPeakIsTheChilds: the peak memory timed reports is the child's
// own, not the resident size of the process that started it. A parent
// holding 300 MB that runs a trivial program reads well under 300 MB (on
// Linux, rusage maxrss read at least the parent's resident size: exec
// carries it into the child's); a child that makes 100 MB resident itself
// (and exits from another goroutine than main's) reads at least that.
func TestTimedPeakIsTheChilds(t *testing.T) {
	trivial, err := exec.LookPath("true")
	if err != nil {
		t.Fatalf("this test runs the program true, which is not on PATH: %v", err)
	}
	const held = 300 << 20
	live := make([]byte, held)
	for i := 0; i < len(live); i += 4096 {
		live[i] = 1 // resident, not just reserved
	}
	for _, c := range []struct {
		name              string
		env, args         []string
		prog              string
		atLeastKB, upToKB int64
	}{
		{name: "trivial", prog: trivial, atLeastKB: 1, upToKB: held / 10 >> 10},
		{name: "100 MB", prog: os.Args[0], env: []string{peakChildEnv + "=1"}, args: []string{"-test.run=^TestPeakChild$"},
			atLeastKB: childHeld >> 10, upToKB: held >> 10},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := timed("", c.env, c.prog, c.args...)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("peak of %s: %d kB", c.name, r.rssKB)
			if r.rssKB < c.atLeastKB || r.rssKB > c.upToKB {
				t.Errorf("peak of %s while the parent holds %d MB: %d kB; want %d to %d kB", c.name, held>>20, r.rssKB, c.atLeastKB, c.upToKB)
			}
		})
	}
	runtime.KeepAlive(live)
}

const (
	peakChildEnv = "BENCHSCALE_PEAK_CHILD"
	childHeld    = 100 << 20
)

// TestPeakChild is the child of TestTimedPeakIsTheChilds that makes
// childHeld bytes resident and exits from a goroutine; run alone it does
// nothing.
func TestPeakChild(t *testing.T) {
	if os.Getenv(peakChildEnv) == "" {
		return
	}
	go func() {
		b := make([]byte, childHeld)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		runtime.KeepAlive(b)
		os.Exit(0)
	}()
	select {}
}
