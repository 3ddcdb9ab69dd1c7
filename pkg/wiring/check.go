package wiring

import (
	"github.com/asogen/asogen/pkg/handwritten"
	"slices"
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/naming"
)

// MigrateCommand is the command that moves hand-written code to a new hub.
const MigrateCommand = "asogen generate --migrate-hub"

// HubMove is a hand-written method typed against an older hub of its kind: what Migrate fixes.
type HubMove struct {
	File    string // absolute path of the hand-written file
	Pos     diag.Pos
	OldPath string // import path of the older hub package
	NewPath string // import path of the current hub package
}

// Report is what Check found in the hand-written code.
type Report struct {
	Errors diag.List // problems to fix before anything is written
	Unused diag.List // methods on hosts of kinds that are no longer configured (warnings)
	Moves  []HubMove // the errors that are hub moves, which Migrate can fix
}

// Err returns the errors as one error, or nil.
func (r *Report) Err() error { return r.Errors.Err() }

// LayoutOf returns the layout configured in cfg.
func LayoutOf(cfg *config.Config) Layout {
	return Layout{Module: cfg.Module, APIRoot: cfg.Output.API, RegistryDir: cfg.Output.Registry}
}

// Check compares the configured extensions of every kind with the hand-written methods found
// in the customizations packages (handwritten.Found): configured but not written, written but not
// configured, and written against the wrong type (an older hub is reported as a HubMove too). All
// problems are collected. The returned error is found.Err: the code could not be loaded or parsed.
func Check(cfg *config.Config, m *astmodel.Model, found handwritten.Found) (*Report, error) {
	if found.Err != nil {
		return nil, found.Err
	}
	c := &checker{cfg: cfg, layout: LayoutOf(cfg), model: m, report: &Report{}, methods: found.Methods}
	for _, k := range m.Kinds {
		for _, p := range Points {
			c.point(k, p)
		}
	}
	c.unused()
	return c.report, nil
}

// HandWrittenNames are the names of the hand-written methods of the extension points.
func HandWrittenNames() []string {
	names := make([]string, len(Points))
	for i, p := range Points {
		names[i] = p.HandWritten
	}
	return names
}

// Packages returns the customizations packages of groups.
func Packages(l Layout, groups []string) []handwritten.Package {
	out := make([]handwritten.Package, len(groups))
	for i, g := range groups {
		out[i] = handwritten.Package{Group: g, Dir: l.CustomizationsDir(g), Import: l.CustomizationsImport(g)}
	}
	return out
}

type checker struct {
	cfg     *config.Config
	layout  Layout
	model   *astmodel.Model
	report  *Report
	methods []handwritten.Method
}

// find returns the hand-written methods called name on a kind's host.
func (c *checker) find(k *astmodel.Kind, name string) []handwritten.Method {
	var out []handwritten.Method
	for _, m := range c.methods {
		if m.Group == k.Group && m.Host == naming.HostName(k.Name) && m.Name == name {
			out = append(out, m)
		}
	}
	return out
}

// point checks one extension point of one kind.
func (c *checker) point(k *astmodel.Kind, p Point) {
	written := c.find(k, p.HandWritten)
	configured := slices.Contains(k.Extensions, p.Name)
	for _, m := range c.find(k, p.Method) {
		c.report.Errors.Add(m.Pos, "%s", generatedCollision(c, k, p, m))
	}
	switch {
	case configured && len(written) == 0:
		c.missing(k, p)
	case !configured:
		for _, m := range written {
			c.report.Errors.Add(m.Pos, "%s", notConfigured(c.cfg, k, p, m))
		}
	default:
		for _, m := range written {
			c.compare(k, p, m)
		}
	}
}

func (c *checker) missing(k *astmodel.Kind, p Point) {
	s, err := Bind(c.layout, c.model, k, p)
	if err != nil {
		return // Validate reports owner problems at the config entry
	}
	if m, ok := c.elsewhere(k, p); ok {
		c.report.Errors.Add(m.Pos, "%s", wrongReceiverMessage(s, m))
		return
	}
	c.report.Errors.Add(c.extensionPos(k, p.Name), "%s", missingMessage(c.layout, s))
}

