package store

// Open opens the store.
func Open(path string) error {
	return nil
}
