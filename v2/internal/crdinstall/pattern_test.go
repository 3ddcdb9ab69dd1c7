package crdinstall

import (
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

func TestPatternsMatchGroupAndKindCaseInsensitively(t *testing.T) {
	rg := schema.GroupKind{Group: "resources.azure.com", Kind: "ResourceGroup"}
	sa := schema.GroupKind{Group: "storage.azure.com", Kind: "StorageAccount"}
	for _, tc := range []struct {
		pattern string
		want    []schema.GroupKind
	}{
		{"resources.azure.com/*", []schema.GroupKind{rg}},
		{"RESOURCES.azure.com/resourcegroup", []schema.GroupKind{rg}},
		{"resources.azure.com/*;storage.azure.com/StorageAccount", []schema.GroupKind{rg, sa}},
		{"*", []schema.GroupKind{rg, sa}},
		{"*.azure.com/*Account", []schema.GroupKind{sa}},
		{"storage.azure.com/StorageAccoun?", []schema.GroupKind{sa}},
		{"resources.azure.com", nil},          // no kind
		{"resources.azure.com/Resource", nil}, // no prefix match without *
		{" ; ;", nil},
	} {
		ps := ParsePatterns(tc.pattern)
		var got []schema.GroupKind
		for _, gk := range []schema.GroupKind{rg, sa} {
			if ps.Matches(gk) {
				got = append(got, gk)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q selects %v, want %v", tc.pattern, got, tc.want)
		}
	}
}

func TestUnmatchedNamesEachPatternSelectingNothing(t *testing.T) {
	kinds := []schema.GroupKind{{Group: "resources.azure.com", Kind: "ResourceGroup"}}
	got := ParsePatterns("resources.azure.com/*; nosuch.azure.com/* ;foo").Unmatched(kinds)
	if want := []string{"nosuch.azure.com/*", "foo"}; !slices.Equal(got, want) {
		t.Errorf("Unmatched = %q, want %q", got, want)
	}
}
