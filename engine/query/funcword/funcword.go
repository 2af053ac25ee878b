// Package funcword is the one list of the grammatical words of a query:
// words with no meaning of their own (how, do, I, the; 何). Query parsing
// drops them beside other words and keeps them, for full text, when the
// query has nothing else; the static embedding model gives a query of
// them alone no vector (embed.Static.EmbedQuery). It imports nothing of
// ubp, so that both can use it.
package funcword

// english are the English function words. Only grammatical words:
// anything with meaning of its own is left to IDF.
var english = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "and": true, "or": true, "not": true,
	"to": true, "in": true, "on": true, "at": true, "by": true, "for": true, "with": true,
	"from": true, "into": true, "as": true, "is": true, "are": true, "was": true, "were": true,
	"be": true, "been": true, "it": true, "its": true, "this": true, "that": true, "these": true,
	"those": true, "how": true, "what": true, "which": true, "who": true, "why": true,
	"when": true, "where": true, "do": true, "does": true, "did": true, "can": true,
	"i": true, "we": true, "you": true, "my": true, "our": true, "there": true, "about": true,
}

// japanese are the question words written in kanji (何 in 何か, 何が; 誰,
// 何故), dropped like their English counterparts (what, who, why). The
// others (どう, なぜ, いつ, どこ) are hiragana, which query parsing never
// makes a term but where the query has nothing else, and which the static
// model has no vector for.
var japanese = map[string]bool{"何": true, "誰": true, "何故": true}

// English reports whether word (lower case) is an English function word.
func English(word string) bool { return english[word] }

// Japanese reports whether word is a question word written in kanji.
func Japanese(word string) bool { return japanese[word] }

// Is reports whether word (lower case, as query.Normalize leaves it) is a
// function word of either language.
func Is(word string) bool { return english[word] || japanese[word] }
