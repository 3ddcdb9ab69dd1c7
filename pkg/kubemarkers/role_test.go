package kubemarkers

import (
	"reflect"
	"testing"
)

func rule(groups, resources, verbs []string) Rule {
	return Rule{Groups: groups, Resources: resources, Verbs: verbs}
}

func l(s ...string) []string { return s }

// TestRolesMerge follows controller-gen's merging step by step.
func TestRolesMerge(t *testing.T) {
	cases := map[string]struct {
		in   []Rule
		want []Rule
	}{
		"same key shares verbs, sorted without duplicates": {
			in:   []Rule{rule(l("a"), l("x"), l("list", "get")), rule(l("a"), l("x"), l("get", "watch"))},
			want: []Rule{rule(l("a"), l("x"), l("get", "list", "watch"))},
		},
		"resources with equal groups and verbs join": {
			in:   []Rule{rule(l("a"), l("y"), l("get")), rule(l("a"), l("x"), l("get"))},
			want: []Rule{rule(l("a"), l("x", "y"), l("get"))},
		},
		"groups with equal resources and verbs join": {
			in:   []Rule{rule(l("b"), l("x"), l("get")), rule(l("a"), l("x"), l("get"))},
			want: []Rule{rule(l("a", "b"), l("x"), l("get"))},
		},
		"a rule is split per resource before merging": {
			in:   []Rule{rule(l("a"), l("x", "y"), l("get")), rule(l("a"), l("y"), l("list"))},
			want: []Rule{rule(l("a"), l("x"), l("get")), rule(l("a"), l("y"), l("get", "list"))},
		},
		"core is the empty group; rules sorted by key": {
			in:   []Rule{rule(l("b"), l("x"), l("get")), rule(l("core"), l("pods"), l("get", "list"))},
			want: []Rule{rule(l(""), l("pods"), l("get", "list")), rule(l("b"), l("x"), l("get"))},
		},
		"a star verb is all verbs": {
			in:   []Rule{rule(l("a"), l("x"), l("get")), rule(l("a"), l("x"), l("*"))},
			want: []Rule{rule(l("a"), l("x"), l("*"))},
		},
		"urls with equal verbs join": {
			in:   []Rule{{URLs: l("/b"), Verbs: l("get")}, {URLs: l("/a"), Verbs: l("get")}},
			want: []Rule{{URLs: l("/a", "/b"), Verbs: l("get")}},
		},
	}
	for name, c := range cases {
		got := Roles(c.in)
		if len(got) != 1 || got[0].Namespace != "" || !reflect.DeepEqual(got[0].Rules, c.want) {
			t.Errorf("%s:\ngot  %+v\nwant %+v", name, got, c.want)
		}
	}
}

// TestRolesByNamespace: the ClusterRole first, then a Role per namespace, sorted.
func TestRolesByNamespace(t *testing.T) {
	in := []Rule{
		{Groups: l("c"), Resources: l("leases"), Verbs: l("get"), Namespace: "z"},
		{Groups: l("c"), Resources: l("leases"), Verbs: l("get"), Namespace: "m"},
		rule(l("a"), l("x"), l("get")),
	}
	got := Roles(in)
	if len(got) != 3 || got[0].Namespace != "" || got[1].Namespace != "m" || got[2].Namespace != "z" {
		t.Fatalf("roles: %+v", got)
	}
	if Roles(nil) != nil {
		t.Error("no rules, yet a role")
	}
}
