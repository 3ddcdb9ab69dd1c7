// Package roundtrip checks that generated conversions lose nothing: a random value of an API
// version converted to the hub and back must come back the same.
package roundtrip

import (
	"encoding/json"
	"math"
	"reflect"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"pgregory.net/rapid"
)

// maxDepth bounds how deep Fill goes into nested (possibly recursive) types.
const maxDepth = 10

var (
	timeType = reflect.TypeOf(metav1.Time{})
	jsonType = reflect.TypeOf(apiextensionsv1.JSON{})
)

// Fill sets v (settable) to a value drawn from t: every exported field, pointers nil or set,
// slices and maps nil, empty or small, floats finite (NaN and infinities have no JSON form),
// opaque JSON a valid non-null document, times whole seconds (the precision Kubernetes keeps).
func Fill(t *rapid.T, v reflect.Value, label string) {
	fill(t, v, label, 0)
}

func fill(t *rapid.T, v reflect.Value, label string, depth int) {
	if v.Type() == timeType {
		secs := rapid.Int64Range(0, 4_000_000_000).Draw(t, label)
		v.Set(reflect.ValueOf(metav1.NewTime(time.Unix(secs, 0).UTC())))
		return
	}
	if v.Type() == jsonType {
		raw, _ := json.Marshal(rapid.String().Draw(t, label))
		v.Set(reflect.ValueOf(apiextensionsv1.JSON{Raw: raw}))
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		fillPointer(t, v, label, depth)
	case reflect.Struct:
		fillStruct(t, v, label, depth)
	case reflect.Slice:
		fillSlice(t, v, label, depth)
	case reflect.Map:
		fillMap(t, v, label, depth)
	default:
		fillScalar(t, v, label)
	}
}

func fillPointer(t *rapid.T, v reflect.Value, label string, depth int) {
	if depth >= maxDepth || !rapid.Bool().Draw(t, label+"?") {
		return
	}
	p := reflect.New(v.Type().Elem())
	fill(t, p.Elem(), label, depth+1)
	v.Set(p)
}

func fillStruct(t *rapid.T, v reflect.Value, label string, depth int) {
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if f.IsExported() {
			fill(t, v.Field(i), label+"."+f.Name, depth+1)
		}
	}
}

// lengthOf draws -1 (nil) or a small length.
func lengthOf(t *rapid.T, label string, depth int) int {
	if depth >= maxDepth {
		return -1
	}
	return rapid.IntRange(-1, 3).Draw(t, label+"#")
}

func fillSlice(t *rapid.T, v reflect.Value, label string, depth int) {
	n := lengthOf(t, label, depth)
	if n < 0 {
		return
	}
	s := reflect.MakeSlice(v.Type(), n, n)
	for i := range n {
		fill(t, s.Index(i), label+"[]", depth+1)
	}
	v.Set(s)
}

func fillMap(t *rapid.T, v reflect.Value, label string, depth int) {
	n := lengthOf(t, label, depth)
	if n < 0 {
		return
	}
	m := reflect.MakeMapWithSize(v.Type(), n)
	for range n {
		k := reflect.New(v.Type().Key()).Elem()
		fill(t, k, label+"{key}", depth+1)
		e := reflect.New(v.Type().Elem()).Elem()
		fill(t, e, label+"{}", depth+1)
		m.SetMapIndex(k, e)
	}
	v.Set(m)
}

func fillScalar(t *rapid.T, v reflect.Value, label string) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(rapid.String().Draw(t, label))
	case reflect.Bool:
		v.SetBool(rapid.Bool().Draw(t, label))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(rapid.Int64Range(math.MinInt32, math.MaxInt32).Draw(t, label))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(rapid.Uint64Range(0, math.MaxUint16).Draw(t, label))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(rapid.Float64Range(-1e9, 1e9).Draw(t, label))
	case reflect.Interface:
		// left nil: generated API types hold no interfaces
	default:
		t.Fatalf("%s: cannot fill a %s", label, v.Type())
	}
}
