package query

import (
	"unicode/utf8"

	"github.com/ubp-dev/ubp/engine/query/funcword"
)

// Keywords returns the content words of a text, for comparing texts by the
// words they share: Latin words of three or more characters that are not
// function words, katakana runs of two or more, kanji runs of two or three,
// and the overlapping 2-grams of longer kanji runs (so 検索精度 and 検索結果
// share 検索). Hiragana is left out. Words are normalised and repeat as
// often as they occur.
func Keywords(text string) []string {
	var out []string
	for _, chunk := range segment(Normalize(text)) {
		for _, r := range chunk {
			n := utf8.RuneCountInString(r.text)
			switch r.script {
			case ScriptLatin:
				if n >= 3 && !funcword.English(r.text) && !isDigits(r.text) {
					out = append(out, r.text)
				}
			case ScriptKatakana, ScriptOther:
				if n >= 2 {
					out = append(out, r.text)
				}
			case ScriptHan:
				switch {
				case n >= 4:
					for _, g := range kanjiGrams(r.text, 0) {
						out = append(out, g.Text)
					}
				case n >= 2:
					out = append(out, r.text)
				}
			}
		}
	}
	return out
}
