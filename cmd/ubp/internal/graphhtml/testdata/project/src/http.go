package store

// Serve serves HTTP.
func Serve() {}
