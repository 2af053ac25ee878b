package graphview

import "github.com/ubp-dev/ubp/index"

// typeSet is the link types a view keeps (GraphOptions.LinkTypes); nil
// keeps every type.
type typeSet map[index.LinkType]bool

// typesOf is the set of ts; nil (every type) when ts is empty.
func typesOf(ts []index.LinkType) typeSet {
	if len(ts) == 0 {
		return nil
	}
	s := make(typeSet, len(ts))
	for _, t := range ts {
		s[t] = true
	}
	return s
}

// keeps reports whether links of type t are in the view.
func (s typeSet) keeps(t index.LinkType) bool { return s == nil || s[t] }
