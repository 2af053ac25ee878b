//go:build darwin

package index

import "syscall"

// ownPeak is the peak resident size in bytes of this process, its rusage
// maxrss (bytes on macOS). Linux reads VmHWM instead (peak_linux_test.go),
// where exec carries the parent's resident size into the child's maxrss.
func ownPeak() (int64, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, err
	}
	return ru.Maxrss, nil
}
