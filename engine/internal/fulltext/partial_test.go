package fulltext

import "testing"

// TestPartialIgnoresBonusTerms: a bonus term (a Japanese bigram or a
// compound, which only adds to sections other terms found) in more
// sections than full text reads loses no match, so the count stays exact;
// a query of one term and bonus terms is counted by that term's count.
func TestPartialIgnoresBonusTerms(t *testing.T) {
	const many = maxTermRows + 200
	cases := []struct {
		name    string
		df      []int
		exact   []bool
		bonus   []bool
		partial bool
		count   int // -1: not known
	}{
		{"few", []int{10, 20}, []bool{true, true}, []bool{false, false}, false, 3},
		{"a common term", []int{many}, []bool{true}, []bool{false}, true, many},
		{"a common term not counted exactly", []int{many}, []bool{false}, []bool{false}, true, -1},
		{"two terms, one common", []int{many, 5}, []bool{true, true}, []bool{false, false}, true, -1},
		{"a common bonus term", []int{5, many}, []bool{true, true}, []bool{false, true}, false, 3},
		{"a common term and a bonus term", []int{many, many}, []bool{true, true}, []bool{false, true}, true, many},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := &Matches{TermDF: c.df, dfExact: c.exact, bonus: c.bonus, Sections: map[int64]*Section{1: {}, 2: {}, 3: {}}}
			if got := m.Partial(); got != c.partial {
				t.Errorf("Partial() = %v, want %v", got, c.partial)
			}
			n, ok := m.SectionCount()
			if c.count < 0 && ok || c.count >= 0 && (!ok || n != c.count) {
				t.Errorf("SectionCount() = %d, %v; want %d", n, ok, c.count)
			}
		})
	}
}
