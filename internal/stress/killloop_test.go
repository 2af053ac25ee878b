//go:build stress

package stress

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestKillLoop kills `ubp index` and `ubp serve` with SIGKILL at random
// moments of their writes. After every kill the index passes the integrity
// check, the next `ubp index` completes (the kernel released the locks) and
// gives the same index as a twin built once from the same files.
func TestKillLoop(t *testing.T) {
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	newProject(t, root)
	nDocs := budget(120, 400)
	kills := budget(6, 30)
	rng := rand.New(rand.NewPCG(1, 2))

	// How long a full index takes here, to kill within it.
	writeCorpus(t, docs, nDocs, 0)
	start := time.Now()
	mustRun(t, root, "index", "--quiet")
	span := time.Since(start)

	for k := 0; k < kills; k++ {
		writeCorpus(t, docs, nDocs, k+1) // every file changed: the run writes throughout
		delay := time.Duration(rng.Int64N(int64(span) + 1))
		var cmd *exec.Cmd
		if k%2 == 0 {
			cmd = exec.Command(ubp(t), "-C", root, "index", "--full", "--quiet")
		} else {
			// serve indexes the changed files at start-up and while watching.
			cmd = exec.Command(ubp(t), "-C", root, "serve", "--no-lock")
			cmd.Stdin = openStdin(t)
		}
		var errOut bytes.Buffer
		cmd.Stderr = &errOut
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(delay)
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		if strings.Contains(errOut.String(), "panic") {
			t.Fatalf("kill %d: the process panicked before the kill:\n%s", k, errOut.String())
		}
		integrity(t, root)
		mustRun(t, root, "index", "--quiet")
		integrity(t, root)
		sameState(t, "after kill "+string(rune('0'+k%10)), readState(t, root), twinState(t, docs))
		if t.Failed() {
			return
		}
	}
}

// openStdin is a stdin that stays open (and silent) until the test ends,
// so `ubp serve` over stdio keeps running until it is killed.
func openStdin(t testing.TB) *os.File {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close(); r.Close() })
	return r
}
