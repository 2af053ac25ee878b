package query

import "strings"

// English stemming for substring search. The trigram index matches
// substrings, so a word's stem finds every form that starts with it:
// "staleness" is searched as "stale" (stale, staleness, possibly_stale),
// "monitoring" as "monitor", "detection" as "detect". Unlike a Porter stemmer,
// a stem here is always a prefix of the word as written, never rewritten
// ("queries" → "quer", not "queri"), so it is itself a substring of the word.
//
// Stems are kept long (minStem) because a short one also matches inside
// unrelated words ("quest" inside "request").
const (
	minStem       = 4 // shortest stem an inflection may leave
	minDerivation = 5 // shortest stem a derivational suffix may leave
)

// Stem returns the search stem of one lower-case Latin word, or the word
// itself when no rule applies or the stem would be too short. Words with
// digits, joiners ("sqlite-vec", "config.search") or non-ASCII letters are
// identifiers and kept as written.
func Stem(w string) string {
	if !isPlainWord(w) {
		return w
	}
	// Twice: a plural of an -ing form ("embeddings" → "embedding" → "embed").
	s := stripInflection(stripInflection(w))
	s = stripDerivation(s)
	return s
}

// isPlainWord reports whether w is made only of ASCII letters.
func isPlainWord(w string) bool {
	if w == "" {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// stripInflection removes a plural or verb ending: -ies, -es after a
// sibilant, -s, -ed, -ing. A doubled final consonant left behind
// ("embedding" → "embedd") is undoubled.
func stripInflection(w string) string {
	try := func(suffix string) (string, bool) {
		if !strings.HasSuffix(w, suffix) {
			return w, false
		}
		s := w[:len(w)-len(suffix)]
		if len(s) < minStem || !hasVowel(s) {
			return w, false
		}
		return s, true
	}
	switch {
	case strings.HasSuffix(w, "ies"):
		if s, ok := try("ies"); ok {
			return s
		}
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "zes"),
		strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"):
		if s, ok := try("es"); ok {
			return s
		}
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w // class, status, analysis: not plurals
	case strings.HasSuffix(w, "s"):
		if s, ok := try("s"); ok {
			return s
		}
	case strings.HasSuffix(w, "ed"):
		if s, ok := try("ed"); ok {
			return undouble(s)
		}
	case strings.HasSuffix(w, "ing"):
		if s, ok := try("ing"); ok {
			return undouble(s)
		}
	}
	return w
}

// derivations are suffixes that turn a word into another part of speech
// while keeping its meaning: staleness → stale, detection → detect,
// similarity → similar.
// Each is removed only after the given ending ("ion" only from -ction,
// -ssion and -ation: "question" keeps its "ion", or "quest" would match
// "request"), and only when minLen letters remain.
var derivations = []struct {
	ending, suffix string
	minLen         int
}{
	{"ness", "ness", minDerivation},
	{"ction", "ion", minDerivation},
	{"ssion", "ion", minDerivation},
	{"ation", "ion", minDerivation + 1},
	{"ity", "ity", minDerivation},
	{"ment", "ment", minDerivation},
	{"ically", "ally", minDerivation}, // automatically → automatic
	{"ly", "ly", minDerivation},       // usually → usual, monthly → month
	{"iz", "iz", minDerivation},       // computeriz(ed) → computer
	{"ize", "ize", minDerivation},     // normalize → normal
	{"ive", "ive", minDerivation},     // descriptive → descript(ion)
	{"ance", "ance", minDerivation},   // relevance → relev(ant)
	{"ence", "ence", minDerivation},   // dependence → depend
	{"ical", "al", minDerivation},     // statistical → statistic
	{"al", "al", minDerivation},       // retrieval → retriev(e), original → origin
	{"er", "er", minDerivation},       // builder → build, computer → comput(ation)
	{"ful", "ful", minDerivation},     // powerful → power
	{"ism", "ism", minDerivation},     // mechanism → mechan(ical)
	{"ist", "ist", minDerivation},     // specialist → special
}

func stripDerivation(w string) string {
	for _, d := range derivations {
		if !strings.HasSuffix(w, d.ending) {
			continue
		}
		s := w[:len(w)-len(d.suffix)]
		if len(s) >= d.minLen && hasVowel(s) {
			return s
		}
		return w
	}
	// A final silent e: "change" also finds "changing".
	if strings.HasSuffix(w, "e") && len(w)-1 >= minDerivation {
		return w[:len(w)-1]
	}
	return w
}

// undouble turns a doubled final consonant into one ("embedd" → "embed",
// "stopp" → "stop"), except for l, s and z, which English doubles in the
// stem itself ("install", "pass").
func undouble(s string) string {
	n := len(s)
	if n >= minStem+1 && s[n-1] == s[n-2] && !isVowel(s[n-1]) && !strings.ContainsRune("lsz", rune(s[n-1])) {
		return s[:n-1]
	}
	return s
}

func isVowel(c byte) bool { return strings.IndexByte("aeiou", c) >= 0 }

func hasVowel(s string) bool {
	for i := 0; i < len(s); i++ {
		if isVowel(s[i]) || s[i] == 'y' {
			return true
		}
	}
	return false
}
