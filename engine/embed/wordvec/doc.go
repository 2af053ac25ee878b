// Package wordvec is ubp's offline sentence embedder: a compact table of
// int8-quantised word vectors (file format in format.go), a tokeniser for
// English and code-like identifiers (tokenize.go) and SIF sentence vectors
// (sif.go). It has no data of its own: package static embeds the built-in
// model, and modelgen writes model files with Encode.
package wordvec
