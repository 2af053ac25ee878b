package docmeta

import (
	"context"
	"sync"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// Cache keeps, for one search generation (the counter of migration 0003,
// moved by every insert, update and delete of a section or document), the
// metadata of each document some search of this generation asked for
// (nil: a deleted document), filled as searches come, so a warm server
// reads each document once per generation and a new process reads only
// its candidates; and every document's metadata for the whole-graph views
// (get_graph, suggestions), read when one asks. Entries never change once
// added: readers share them, read only. The zero Cache is empty and ready.
type Cache struct {
	mu   sync.Mutex
	gen  int64
	some map[int64]*Meta
	all  map[int64]*Meta
}

// at makes the cache current for gen and reports whether it serves gen: a
// newer generation drops what was kept; a reader whose transaction is
// older than the cache gets false and reads without it. mu must be held.
func (c *Cache) at(gen int64) bool {
	if c.some == nil || gen > c.gen {
		c.gen, c.some, c.all = gen, map[int64]*Meta{}, nil
	}
	return c.gen == gen
}

// Add adds to meta the documents of ids it does not hold yet, nil for
// deleted ones, so that meta[id] != nil tells whether a document exists;
// each is read once per generation.
func (c *Cache) Add(ctx context.Context, db store.Querier, meta map[int64]*Meta, ids []int64) error {
	gen, err := store.SearchGeneration(ctx, db)
	if err != nil {
		return err
	}
	var need []int64
	c.mu.Lock()
	cached := c.at(gen)
	for _, id := range ids {
		if _, ok := meta[id]; ok {
			continue
		}
		if d, ok := c.some[id]; ok && cached {
			meta[id] = d
			continue
		}
		meta[id] = nil
		need = append(need, id)
	}
	c.mu.Unlock()
	if len(need) == 0 {
		return nil
	}
	got, err := Load(ctx, db, need)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	keep := c.at(gen)
	for _, id := range need {
		d := got[id]
		meta[id] = d
		if keep {
			c.some[id] = d
		}
	}
	return nil
}

// All is every document's metadata, read again when documents or sections
// changed since the last read. The map and its entries are shared: read
// only.
func (c *Cache) All(ctx context.Context, db store.Querier) (map[int64]*Meta, error) {
	gen, err := store.SearchGeneration(ctx, db)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.at(gen) && c.all != nil {
		all := c.all
		c.mu.Unlock()
		return all, nil
	}
	c.mu.Unlock()
	meta, err := Load(ctx, db, nil)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.at(gen) {
		c.all = meta
	}
	return meta, nil
}

// Drop lets go of everything kept (the engine closing).
func (c *Cache) Drop() {
	c.mu.Lock()
	c.some, c.all = nil, nil
	c.mu.Unlock()
}
