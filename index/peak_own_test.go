//go:build linux || darwin

package index

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// parentBallast is what TestChildPeakIsItsOwn holds in the test process
// while it measures a child.
const parentBallast = 400 << 20

// TestChildPeakIsItsOwn measures a child parsing a tiny file while the
// test process holds parentBallast bytes, and wants the child's peak well
// under that: on Linux a child's rusage maxrss starts from the parent's
// resident size (exec records the memory it leaves, the parent's, as the
// child's peak), so after memory-heavy tests in the same run every peak
// read at least that and checkPeak bounded nothing.
func TestChildPeakIsItsOwn(t *testing.T) {
	ballast := make([]byte, parentBallast)
	for i := range ballast {
		ballast[i] = byte(i) // resident, not just reserved
	}
	p := filepath.Join(t.TempDir(), "tiny.md")
	if err := os.WriteFile(p, []byte("# T\n\nSee [x](x.md).\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	peak, out := parseInChild(t, p)
	runtime.KeepAlive(ballast)
	t.Logf("child peak %d MB with %d MB held by the parent (sections, links: %s)", peak>>20, parentBallast>>20, out)
	if peak <= 0 || peak >= parentBallast/4 {
		t.Errorf("child parsing a tiny file peaked at %d MB, want above 0 and well under the parent's %d MB", peak>>20, parentBallast>>20)
	}
}
