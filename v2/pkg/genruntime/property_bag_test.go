package genruntime

import (
	"reflect"
	"testing"
)

type nested struct {
	Name  string            `json:"name"`
	Count *int              `json:"count,omitempty"`
	Tags  map[string]string `json:"tags,omitempty"`
}

func TestPropertyBagRoundTrip(t *testing.T) {
	three := 3
	cases := []struct {
		name   string
		value  any
		target func() any
	}{
		{"string", "eastus", func() any { return new(string) }},
		{"int", 42, func() any { return new(int) }},
		{"bool", true, func() any { return new(bool) }},
		{"slice", []string{"a", "b"}, func() any { return new([]string) }},
		{"struct", nested{Name: "n", Count: &three, Tags: map[string]string{"k": "v"}}, func() any { return new(nested) }},
		{"pointer", &three, func() any { return new(*int) }},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bag := NewPropertyBag()
			if err := bag.Add("prop", c.value); err != nil {
				t.Fatalf("Add: %v", err)
			}

			target := c.target()
			found, err := bag.Pull("prop", target)
			if err != nil || !found {
				t.Fatalf("Pull = %v, %v", found, err)
			}

			got := reflect.ValueOf(target).Elem().Interface()
			if !reflect.DeepEqual(got, c.value) {
				t.Errorf("round trip gave %#v, want %#v", got, c.value)
			}

			if bag.Contains("prop") {
				t.Errorf("Pull left the property in the bag")
			}
		})
	}
}

func TestPropertyBagPullMissingAndBadJSON(t *testing.T) {
	bag := PropertyBag{"bad": "{not json"}
	var s string
	if found, err := bag.Pull("missing", &s); found || err != nil {
		t.Errorf("Pull(missing) = %v, %v", found, err)
	}

	if found, err := bag.Pull("bad", &s); !found || err == nil {
		t.Errorf("Pull(bad) = %v, %v; want found and an error", found, err)
	}

	if !bag.Contains("bad") {
		t.Errorf("a failed Pull removed the entry")
	}
}

func TestNewPropertyBagMergesWithoutSharing(t *testing.T) {
	first := PropertyBag{"a": `"1"`, "b": `"1"`}
	second := PropertyBag{"b": `"2"`}
	merged := NewPropertyBag(first, nil, second)
	want := PropertyBag{"a": `"1"`, "b": `"2"`}
	if !reflect.DeepEqual(merged, want) {
		t.Errorf("merged = %v, want %v", merged, want)
	}

	merged.Remove("a")
	if !first.Contains("a") || merged.Contains("a") {
		t.Errorf("Remove on the merged bag changed the source, or did nothing")
	}
}

func TestPropertyBagAddErrors(t *testing.T) {
	var nilBag PropertyBag
	if err := nilBag.Add("x", 1); err == nil {
		t.Errorf("Add to a nil bag succeeded")
	}

	if err := NewPropertyBag().Add("x", make(chan int)); err == nil {
		t.Errorf("Add of an unencodable value succeeded")
	}
}

func TestPropertyBagDeepCopy(t *testing.T) {
	bag := PropertyBag{"a": "1"}
	copied := bag.DeepCopy()
	copied["a"] = "2"
	if bag["a"] != "1" {
		t.Errorf("DeepCopy shares storage")
	}
}
