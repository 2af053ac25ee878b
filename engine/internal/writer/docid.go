package writer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/docwrite"
)

// baseDocID is the public id of the document at filepath: the first 12 hex
// digits of the SHA-256 of the path. It is a function of the current path,
// so an index rebuilt from scratch gives every document the id the
// incremental index gave it (a rename changes it).
func baseDocID(filepath string) string {
	sum := sha256.Sum256([]byte(filepath))
	return hex.EncodeToString(sum[:])[:12]
}

// docIDFor returns the doc_id of the document self (0 for a new one) at
// filepath: baseDocID(filepath), or, should another document's path share
// those 12 digits (a hash collision, about one chance in 600,000 at 30,000
// documents), the same id with the first free suffix "-2", "-3", ...
// A document that already holds a valid id for filepath keeps it.
func docIDFor(ctx context.Context, q store.Querier, filepath string, self int64) (string, error) {
	base := baseDocID(filepath)
	if self != 0 {
		cur, err := docwrite.DocIDOf(ctx, q, self)
		if err != nil {
			return "", fmt.Errorf("read doc_id of %s: %w", filepath, err)
		}
		if cur == base || strings.HasPrefix(cur, base+"-") {
			return cur, nil
		}
	}
	id := base
	for n := 2; ; n++ {
		taken, err := docwrite.DocIDTaken(ctx, q, id, self)
		if err != nil {
			return "", fmt.Errorf("allocate doc_id for %s: %w", filepath, err)
		}
		if !taken {
			return id, nil
		}
		id = fmt.Sprintf("%s-%d", base, n)
	}
}