// elsewhere finds the hand-written method of p in k's group declared on a receiver that is no
// configured kind's host (a typo, another type): the user wrote it, on the wrong receiver. One
// in the file scaffold would have created wins.
func (c *checker) elsewhere(k *astmodel.Kind, p Point) (handwritten.Method, bool) {
	var found []handwritten.Method
	for _, m := range c.methods {
		if m.Group == k.Group && m.Name == p.HandWritten && !c.isHost(m) {
			found = append(found, m)
		}
	}
	want := c.layout.HandWrittenFile(k, p)
	for _, m := range found {
		if m.Pos.File == want {
			return m, true
		}
	}
	if len(found) > 0 {
		return found[0], true
	}
	return handwritten.Method{}, false
}

// isHost reports whether m's receiver is the host of a configured kind of its group.
func (c *checker) isHost(m handwritten.Method) bool {
	_, ok := c.model.Kind(m.Group, strings.TrimSuffix(m.Host, "Extension"))
	return m.OnHost && ok
}

// compare checks a written method's parameters against the signature.
func (c *checker) compare(k *astmodel.Kind, p Point, m handwritten.Method) {
	s, err := Bind(c.layout, c.model, k, p)
	if err != nil {
		return
	}
	if len(m.Params) != len(s.Params) {
		c.report.Errors.Add(m.Pos, "%s", arityMessage(s, m))
		return
	}
	for i, want := range s.Params {
		got := m.Params[i]
		if got.Path == want.Type.Path && got.Name == want.Type.Name && got.Pointer == want.Pointer {
			continue
		}
		if c.olderHub(want, got) {
			c.report.Moves = append(c.report.Moves, HubMove{File: m.File, Pos: got.Pos, OldPath: got.Path, NewPath: want.Type.Path})
			c.report.Errors.Add(got.Pos, "%s", hubMovedMessage(s, want, got))
			continue
		}
		c.report.Errors.Add(got.Pos, "%s", wrongTypeMessage(s, i, want, got))
	}
}

// olderHub reports whether got is the same kind in the storage variant of another version of
// the group that holds the expected hub: the hub has moved since the method was written.
func (c *checker) olderHub(want Typed, got handwritten.ParamType) bool {
	if !want.Role.Hub() || got.Name != want.Type.Name || !got.Pointer || got.Path == want.Type.Path {
		return false
	}
	group := strings.TrimPrefix(want.Type.Path, c.layout.Module+"/"+c.layout.APIRoot+"/")
	group, _, _ = strings.Cut(group, "/")
	return strings.HasPrefix(got.Path, c.layout.groupImportPrefix(group)) && strings.HasSuffix(got.Path, "/storage")
}

// unused reports methods on hosts of kinds that are not configured (any more).
func (c *checker) unused() {
	for _, m := range c.methods {
		kind := strings.TrimSuffix(m.Host, "Extension")
		if _, ok := c.model.Kind(m.Group, kind); !ok && m.OnHost {
			c.report.Unused.Add(m.Pos, "%s on *%s is unused: %s %s is not configured, so asogen no longer generates its host; "+
				"delete the method, or add the resource back to %s", m.Name, m.Host, m.Group, kind, c.configName())
		}
	}
}

// extensionPos is where config.yaml lists the extension (the resource entry when not found).
func (c *checker) extensionPos(k *astmodel.Kind, name string) diag.Pos {
	r, ok := c.cfg.Resource(k.Group, k.Name)
	if !ok {
		return diag.Pos{File: c.configName()}
	}
	for _, e := range r.Extensions {
		if e.Name == name {
			return e.Pos
		}
	}
	return r.Pos
}

func (c *checker) configName() string {
	for _, r := range c.cfg.Resources {
		if r.Pos.File != "" {
			return r.Pos.File
		}
	}
	return c.cfg.Path
}

// groups returns the configured groups, sorted.
func groups(m *astmodel.Model) []string {
	var out []string
	for _, k := range m.Kinds {
		out = append(out, k.Group)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
