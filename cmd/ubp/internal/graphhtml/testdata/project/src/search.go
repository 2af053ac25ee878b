package store

// Search searches.
func Search(q string) []string { return nil }
