package operator

import (
	"bytes"
	"io"
	"sync"
)

// startupLog holds the log lines written during start-up: a start-up failure is then the only
// line the process prints. release writes them out, and every later line goes straight through.
type startupLog struct {
	mu       sync.Mutex
	out      io.Writer
	held     bytes.Buffer
	released bool
}

func (l *startupLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.released {
		return l.out.Write(p)
	}
	return l.held.Write(p)
}

// release writes the held lines and lets every later line through.
func (l *startupLog) release() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.released {
		_, _ = l.out.Write(l.held.Bytes())
		l.held.Reset()
		l.released = true
	}
}
