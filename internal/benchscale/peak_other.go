//go:build !linux

package main

import (
	"os/exec"
	"runtime"
	"syscall"
)

// waitMeasured starts cmd and waits for it to end, with its CPU time and
// peak resident size, rusage maxrss (bytes on macOS, kB elsewhere): only
// Linux carries the parent's resident size into a child's maxrss (see
// peak_linux.go).
func waitMeasured(cmd *exec.Cmd) (usage, error) {
	err := cmd.Run()
	var u usage
	if cmd.ProcessState == nil {
		return u, err
	}
	u.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		u.peakKB = int64(ru.Maxrss)
		if runtime.GOOS == "darwin" {
			u.peakKB /= 1024
		}
	}
	return u, err
}
