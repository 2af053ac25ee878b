//go:build linux

package index

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// ownPeak is the peak resident size in bytes of this process's own
// memory, VmHWM of /proc/self/status. The rusage maxrss a parent reads
// is not that on Linux: exec records the resident size of the memory it
// leaves (after fork or vfork the parent's, up to its own peak) as the
// child's peak, so a child of a test process that had grown to 256 MB
// read at least 256 MB whatever it did. VmHWM is that of the memory the
// exec made, the child's own.
func ownPeak() (int64, error) {
	const status = "/proc/self/status"
	b, err := os.ReadFile(status)
	if err != nil {
		return 0, fmt.Errorf("reading this process's peak resident size (VmHWM) from %s, which the peak-memory tests need: %w", status, err)
	}
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				return 0, fmt.Errorf("reading VmHWM of %s: %q is no size in kB: %w", status, line, err)
			}
			return kb << 10, nil
		}
	}
	return 0, fmt.Errorf("reading this process's peak resident size: %s has no VmHWM line", status)
}
