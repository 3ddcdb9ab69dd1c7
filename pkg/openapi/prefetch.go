package openapi

import (
	"maps"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/asogen/asogen/internal/parallel"
)

// prefetcher parses the version folders of the packages in build order on parallel workers, so
// decoding overlaps with the sequential build. It runs at most a few folders ahead of the
// package being built: only those folders' documents wait in memory.
type prefetcher struct {
	l       *loader
	folders [][]string // the files of each folder, in build order
	results [][]parsed // filled by the workers; taken (and cleared) by take
	ready   []chan struct{}
	slots   chan struct{} // one token per folder handed to the workers and not yet taken
	done    chan struct{}
	caught  parallel.Catcher // a panic while parsing, re-raised by take on the build's goroutine
}

// parsed is the outcome of parsing one file.
type parsed struct {
	doc *document
	err error
}

// prefetch starts parsing the folders' files; stop must be called when the build is done.
func (l *loader) prefetch(folders [][]string) *prefetcher {
	f := &prefetcher{l: l, folders: folders, results: make([][]parsed, len(folders)),
		ready: make([]chan struct{}, len(folders)), slots: make(chan struct{}, max(2, runtime.GOMAXPROCS(0))),
		done: make(chan struct{})}
	for i := range f.ready {
		f.ready[i] = make(chan struct{})
	}
	go f.run()
	return f
}

// run hands the files to the workers folder by folder.
func (f *prefetcher) run() {
	jobs := make(chan func())
	var workers sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		workers.Go(func() {
			for job := range jobs {
				job()
			}
		})
	}
	defer workers.Wait()
	defer close(jobs)
	for i := range f.folders {
		select {
		case f.slots <- struct{}{}:
		case <-f.done:
			return
		}
		if !f.dispatch(i, jobs) {
			return
		}
	}
}

// dispatch queues one job per file of folder i; ready[i] is closed once all are parsed. It
// returns false when the prefetcher was stopped first.
func (f *prefetcher) dispatch(i int, jobs chan<- func()) bool {
	files := f.folders[i]
	f.results[i] = make([]parsed, len(files))
	var folder sync.WaitGroup
	for j, path := range files {
		job := func() {
			defer folder.Done()
			f.caught.Call(func() {
				d, err := f.l.parseFile(path, f.l.displayName(path))
				f.results[i][j] = parsed{doc: d, err: err}
			})
		}
		folder.Add(1)
		select {
		case jobs <- job:
		case <-f.done:
			folder.Done()
			return false
		}
	}
	go func() {
		folder.Wait()
		close(f.ready[i])
	}()
	return true
}

// take waits for folder i and returns what parsing its files gave, in the folder's file order.
func (f *prefetcher) take(i int) []parsed {
	<-f.ready[i]
	f.caught.Repanic()
	r := f.results[i]
	f.results[i] = nil
	<-f.slots
	return r
}

// stop ends the workers; folders not taken are dropped.
func (f *prefetcher) stop() {
	close(f.done)
}

// release marks one package reading folder dir as built and drops the cached documents of every
// version folder no package still to build reads. Files outside the configured version folders
// (common-types, say) stay cached, since any package may refer to them; errors stay too.
func (l *loader) release(dir string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.pending[dir]--
	maps.DeleteFunc(l.files, func(path string, _ *document) bool {
		n, ok := l.pending[filepath.Dir(path)]
		return ok && n <= 0
	})
}
