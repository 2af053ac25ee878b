package ranking

// Match levels, from Level.
const (
	MatchStrong  = "strong"  // most of the query's concepts found in the text
	MatchPartial = "partial" // some concepts found, or a close meaning
	MatchWeak    = "weak"    // only a loose meaning or a single common word
	MatchNone    = "none"    // nothing in the index relates to the query
)

// Thresholds of Level. Coverage is the IDF-weighted share of query concepts
// a document's text matched; cosine the raw similarity of its best section
// to the query (for the built-in static model, unrelated text sits below
// about 0.3 and close paraphrases above 0.55).
const (
	strongCoverage  = 0.75
	partialCoverage = 0.4
	partialCosine   = 0.55
	weakCosine      = 0.3
	// weakOnly is the coverage Level grants a text matching common words
	// only: above 0, below partialCoverage.
	weakOnly = 0.01
)

// Related reports whether a section's cosine to the query says anything
// of its meaning: at least the weak match level's. Below it a document is
// no closer in meaning than any other.
func Related(cosine float64) bool { return cosine >= weakCosine }

// Level is an absolute verdict on one document's evidence: coverage of the
// query's concepts by its text (0..1), whether any concept it matched is
// specific (not in most of the index's sections), and the best cosine of
// its sections (0 when the vector did not find it). A text matching common
// words only (the, a word every page says) is at most weak by its words:
// every page matches them alike.
func Level(coverage float64, specific bool, cosine float64) string {
	if !specific {
		coverage = min(coverage, weakOnly)
	}
	switch {
	case coverage >= strongCoverage:
		return MatchStrong
	case coverage >= partialCoverage || cosine >= partialCosine:
		return MatchPartial
	case coverage > 0 || Related(cosine):
		return MatchWeak
	default:
		return MatchNone
	}
}
