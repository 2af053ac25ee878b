package answer

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkOutline outlines a page of 300 headings and 3,000 lines (about
// 150 KB) and one of 6,000 headings and 60,000 lines (about 3 MB), as
// get-page and ubp_get_page do on every call: reading a long page window
// by window outlines the same body again and again.
func BenchmarkOutline(b *testing.B) {
	for _, parts := range []int{300, 6000} {
		var body strings.Builder
		for i := range parts {
			fmt.Fprintf(&body, "## Part %d\n\n", i)
			for range 8 {
				body.WriteString("A line of text about the part, long enough to look like prose in a design document.\n")
			}
		}
		p := Page{Content: body.String()}
		b.Run(fmt.Sprintf("%dKB", body.Len()/1000), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if len(p.Outline()) != parts {
					b.Fatal("outline lost headings")
				}
			}
		})
	}
}
