package fulltext

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/docmeta"
)

// A document's score is the same to the last bit every time it is
// computed from the same matches: its term frequencies are summed over
// its matched sections in one order (by section id). They were summed in
// the order of a Go map, which changes from one loop to the next, so a
// page of many matched sections scored a hair differently each time and
// two pages on a near tie could swap places between identical searches.
func TestDocumentScoresDoNotDependOnMapOrder(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Cache notes\n\nIntro.\n")
	for i := range 40 {
		// Sections of different lengths holding the words a different
		// number of times: addends of different magnitudes, whose float
		// sum depends on its order.
		fmt.Fprintf(&b, "\n## Part %d\n\n%s %s\n", i, strings.Repeat("cache eviction ", 1+i%7), strings.Repeat("filler words here ", 3+(i*5)%11))
	}
	ix := indexFiles(t, map[string]string{
		"cache.md": b.String(),
		"other.md": "# Other\n\nA cache of eviction notes, once.\n",
	})
	q, err := ParseQuery("cache eviction", "off")
	if err != nil {
		t.Fatal(err)
	}
	ix.readTx(t, func(tx *sql.Tx) error {
		var mt Matcher
		m, err := mt.Match(context.Background(), tx, q)
		if err != nil {
			return err
		}
		meta, err := docmeta.Load(context.Background(), tx, m.Docs())
		if err != nil {
			return err
		}
		first := map[int64]uint64{}
		for run := range 50 {
			for id, d := range m.Documents(meta) {
				bits := math.Float64bits(d.Score)
				if run == 0 {
					first[id] = bits
				} else if bits != first[id] {
					t.Fatalf("%s: score %v on computation %d, %v on the first", meta[id].Filepath, d.Score, run, math.Float64frombits(first[id]))
				}
			}
		}
		return nil
	})
}
