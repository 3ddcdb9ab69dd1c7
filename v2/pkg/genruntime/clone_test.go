package genruntime

import (
	"reflect"
	"testing"
)

type tier string

func TestClonePointer(t *testing.T) {
	if ClonePointer[int](nil) != nil {
		t.Fatal("nil must stay nil")
	}
	v := 3
	c := ClonePointer(&v)
	if *c != 3 || c == &v {
		t.Fatalf("copy %v shares or differs", c)
	}
}

func TestCastPointer(t *testing.T) {
	if CastPointer[string, tier](nil) != nil {
		t.Fatal("nil must stay nil")
	}
	hot := tier("Hot")
	if s := CastPointer[string](&hot); *s != "Hot" {
		t.Fatalf("got %q", *s)
	}
}

func TestCloneAndCastCollections(t *testing.T) {
	if CloneSlice[int](nil) != nil || CastSlice[string, tier](nil) != nil || CloneMap[string, int](nil) != nil || CastMap[string, tier](nil) != nil {
		t.Fatal("nil collections must stay nil")
	}
	s := []tier{"Hot", "Cool"}
	if got := CastSlice[string](s); !reflect.DeepEqual(got, []string{"Hot", "Cool"}) {
		t.Fatalf("CastSlice = %v", got)
	}
	orig := []int{1, 2}
	c := CloneSlice(orig)
	c[0] = 9
	if orig[0] != 1 || len(CloneSlice([]int{})) != 0 || CloneSlice([]int{}) == nil {
		t.Fatal("CloneSlice shares memory or loses emptiness")
	}
	m := map[string]tier{"a": "Hot"}
	if got := CastMap[string](m); !reflect.DeepEqual(got, map[string]string{"a": "Hot"}) {
		t.Fatalf("CastMap = %v", got)
	}
	cm := CloneMap(map[string]int{"a": 1})
	cm["a"] = 2
	if !reflect.DeepEqual(CloneMap(map[string]int{"a": 1}), map[string]int{"a": 1}) {
		t.Fatal("CloneMap differs")
	}
}
