package gen

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
)

// batches returns n batches of two files; render fails for the paths in bad.
func batches(n int, bad ...string) []Batch {
	var out []Batch
	for i := range n {
		var b Batch
		for j := range 2 {
			p := fmt.Sprintf("b%d/f%d", i, j)
			b = append(b, File{Path: p, Render: func(buf *bytes.Buffer) error {
				if slices.Contains(bad, p) {
					return errors.New("cannot render " + p)
				}
				buf.WriteString(p)
				return nil
			}})
		}
		out = append(out, b)
	}
	return out
}

func TestEmitPutsEveryFileWithItsBytes(t *testing.T) {
	got := map[string]string{}
	var mu sync.Mutex
	err := Emit(batches(20), func(p string, content []byte) error {
		mu.Lock()
		defer mu.Unlock()
		got[p] = string(content)
		return nil
	})
	if err != nil || len(got) != 40 {
		t.Fatalf("Emit = %v, %d files", err, len(got))
	}
	for p, c := range got {
		if p != c {
			t.Errorf("%s holds %q", p, c)
		}
	}
}

func TestEmitReportsEveryRenderError(t *testing.T) {
	err := Emit(batches(20, "b15/f0", "b3/f1"), func(string, []byte) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "cannot render b3/f1") || !strings.Contains(err.Error(), "cannot render b15/f0") {
		t.Fatalf("Emit = %q", err)
	}
}

func TestEmitReturnsThePutErrorAsItIs(t *testing.T) {
	full := errors.New("disk full")
	err := Emit(batches(20), func(string, []byte) error { return full })
	if err != full {
		t.Fatalf("Emit = %v, want the put error", err)
	}
}
