package codegen

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"reflect"
	"slices"
	"sync"

	"github.com/asogen/asogen/pkg/astmodel"
)

// hashValue hashes v through valueHasher: two values with the same hash emit the same files.
func hashValue(v reflect.Value) ([sha256.Size]byte, error) {
	sum, _, err := hashNaming(v)
	return sum, err
}

// hashNaming hashes v and returns every package it names (a PackageRef anywhere inside it).
func hashNaming(v reflect.Value) ([sha256.Size]byte, map[astmodel.PackageRef]bool, error) {
	h := sha256.New()
	w := &valueHasher{out: h, path: map[uintptr]bool{}, names: map[astmodel.PackageRef]bool{}}
	if err := w.value(v); err != nil {
		return [sha256.Size]byte{}, nil, err
	}
	w.flush()
	return [sha256.Size]byte(h.Sum(nil)), w.names, nil
}

var packageRefType = reflect.TypeFor[astmodel.PackageRef]()

// valueHasher writes an unambiguous encoding of a value to out: every kind and length is
// written, interfaces carry their dynamic type, map entries are sorted by the encoding of their
// keys (each value written as its own hash), and what a pointer points to is written in full. A
// cycle (a pointer back into the path from the root) is an error: the caller then does without
// the key. The encoding streams: only map keys are kept whole.
type valueHasher struct {
	out   io.Writer
	buf   []byte // written to out when it reaches flushAt
	path  map[uintptr]bool
	names map[astmodel.PackageRef]bool // every PackageRef met
}

const flushAt = 4096

func (w *valueHasher) flush() {
	_, _ = w.out.Write(w.buf) // a hash or a bytes.Buffer: never fails
	w.buf = w.buf[:0]
}

func (w *valueHasher) uint(n uint64) {
	w.buf = binary.AppendUvarint(w.buf, n)
	if len(w.buf) >= flushAt {
		w.flush()
	}
}

func (w *valueHasher) str(s string) {
	w.uint(uint64(len(s)))
	w.buf = append(w.buf, s...)
	if len(w.buf) >= flushAt {
		w.flush()
	}
}

// typeIDs holds a short stable name of every type met: the first 8 bytes of the SHA-256 of its
// name, so the encoding does not repeat each struct's full type name.
var typeIDs sync.Map // reflect.Type → uint64

func (w *valueHasher) typeID(t reflect.Type) {
	if id, ok := typeIDs.Load(t); ok {
		w.uint(id.(uint64))
		return
	}
	sum := sha256.Sum256([]byte(t.PkgPath() + "." + t.String()))
	id := binary.LittleEndian.Uint64(sum[:8])
	typeIDs.Store(t, id)
	w.uint(id)
}

// bufs holds the pending-bytes buffers of child hashers (one per map entry).
var bufs = sync.Pool{New: func() any { b := make([]byte, 0, 2*flushAt); return &b }}

// child is a hasher writing to out that shares w's cycle path and named packages; done flushes
// it and returns its buffer.
func (w *valueHasher) child(out io.Writer) *valueHasher {
	return &valueHasher{out: out, buf: (*bufs.Get().(*[]byte))[:0], path: w.path, names: w.names}
}

func (w *valueHasher) done() {
	w.flush()
	b := w.buf[:0]
	w.buf = nil
	bufs.Put(&b)
}

func (w *valueHasher) value(v reflect.Value) error {
	w.uint(uint64(v.Kind()))
	switch v.Kind() {
	case reflect.Invalid:
	case reflect.Bool:
		var b uint64
		if v.Bool() {
			b = 1
		}
		w.uint(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		w.uint(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		w.uint(v.Uint())
	case reflect.Float32, reflect.Float64:
		w.str(fmt.Sprint(v.Float()))
	case reflect.String:
		w.str(v.String())
	default:
		return w.composite(v)
	}
	return nil
}

func (w *valueHasher) composite(v reflect.Value) error {
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return w.value(reflect.Value{})
		}
		w.typeID(v.Elem().Type())
		return w.value(v.Elem())
	case reflect.Pointer:
		return w.pointer(v)
	case reflect.Struct:
		if v.Type() == packageRefType {
			// read field by field: v may sit in an unexported field, where Interface panics
			ref := astmodel.PackageRef{Group: v.Field(0).String(), APIVersion: v.Field(1).String(), Storage: v.Field(2).Bool()}
			w.names[ref] = true
		}
		w.typeID(v.Type())
		for i := range v.NumField() {
			if err := w.value(v.Field(i)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Slice, reflect.Array:
		return w.sequence(v)
	case reflect.Map:
		return w.mapEntries(v)
	}
	return fmt.Errorf("fingerprint: cannot hash a %s", v.Type())
}

func (w *valueHasher) pointer(v reflect.Value) error {
	if v.IsNil() {
		w.uint(0)
		return nil
	}
	p := v.Pointer()
	if w.path[p] {
		return fmt.Errorf("fingerprint: cycle through a %s", v.Type())
	}
	w.path[p] = true
	defer delete(w.path, p)
	w.uint(1)
	return w.value(v.Elem())
}

func (w *valueHasher) sequence(v reflect.Value) error {
	w.uint(uint64(v.Len()))
	for i := range v.Len() {
		if err := w.value(v.Index(i)); err != nil {
			return err
		}
	}
	return nil
}

// mapEntries writes the entries sorted by the encoding of their keys, each key followed by the
// hash of its value.
func (w *valueHasher) mapEntries(v reflect.Value) error {
	type entry struct {
		key []byte
		sum [sha256.Size]byte
	}
	entries := make([]entry, 0, v.Len())
	for it := v.MapRange(); it.Next(); {
		var key bytes.Buffer
		kw := w.child(&key)
		if err := kw.value(it.Key()); err != nil {
			return err
		}
		kw.done()
		h := sha256.New()
		vw := w.child(h)
		if err := vw.value(it.Value()); err != nil {
			return err
		}
		vw.done()
		entries = append(entries, entry{key: key.Bytes(), sum: [sha256.Size]byte(h.Sum(nil))})
	}
	slices.SortFunc(entries, func(a, b entry) int { return bytes.Compare(a.key, b.key) })
	w.uint(uint64(len(entries)))
	for _, e := range entries {
		w.buf = append(append(w.buf, e.key...), e.sum[:]...)
		if len(w.buf) >= flushAt {
			w.flush()
		}
	}
	return nil
}
