package latentrun

import (
	"slices"
	"testing"
)

// In a corpus of pages alike (a title section, then the same headings),
// a page's sections have consecutive ids; the sample must hold every part
// of the pages, not the same part of each (as a stride of 7 would here).
func TestSampleIsEvenAcrossPagesAlike(t *testing.T) {
	const perPage, pages = 7, 10_000
	ids := make([]int64, 0, perPage*pages)
	for i := range perPage * pages {
		ids = append(ids, int64(i+1))
	}
	got := sample(ids, MaxTrainSections)
	if len(got) != MaxTrainSections || !slices.IsSorted(got) {
		t.Fatalf("%d ids, sorted %v; want %d in order", len(got), slices.IsSorted(got), MaxTrainSections)
	}
	var parts [perPage]int
	for _, id := range got {
		parts[(id-1)%perPage]++
	}
	for p, n := range parts {
		if want := MaxTrainSections / perPage; n < want*8/10 || n > want*12/10 {
			t.Errorf("part %d of the pages: %d sampled, want about %d (all parts: %v)", p, n, want, parts)
		}
	}
	if again := sample(ids, MaxTrainSections); !slices.Equal(again, got) {
		t.Error("two samples of the same ids differ")
	}
	if small := sample(ids[:50], MaxTrainSections); len(small) != 50 {
		t.Errorf("%d of 50 ids sampled, want all", len(small))
	}
}
