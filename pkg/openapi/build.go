// Package openapi reads ARM Swagger 2.0 specs and builds the asogen type model (pkg/astmodel)
// for the resources and versions a config selects.
package openapi

import (
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
)

// builder holds what every package build shares: the file cache, directives and errors.
type builder struct {
	cfg   *config.Config
	load  *loader
	dirs  *directives
	errs  diag.List
	model *astmodel.Model
	pkgs  map[astmodel.PackageRef]*pkgBuilder
	built map[string]*astmodel.Resource // "group/kind/version" → resource
}

// Build reads the specs of every configured resource version and returns the model.
func Build(cfg *config.Config) (*astmodel.Model, error) {
	return build(cfg, newLoader())
}

// build is Build with a given loader (the fuzz test serves the spec from memory).
func build(cfg *config.Config, l *loader) (*astmodel.Model, error) {
	b := &builder{
		cfg:   cfg,
		load:  l,
		dirs:  newDirectives(cfg.Directives),
		model: astmodel.NewModel(cfg.Module, cfg.Output.API),
		pkgs:  map[astmodel.PackageRef]*pkgBuilder{},
		built: map[string]*astmodel.Resource{},
	}
	b.collect()
	for _, ref := range b.sortedRefs() {
		b.pkgs[ref].buildAll()
	}
	b.dirs.reportUnused(&b.errs)
	if err := b.errs.Err(); err != nil {
		return nil, err
	}
	b.kinds()
	return b.model, nil
}

// collect finds the package of every configured resource version.
func (b *builder) collect() {
	for i := range b.cfg.Resources {
		r := &b.cfg.Resources[i]
		g, ok := b.cfg.Group(r.Group)
		if !ok {
			b.errs.Add(r.GroupPos, "unknown group %q", r.Group)
			continue
		}
		for _, v := range r.Versions {
			if p := b.packageFor(g, v, r.VersionPosOf(v)); p != nil {
				p.resources = append(p.resources, r)
			}
		}
	}
}

func (b *builder) sortedRefs() []astmodel.PackageRef {
	refs := make([]astmodel.PackageRef, 0, len(b.pkgs))
	for r := range b.pkgs {
		refs = append(refs, r)
	}
	sort.Slice(refs, func(i, j int) bool { return refs[i].Less(refs[j]) })
	return refs
}

// packageFor returns the builder of group and version, loading the version folder's specs.
func (b *builder) packageFor(g *config.Group, version string, pos diag.Pos) *pkgBuilder {
	ref := astmodel.APIPackage(g.Name, version)
	if p, ok := b.pkgs[ref]; ok {
		return p
	}
	files, ok := b.versionFiles(g, version, pos)
	if !ok {
		return nil
	}
	p := newPkgBuilder(b, g.Name, version, files)
	b.pkgs[ref] = p
	return p
}

// versionFiles loads SpecRoot/<group path>/stable|preview/<version>/*.json.
func (b *builder) versionFiles(g *config.Group, version string, pos diag.Pos) ([]*document, bool) {
	stage := "stable"
	if astmodel.IsPreview(version) {
		stage = "preview"
	}
	groupDir := filepath.Join(b.cfg.SpecRoot, filepath.FromSlash(g.Path))
	if _, err := b.load.fs.Stat(groupDir); err != nil {
		b.errs.Add(g.Pos, "spec folder of group %q does not exist: %s", g.Name, b.load.displayName(groupDir))
		return nil, false
	}
	dir := filepath.Join(groupDir, stage, version)
	names, _ := b.load.fs.Glob(filepath.Join(dir, "*.json"))
	if len(names) == 0 {
		b.errs.Add(pos, "version %q of group %q matches nothing: no spec files in %s", version, g.Name, b.load.displayName(dir))
		return nil, false
	}
	sort.Strings(names)
	b.load.preload(names)
	var docs []*document
	for _, n := range names {
		d, err := b.load.load(n)
		if err != nil {
			b.errs.Merge(err)
			continue
		}
		docs = append(docs, d)
	}
	return docs, len(docs) == len(names)
}

// kinds fills the model's configured kinds from the built resources.
func (b *builder) kinds() {
	for _, r := range b.cfg.Resources {
		k := &astmodel.Kind{Group: r.Group, Name: r.Kind, Versions: slices.Sorted(slices.Values(r.Versions))}
		hub := astmodel.SelectHub(r.Versions, r.Hub)
		k.Hub = astmodel.APIPackage(r.Group, hub).StorageRef()
		if res := b.built[r.Group+"/"+r.Kind+"/"+hub]; res != nil {
			k.ARMType = res.ARMType
			k.Owner = res.Owner
		}
		for _, e := range r.Extensions {
			k.Extensions = append(k.Extensions, e.Name)
		}
		b.model.Kinds = append(b.model.Kinds, k)
	}
	b.model.SortKinds()
}

// ownerConfigured reports whether the owner kind is configured (or is the resource group).
func (b *builder) ownerConfigured(o *astmodel.OwnerKind) bool {
	if o == nil || *o == astmodel.ResourceGroupOwner {
		return true
	}
	for _, r := range b.cfg.Resources {
		if r.Group == o.Group && strings.EqualFold(r.Kind, o.Kind) {
			o.Kind = r.Kind
			return true
		}
	}
	return false
}
