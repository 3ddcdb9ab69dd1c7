package kubemarkers

import (
	"slices"
	"strings"
)

// Role is one object of the role file: the ClusterRole (Namespace "") or the Role of a
// namespace, with its merged rules.
type Role struct {
	Namespace string
	Rules     []Rule
}

// Roles merges rules as controller-gen's rbac generator does: a rule per resource, grouped by
// namespace (sorted, the cluster-wide "" first); in each, "core" is the group "", rules naming
// the same groups, resources, resource names and URLs share their verbs, then rules alike but
// for their resources, their groups, or their URLs are joined; every list is sorted without
// duplicates, verbs holding "*" are just "*", and the rules are sorted by their groups,
// resources, resource names and URLs. A namespace without rules has no role.
func Roles(rules []Rule) []Role {
	byNamespace := map[string][]Rule{}
	for _, r := range rules {
		byNamespace[r.Namespace] = append(byNamespace[r.Namespace], perResource(r)...)
	}
	var roles []Role
	for _, ns := range sortedKeys(byNamespace) {
		if merged := mergeRules(byNamespace[ns]); len(merged) > 0 {
			roles = append(roles, Role{Namespace: ns, Rules: merged})
		}
	}
	return roles
}

// perResource splits a rule into one rule per resource (one rule when it names none).
func perResource(r Rule) []Rule {
	if len(r.Resources) == 0 {
		r.Resources = nil
		return []Rule{normalized(r)}
	}
	out := make([]Rule, len(r.Resources))
	for i, res := range r.Resources {
		one := r
		one.Resources = []string{res}
		out[i] = normalized(one)
	}
	return out
}

// normalized returns r with "core" as "" and every list sorted without duplicates (nil when empty).
func normalized(r Rule) Rule {
	groups := make([]string, len(r.Groups))
	for i, g := range r.Groups {
		if g != "core" {
			groups[i] = g
		}
	}
	r.Groups = set(groups)
	r.Resources, r.ResourceNames, r.Verbs, r.URLs = set(r.Resources), set(r.ResourceNames), set(r.Verbs), set(r.URLs)
	return r
}

func mergeRules(rules []Rule) []Rule {
	rules = mergeBy(rules, key, func(into *Rule, r Rule) { into.Verbs = append(into.Verbs, r.Verbs...) })
	rules = mergeBy(rules, func(r Rule) string { return join(r.Groups, r.ResourceNames, r.URLs, r.Verbs) },
		func(into *Rule, r Rule) { into.Resources = append(into.Resources, r.Resources...) })
	rules = mergeBy(rules, func(r Rule) string { return join(r.Resources, r.ResourceNames, r.URLs, r.Verbs) },
		func(into *Rule, r Rule) { into.Groups = append(into.Groups, r.Groups...) })
	rules = mergeBy(rules, func(r Rule) string { return join(r.Groups, r.Resources, r.ResourceNames, r.Verbs) },
		func(into *Rule, r Rule) { into.URLs = append(into.URLs, r.URLs...) })
	slices.SortFunc(rules, func(a, b Rule) int { return strings.Compare(key(a), key(b)) })
	for i := range rules {
		if slices.Contains(rules[i].Verbs, "*") {
			rules[i].Verbs = []string{"*"}
		}
	}
	return rules
}

// mergeBy joins the rules of equal keyOf into the first of them and normalizes the result.
func mergeBy(rules []Rule, keyOf func(Rule) string, merge func(into *Rule, r Rule)) []Rule {
	index := map[string]int{}
	var out []Rule
	for _, r := range rules {
		k := keyOf(r)
		if i, ok := index[k]; ok {
			merge(&out[i], r)
			continue
		}
		index[k] = len(out)
		out = append(out, r)
	}
	for i := range out {
		out[i] = normalized(out[i])
	}
	return out
}

// key is controller-gen's rule key: groups, resources, resource names and URLs.
func key(r Rule) string { return join(r.Groups, r.Resources, r.ResourceNames, r.URLs) }

func join(lists ...[]string) string {
	parts := make([]string, len(lists))
	for i, l := range lists {
		parts[i] = strings.Join(l, "&")
	}
	return strings.Join(parts, " + ")
}

// set returns values sorted without duplicates; nil when there are none.
func set(values []string) []string {
	if len(values) == 0 {
		return nil
	}
	out := slices.Clone(values)
	slices.Sort(out)
	return slices.Compact(out)
}

func sortedKeys(m map[string][]Rule) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
