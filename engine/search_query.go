package engine

// WarmUp starts loading, in the background, what the first search would
// otherwise wait for (see warmSearch), so a long-running server answers its
// first query as fast as the rest.
func (e *Engine) WarmUp() {
	if e != nil && !e.warm.stop.Load() {
		e.warm.wg.Add(1)
		go e.warmSearch()
	}
}
