package wiring

import (
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
)

// Validate checks every configured extension name against the extension-point table and the
// model: unknown names (listing the valid ones), repeated names, and points needing an owner on
// kinds without an owner kind, or whose owner kind is not configured. All problems are collected.
func Validate(cfg *config.Config, m *astmodel.Model) error {
	var errs diag.List
	for _, r := range cfg.Resources {
		seen := map[string]bool{}
		for _, e := range r.Extensions {
			p, ok := PointNamed(e.Name)
			switch {
			case !ok:
				errs.Add(e.Pos, "unknown extension %q on %s %s%s; valid extensions are: %s", e.Name, r.Group, r.Kind, didYouMean(e.Name), PointNames())
			case seen[e.Name]:
				errs.Add(e.Pos, "extension %s is listed twice for %s %s", e.Name, r.Group, r.Kind)
			case p.needsOwner():
				errs.Merge(checkOwner(m, r, e))
			}
			seen[e.Name] = true
		}
	}
	return errs.Err()
}

// checkOwner reports an owner-typed point on a kind without a configured owner kind.
func checkOwner(m *astmodel.Model, r config.Resource, e config.Extension) error {
	k, ok := m.Kind(r.Group, r.Kind)
	if !ok {
		return nil // the reader reports kinds it could not build
	}
	if k.Owner == nil {
		return diag.Errorf(e.Pos, "%s needs an owner, but %s %s has no owner kind (its owner is %s); "+
			"remove it from the extensions of %s %s", e.Name, r.Group, r.Kind, ownerless(k), r.Group, r.Kind)
	}
	if _, err := ownerKind(m, k); err != nil {
		return diag.Errorf(e.Pos, "%s types the owner with its hub, but %v", e.Name, err)
	}
	return nil
}

// ownerless says what owns a kind without an owner kind.
func ownerless(k *astmodel.Kind) string {
	switch {
	case k.ArbitraryOwner():
		return "any resource: an extension resource"
	case k.Scope == astmodel.ScopeTenant:
		return "the tenant"
	}
	return "the subscription"
}

// didYouMean suggests the extension point closest to a misspelt name, when one is close.
func didYouMean(name string) string {
	best, bestDist := "", len(name)/3+1
	for _, p := range Points {
		if d := editDistance(strings.ToLower(name), strings.ToLower(p.Name)); d < bestDist {
			best, bestDist = p.Name, d
		}
	}
	if best == "" {
		return ""
	}
	return " (did you mean " + best + "?)"
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
