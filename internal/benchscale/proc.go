package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"syscall"
	"time"
)

// run is one whole process: its wall time, CPU time (user + system) and
// peak resident memory, from wait4's rusage.
type run struct {
	wall, cpu time.Duration
	rssKB     int64
	stdout    string
}

// timed runs name args in dir with env added to the environment, and
// fails when the process fails.
func timed(dir string, env []string, name string, args ...string) (run, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	r := run{wall: time.Since(start), stdout: out.String()}
	if cmd.ProcessState != nil {
		r.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			r.rssKB = ru.Maxrss
		}
	}
	if err != nil {
		return r, fmt.Errorf("%s %s: %w\n%s", name, strings.Join(args, " "), err, tail(errb.String(), 2000))
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
