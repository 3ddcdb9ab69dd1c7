package openapi

import (
	"fmt"
	"sync/atomic"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
)

// directive is a config directive and whether anything matched it.
type directive struct {
	config.Directive
	used atomic.Bool // packages are built in parallel
}

// directives looks up config directives by "<group>/<version>:<path>".
type directives struct {
	byMatch map[string]*directive
	order   []*directive
	dups    []config.Directive
	marks   bool // some directive is a property mark (secret, armID): only then are properties looked up for one
}

func newDirectives(list []config.Directive) *directives {
	d := &directives{byMatch: map[string]*directive{}}
	for _, c := range list {
		if _, dup := d.byMatch[c.Match]; dup {
			d.dups = append(d.dups, c)
			continue
		}
		d.marks = d.marks || config.IsPropertyMark(c.Action)
		dir := &directive{Directive: c}
		d.byMatch[c.Match] = dir
		d.order = append(d.order, dir)
	}
	return d
}

// lookup returns the action for a definition or property path, "" when no directive matches.
func (d *directives) lookup(group, version, path string) string {
	dir, ok := d.byMatch[group+"/"+version+":"+path]
	if !ok {
		return ""
	}
	dir.used.Store(true)
	return dir.Action
}

// lookupDirective returns the directive naming a path, nil when none does.
func (d *directives) lookupDirective(group, version, path string) *config.Directive {
	dir, ok := d.byMatch[group+"/"+version+":"+path]
	if !ok {
		return nil
	}
	dir.used.Store(true)
	return &dir.Directive
}

// reportUnused adds an error for every directive that matched nothing, and for repeated ones;
// notBuilt names the directives whose group was not built, which are not judged.
func (d *directives) reportUnused(errs *diag.List, notBuilt func(*config.Directive) bool) {
	for _, dir := range d.order {
		if !dir.used.Load() && !notBuilt(&dir.Directive) {
			errs.Add(dir.Pos, "directive %q matches nothing: no emitted type reaches that definition or property", dir.Match)
		}
	}
	for _, c := range d.dups {
		errs.Add(c.Pos, "directive %q is given twice", c.Match)
	}
}

// suggestion renders the config YAML that would settle an unresolvable $ref.
func suggestion(group, version, def, propPath string) string {
	match := def
	if match == "" {
		match = propPath
	}
	return fmt.Sprintf("if the spec is not available, say how to treat it in config.yaml:\n"+
		"directives:\n  - match: \"%s/%s:%s\"\n    action: opaque   # or: reference (keep only its id), prune (drop the property)",
		group, version, match)
}

// action returns the action of the directive naming path, "" when none does, without counting
// it as used.
func (d *directives) action(group, version, path string) string {
	if dir, ok := d.byMatch[group+"/"+version+":"+path]; ok {
		return dir.Action
	}
	return ""
}

// has reports whether a directive names path, without counting it as used.
func (d *directives) has(group, version, path string) bool {
	_, ok := d.byMatch[group+"/"+version+":"+path]
	return ok
}
