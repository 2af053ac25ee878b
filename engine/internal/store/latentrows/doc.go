// Package latentrows holds the statements of the latent space (migration
// 0020): the model's row, its terms' vectors, the sections' vectors and the
// queue of sections not yet placed. The vectors are stored as the bytes
// engine/internal/latent encodes; this package does not read them.
//
// engine/internal/latentrun writes through it after each indexing run and
// engine/internal/latentsearch reads through it. It imports
// engine/internal/store and engine/internal/store/sqlbatch only.
package latentrows
