// Package latent is latent semantic indexing (LSI): a space of meaning
// learned from the project's own sections, with no model to ship or
// download. Sections are bags of terms (Tokens: English stems, Japanese
// character bigrams), weighted (1 + ln tf) × idf; a truncated SVD of that
// section–term matrix (Train) gives each term a vector, and a text — a
// section or a query — is placed in the space as the weighted sum of its
// terms' vectors (Model.Fold). Terms that occur in the same sections end
// up near each other, so a text can be near a query it shares few words
// with.
//
// The package is pure: no SQL, no files. Models and vectors are stored
// through engine/internal/store/latentrows as the bytes Encode* give.
package latent
