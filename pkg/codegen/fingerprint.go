package codegen

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"reflect"
	"slices"

	"github.com/asogen/asogen/pkg/astmodel"
)

// hashValue hashes v through valueHasher: two values with the same hash emit the same files.
func hashValue(v reflect.Value) ([sha256.Size]byte, error) {
	sum, _, err := hashNaming(v)
	return sum, err
}

// hashNaming hashes v and returns every package it names (a PackageRef anywhere inside it).
func hashNaming(v reflect.Value) ([sha256.Size]byte, map[astmodel.PackageRef]bool, error) {
	w := &valueHasher{path: map[uintptr]bool{}, names: map[astmodel.PackageRef]bool{}}
	if err := w.value(v); err != nil {
		return [sha256.Size]byte{}, nil, err
	}
	return sha256.Sum256(w.buf), w.names, nil
}

var packageRefType = reflect.TypeFor[astmodel.PackageRef]()

// valueHasher writes an unambiguous encoding of a value: every kind and length is written,
// interfaces carry their dynamic type, map entries are sorted by their encoding, and what a
// pointer points to is written in full. A cycle (a pointer back into the path from the root)
// is an error: the caller then does without the fingerprint.
type valueHasher struct {
	buf   []byte
	path  map[uintptr]bool
	names map[astmodel.PackageRef]bool // every PackageRef met
}

func (w *valueHasher) uint(n uint64) { w.buf = binary.AppendUvarint(w.buf, n) }

func (w *valueHasher) str(s string) {
	w.uint(uint64(len(s)))
	w.buf = append(w.buf, s...)
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
		w.str(v.Elem().Type().String())
		return w.value(v.Elem())
	case reflect.Pointer:
		return w.pointer(v)
	case reflect.Struct:
		if v.Type() == packageRefType {
			// read field by field: v may sit in an unexported field, where Interface panics
			ref := astmodel.PackageRef{Group: v.Field(0).String(), APIVersion: v.Field(1).String(), Storage: v.Field(2).Bool()}
			w.names[ref] = true
		}
		w.str(v.Type().String())
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

// mapEntries writes the entries sorted by the encoding of their keys.
func (w *valueHasher) mapEntries(v reflect.Value) error {
	type entry struct{ key, val []byte }
	entries := make([]entry, 0, v.Len())
	for it := v.MapRange(); it.Next(); {
		k, err := w.sub(it.Key())
		if err != nil {
			return err
		}
		val, err := w.sub(it.Value())
		if err != nil {
			return err
		}
		entries = append(entries, entry{k, val})
	}
	slices.SortFunc(entries, func(a, b entry) int { return bytes.Compare(a.key, b.key) })
	w.uint(uint64(len(entries)))
	for _, e := range entries {
		w.buf = append(append(w.buf, e.key...), e.val...)
	}
	return nil
}

// sub encodes v on its own and returns the bytes.
func (w *valueHasher) sub(v reflect.Value) ([]byte, error) {
	saved := w.buf
	w.buf = nil
	err := w.value(v)
	out := w.buf
	w.buf = saved
	return out, err
}
