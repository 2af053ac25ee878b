package pageref

import (
	"strings"

	"golang.org/x/text/unicode/norm"
)

// Fold is the case-insensitive lookup key of a title, alias or path: NFC,
// trimmed, lower case. The index stores aliases folded, so that lookups
// compare keys.
func Fold(s string) string {
	return norm.NFC.String(strings.ToLower(norm.NFC.String(strings.TrimSpace(s))))
}
