package writer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"runtime"
	"sync"

	"golang.org/x/sync/semaphore"

	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/index/discover"
)

// parsed is the outcome of reading one scanJob.
type parsed struct {
	job  scanJob
	hash string
	// doc is nil when the bytes equal the indexed ones (only the
	// modification time changed) and the run is not Full.
	doc   *index.Document
	warns []index.Warning
	err   error // the file could not be read
	// skip is the warning for a file that is no document (over the size
	// limit, not a regular file, not text; see discover.SkipReason): the
	// index then holds no document for it, as a rebuild would not.
	skip string
}

// parseBudget bounds the bytes of the files being read, parsed or waiting
// for the writer at once, whatever the number of cores: parsing holds
// several times a file's size (goldmark's tree, the sections; up to ~70
// times for a file of nothing but headings), so on a 16-core machine a
// folder of large files parsed 16 at a time took gigabytes. A file counts
// its size at discovery, at least minJobWeight and at most the budget (so
// a file over it runs alone). 4 MiB holds
// hundreds of ordinary pages, more than the workers can parse at once,
// so ordinary runs do not wait on it.
var parseBudget int64 = 4 << 20

// minJobWeight is what a file counts against parseBudget at least (an
// empty file still costs its parse).
const minJobWeight = 4 << 10

// parseFile is parseJob; tests replace it to watch what runs at once.
var parseFile = parseJob

// jobWeight is what job j counts against budget.
func jobWeight(j scanJob, budget int64) int64 {
	return min(max(j.file.Size, minJobWeight), budget)
}

// parseAll reads, hashes and parses the jobs on a pool of workers and
// hands the results to use in job order, so a run is deterministic while
// parsing runs ahead of the (single-writer) database work. It stops at the
// first error from use or when ctx is done. The files in flight (parsed or
// waiting for use) stay within parseBudget bytes and 4 per worker.
func parseAll(ctx context.Context, jobs []scanJob, full bool, use func(i int, p *parsed) error) error {
	if len(jobs) == 0 {
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)

	workers := runtime.NumCPU()
	if workers > len(jobs) {
		workers = len(jobs)
	}
	results := make([]parsed, len(jobs))
	ready := make([]chan struct{}, len(jobs))
	for i := range ready {
		ready[i] = make(chan struct{})
	}
	// ahead bounds how many results wait in memory for the writer, bytes
	// how large they are together. The feeder takes both in job order and
	// use gives them back in job order, so an earlier job never waits for
	// a later one.
	ahead := make(chan struct{}, 4*workers)
	budget := parseBudget
	bytes := semaphore.NewWeighted(budget)
	next := make(chan int)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(next)
		for i := range jobs {
			select {
			case ahead <- struct{}{}:
			case <-ctx.Done():
				return
			}
			if bytes.Acquire(ctx, jobWeight(jobs[i], budget)) != nil {
				return
			}
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = parseFile(jobs[i], full)
				close(ready[i])
			}
		}()
	}
	// On every way out, stop the feeder and the workers first (cancel),
	// then wait for them: waiting first would deadlock when use fails, as
	// the feeder blocks on ahead, which only this loop drains.
	defer func() {
		cancel()
		wg.Wait()
	}()

	for i := range jobs {
		select {
		case <-ready[i]:
		case <-ctx.Done():
			return fmt.Errorf("index: %w", ctx.Err())
		}
		err := use(i, &results[i])
		results[i] = parsed{} // let the document be collected
		<-ahead
		bytes.Release(jobWeight(jobs[i], budget))
		if err != nil {
			return err
		}
	}
	return nil
}

// parseJob reads one file, hashes it and parses it unless its bytes are
// the indexed ones.
func parseJob(j scanJob, full bool) parsed {
	p := parsed{job: j}
	// Never blocks on a FIFO swapped in since discovery, never reads more
	// than the size limit.
	data, err := discover.ReadFile(j.file.AbsPath, j.maxSize)
	if p.skip = discover.SkipReason(data, err, j.maxSize); p.skip != "" {
		return p
	}
	if err != nil {
		p.err = err
		return p
	}
	sum := sha256.Sum256(data)
	p.hash = hex.EncodeToString(sum[:])
	if j.stored != nil && j.stored.Hash == p.hash && !full {
		return p
	}
	p.doc, p.warns = index.ParseIn(j.file.Path, j.docsPath, data)
	return p
}
