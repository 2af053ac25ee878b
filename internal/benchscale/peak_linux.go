//go:build linux

package main

import (
	"errors"
	"fmt"
	"os/exec"
	"runtime"
	"syscall"
	"time"
)

// waitMeasured starts cmd and waits for it to end, with its CPU time and
// its own peak resident size: VmHWM of /proc/<pid>/status, read when it
// exits. The rusage maxrss of a child is not that on Linux: exec records
// the resident size of the memory it leaves (the parent's, shared until
// exec by the vfork os/exec uses) as the child's peak, so a trivial
// program run by a benchmark holding 300 MB read 300 MB. The child is
// traced (ptrace, PTRACE_O_TRACEEXIT) only to stop it as it exits, with
// its memory still there; the signals it gets are passed on.
func waitMeasured(cmd *exec.Cmd) (usage, error) {
	// ptrace requests must come from the thread that started the child.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Ptrace = true
	if err := cmd.Start(); err != nil {
		return usage{}, err
	}
	defer func() { _ = cmd.Process.Release() }()
	pid := cmd.Process.Pid
	var ws syscall.WaitStatus
	var ru syscall.Rusage
	// The child stops at its exec (SIGTRAP).
	if _, err := syscall.Wait4(pid, &ws, syscall.WALL, &ru); err != nil {
		return usage{}, fmt.Errorf("wait for process %d to start: %w", pid, err)
	}
	var u usage
	if ws.Stopped() {
		if err := syscall.PtraceSetOptions(pid, syscall.PTRACE_O_TRACEEXIT|ptraceExitKill); err != nil {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			_, _ = syscall.Wait4(pid, &ws, syscall.WALL, nil)
			return usage{}, fmt.Errorf("trace process %d to read its peak memory as it exits (ptrace, which the benchmark needs): %w", pid, err)
		}
		var peakErr error
		for sig := 0; ; {
			if err := syscall.PtraceCont(pid, sig); err != nil && !errors.Is(err, syscall.ESRCH) {
				return usage{}, fmt.Errorf("resume traced process %d: %w", pid, err)
			}
			if _, err := syscall.Wait4(pid, &ws, syscall.WALL, &ru); err != nil {
				return usage{}, fmt.Errorf("wait for process %d: %w", pid, err)
			}
			if !ws.Stopped() {
				break
			}
			sig = 0
			switch {
			case ws.TrapCause() == syscall.PTRACE_EVENT_EXIT:
				// Exiting, its memory not yet released.
				u.peakKB, peakErr = peakRSSKB(pid)
			case ws.StopSignal() != syscall.SIGTRAP:
				sig = int(ws.StopSignal()) // the child's own signal
			}
		}
		if peakErr != nil {
			return usage{}, fmt.Errorf("peak memory of process %d as it exited: %w", pid, peakErr)
		}
	}
	u.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	switch {
	case ws.Exited() && ws.ExitStatus() != 0:
		return u, fmt.Errorf("exit status %d", ws.ExitStatus())
	case ws.Signaled():
		return u, fmt.Errorf("killed by signal %v", ws.Signal())
	}
	return u, nil
}

// ptraceExitKill is PTRACE_O_EXITKILL: the child is killed if the
// benchmark dies while tracing it.
const ptraceExitKill = 0x100000
