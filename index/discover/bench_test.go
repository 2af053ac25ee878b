package discover

import (
	"context"
	"testing"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// BenchmarkList lists the 16 files of the taskflow corpus.
func BenchmarkList(b *testing.B) {
	root := fixture.MustCorpus(b, "taskflow-docs")
	b.ReportAllocs()
	for b.Loop() {
		files, _, err := List(context.Background(), Options{Root: root})
		if err != nil || len(files) != 16 {
			b.Fatalf("List: %d files, %v", len(files), err)
		}
	}
}
