package wiring

import (
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
				errs.Add(e.Pos, "unknown extension %q on %s %s; valid extensions are: %s", e.Name, r.Group, r.Kind, PointNames())
			case seen[e.Name]:
				errs.Add(e.Pos, "extension %s is listed twice for %s %s", e.Name, r.Group, r.Kind)
			case p.NeedsOwner():
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
		return diag.Errorf(e.Pos, "%s needs an owner, but %s %s has no owner kind (its owner is the subscription); "+
			"remove it from the extensions of %s %s", e.Name, r.Group, r.Kind, r.Group, r.Kind)
	}
	if _, err := OwnerKind(m, k); err != nil {
		return diag.Errorf(e.Pos, "%s types the owner with its hub, but %v", e.Name, err)
	}
	return nil
}
