package gen

import (
	"bytes"
	"sync"
	"sync/atomic"

	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/diag"
)

// Emit renders every file of batches and hands each to put as soon as it is rendered: batches on
// parallel workers, so put is called concurrently, and a batch's files in order. The bytes put
// receives are a pooled buffer's: put copies them if it keeps them. Emit drops each batch from
// batches once it is rendered, so what it shares is freed as emission goes.
//
// A render error ends its batch; the other batches are still rendered, so every problem is
// reported, but no further file is put. Problems come back as one diag.List. An
// error from put stops emission (no further file is rendered) and comes back as it is.
func Emit(batches []Batch, put func(path string, content []byte) error) error {
	problems := make([]error, len(batches))
	var putErr putError
	parallel.Do(len(batches), 0, func(i int) {
		b := batches[i]
		batches[i] = nil
		problems[i] = emitBatch(b, put, &putErr)
	})
	if err := putErr.first.Load(); err != nil {
		return *err
	}
	var errs diag.List
	for _, err := range problems {
		errs.Merge(err)
	}
	return errs.Err()
}

// putError keeps the first error of put; once there is one, nothing more is rendered.
type putError struct {
	first  atomic.Pointer[error]
	failed atomic.Bool // a render error or a put error: nothing more is put
}

// emitBatch renders b's files in order and puts each, until a file fails to render.
func emitBatch(b Batch, put func(string, []byte) error, pe *putError) error {
	buf := buffers.Get().(*bytes.Buffer)
	defer buffers.Put(buf)
	for _, f := range b {
		if pe.first.Load() != nil {
			return nil
		}
		buf.Reset()
		if err := f.Render(buf); err != nil {
			pe.failed.Store(true)
			return err
		}
		if pe.failed.Load() {
			continue
		}
		if err := put(f.Path, buf.Bytes()); err != nil {
			pe.first.CompareAndSwap(nil, &err)
			pe.failed.Store(true)
			return nil
		}
	}
	return nil
}

var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Paths returns the path of every file of batches, in batch order.
func Paths(batches []Batch) []string {
	var paths []string
	for _, b := range batches {
		for _, f := range b {
			paths = append(paths, f.Path)
		}
	}
	return paths
}
