package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// baseDocID is the public id a document gets when it is first indexed: the
// first 12 hex digits of the SHA-256 of its filepath at that time. It is
// kept across renames, so it is an identity, not a function of the current
// path.
func baseDocID(filepath string) string {
	sum := sha256.Sum256([]byte(filepath))
	return hex.EncodeToString(sum[:])[:12]
}

// newDocID returns baseDocID(filepath), or, when another document already
// holds that id (a renamed document whose old path is reused, or a hash
// collision), the same id with the first free suffix "-2", "-3", ...
func newDocID(ctx context.Context, q querier, filepath string) (string, error) {
	base := baseDocID(filepath)
	id := base
	for n := 2; ; n++ {
		var taken int
		if err := q.QueryRowContext(ctx, `SELECT count(*) FROM documents WHERE doc_id = ?`, id).Scan(&taken); err != nil {
			return "", fmt.Errorf("allocate doc_id for %s: %w", filepath, err)
		}
		if taken == 0 {
			return id, nil
		}
		id = fmt.Sprintf("%s-%d", base, n)
	}
}
