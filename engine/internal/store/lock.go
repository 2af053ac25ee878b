package store

import (
	"context"
	"fmt"
	"time"

	"github.com/gofrs/flock"
)

// LockFile takes an exclusive advisory lock on path, waiting until it is
// free or ctx is done.
func LockFile(ctx context.Context, path string) (unlock func(), err error) {
	fl := flock.New(path)
	ok, err := fl.TryLockContext(ctx, 25*time.Millisecond)
	if err != nil || !ok {
		if err == nil {
			err = ctx.Err()
		}
		return nil, fmt.Errorf("wait for lock %s: %w", path, err)
	}
	return func() { _ = fl.Unlock() }, nil // closing the file would release the lock too
}
