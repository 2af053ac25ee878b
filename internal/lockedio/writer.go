// Package lockedio serialises writes to one writer shared by goroutines:
// `ubp serve`'s log lines and its catch-up run's progress lines both reach
// stderr, from the server and from the run beside it.
package lockedio

import (
	"io"
	"sync"
)

// Writer writes to w one call at a time.
type Writer struct {
	mu sync.Mutex
	w  io.Writer
}

// New wraps w.
func New(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes p to the wrapped writer, whole, while no other Write runs.
func (l *Writer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
