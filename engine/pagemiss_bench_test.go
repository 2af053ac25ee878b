package engine

import (
	"context"
	"errors"
	"testing"
)

// BenchmarkGetPageMissScale is a page lookup that misses (a typo of a
// document's file name) on the scale corpus (UBP_BENCH_DOCS documents,
// default 2,000): the "did you mean" suggestions. The typo'd page must be
// among them.
func BenchmarkGetPageMissScale(b *testing.B) {
	e, c, _ := indexedScaleCorpus(b, benchDocsFromEnv(b, 2000))
	ctx := context.Background()
	want := c.Docs[len(c.Docs)/2].Path
	typo := want[:len(want)-5] + "x" + want[len(want)-4:] // one letter before .md changed
	b.ResetTimer()
	for range b.N {
		_, err := e.GetPage(ctx, typo)
		var nf *NotFoundError
		if !errors.As(err, &nf) {
			b.Fatalf("GetPage(%q): %v, want not found", typo, err)
		}
		found := false
		for _, s := range nf.Suggestions {
			found = found || s == want
		}
		if !found {
			b.Fatalf("GetPage(%q) suggests %v, want %s among them", typo, nf.Suggestions, want)
		}
	}
}
