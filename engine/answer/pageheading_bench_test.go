package answer

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkOutline outlines a page of 300 headings and 3,000 lines (about
// 150 KB), as get-page and ubp_get_page do on every call.
func BenchmarkOutline(b *testing.B) {
	var body strings.Builder
	for i := range 300 {
		fmt.Fprintf(&body, "## Part %d\n\n", i)
		for range 8 {
			body.WriteString("A line of text about the part, long enough to look like prose in a design document.\n")
		}
	}
	p := Page{Content: body.String()}
	b.ReportAllocs()
	for b.Loop() {
		if len(p.Outline()) != 300 {
			b.Fatal("outline lost headings")
		}
	}
}
