package writer

// The meta keys the writer keeps.
const (
	// MetaNeedsRelink is set in the transaction of a run's first document
	// write and cleared once links are resolved, so a run that writes
	// nothing can skip resolution safely, and links a run left unresolved
	// (it stopped early) are all resolved by the next.
	MetaNeedsRelink = "needs_relink"
)
