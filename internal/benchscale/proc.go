package main

import (
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"
)

// run is one whole process: its wall time, CPU time (user + system),
// its own peak resident memory (waitMeasured) and what it wrote.
type run struct {
	wall, cpu time.Duration
	rssKB     int64
	stdout    string
}

// usage is what waitMeasured reads of a process that ended.
type usage struct {
	cpu    time.Duration
	peakKB int64
}

// timed runs name args in dir with env added to the environment, and
// fails when the process fails.
func timed(dir string, env []string, name string, args ...string) (run, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	// Files, not buffers: waitMeasured may wait for the process itself,
	// without os/exec's copying of its output.
	out, err := os.CreateTemp("", "benchscale-stdout-")
	if err != nil {
		return run{}, err
	}
	defer func() { _ = out.Close(); _ = os.Remove(out.Name()) }()
	errf, err := os.CreateTemp("", "benchscale-stderr-")
	if err != nil {
		return run{}, err
	}
	defer func() { _ = errf.Close(); _ = os.Remove(errf.Name()) }()
	cmd.Stdout, cmd.Stderr = out, errf
	start := time.Now()
	u, err := waitMeasured(cmd)
	r := run{wall: time.Since(start), cpu: u.cpu, rssKB: u.peakKB}
	stdout, rerr := os.ReadFile(out.Name())
	if rerr != nil {
		return r, fmt.Errorf("read the output of %s: %w", name, rerr)
	}
	r.stdout = string(stdout)
	if err != nil {
		stderr, _ := os.ReadFile(errf.Name())
		return r, fmt.Errorf("%s %s: %w\n%s", name, strings.Join(args, " "), err, tail(string(stderr), 2000))
	}
	return r, nil
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// peakRSSKB is the peak resident set (VmHWM) of a running process.
func peakRSSKB(pid int) (int64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb int64
			_, err := fmt.Sscanf(strings.TrimSpace(v), "%d kB", &kb)
			return kb, err
		}
	}
	return 0, fmt.Errorf("no VmHWM in /proc/%d/status", pid)
}

// durations is a sample of timings.
type durations []time.Duration

func (d durations) sorted() durations {
	s := append(durations(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s
}

// median is the middle value (the mean of the two middle ones for an
// even count); 0 for none.
func (d durations) median() time.Duration {
	s := d.sorted()
	switch n := len(s); {
	case n == 0:
		return 0
	case n%2 == 1:
		return s[n/2]
	default:
		return (s[n/2-1] + s[n/2]) / 2
	}
}

// pct is the nearest-rank percentile p (0–100).
func (d durations) pct(p float64) time.Duration {
	s := d.sorted()
	if len(s) == 0 {
		return 0
	}
	i := int(float64(len(s))*p/100+0.999999) - 1
	return s[max(0, min(i, len(s)-1))]
}

func medianInt(xs []int64) int64 {
	s := append([]int64(nil), xs...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}
