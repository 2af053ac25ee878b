// Package docwarn is the format of documents.warnings (migration 0016): a
// document's parse warnings as one JSON array of {"line", "message"},
// written by the index writer and read by pages and status.
package docwarn

import (
	"encoding/json"
	"fmt"

	"github.com/ubp-dev/ubp/index"
)

// storedWarning is one entry of documents.warnings (migration 0016).
type storedWarning struct {
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
}

// Encode is documents.warnings for a document's parse warnings
// ("[]" for none); their file is the document's own.
func Encode(ws []index.Warning) (string, error) {
	out := make([]storedWarning, len(ws))
	for i, w := range ws {
		out[i] = storedWarning{Line: w.Line, Message: w.Message}
	}
	b, err := json.Marshal(out)
	if err != nil {
		return "", fmt.Errorf("encode warnings: %w", err)
	}
	return string(b), nil
}

// Decode reads documents.warnings of the document at file, in the order
// of its lines, those of no line last (index.SortWarnings: the writer
// stores them so since 2026-11-27, an older index by kind); never nil.
func Decode(file, s string) ([]index.Warning, error) {
	out := []index.Warning{}
	if s == "" || s == "[]" {
		return out, nil
	}
	var ws []storedWarning
	if err := json.Unmarshal([]byte(s), &ws); err != nil {
		return out, fmt.Errorf("read the warnings of %s: %w", file, err)
	}
	for _, w := range ws {
		out = append(out, index.Warning{File: file, Line: w.Line, Message: w.Message})
	}
	index.SortWarnings(out)
	return out, nil
}
