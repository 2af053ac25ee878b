package main

import (
	"os"
	"runtime/debug"
)

// readGCPercent is the collector's target (GOGC) while a read command
// (freshCheck) runs. Such a process lives a fraction of a second and its
// heap stays small (about 10 MB for status at 10,000 documents), so at
// Go's default of 100 the collector ran 7 to 10 times a status, 26 to 50
// ms of CPU; at 400 it runs about once. Indexing keeps the default (its
// heap is hundreds of MB at that size), and so does serve.
const readGCPercent = 400

// readMemoryLimit is the soft memory limit (GOMEMLIMIT) of a read command
// at readGCPercent: should a query or a page make its heap large, the
// collector runs as often as it must to stay near this, as it would at
// the default target, instead of letting the heap grow to five times what
// is live.
const readMemoryLimit = 256 << 20

// defaultGCPercent is Go's GOGC default.
const defaultGCPercent = 100

// setGCPercent sets the collector's target to pct, with readMemoryLimit
// as its soft memory limit, unless GOGC or GOMEMLIMIT is set in the
// environment (the user's choice wins), and returns what restores the
// previous target and limit.
func setGCPercent(pct int) (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	prevLimit := debug.SetMemoryLimit(readMemoryLimit)
	prev := debug.SetGCPercent(pct)
	return func() {
		debug.SetGCPercent(prev)
		debug.SetMemoryLimit(prevLimit)
	}
}
