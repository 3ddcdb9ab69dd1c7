// Package openapi reads ARM Swagger 2.0 specs and builds the asogen type model (pkg/astmodel)
// for the resources and versions a config selects.
package openapi

import (
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/asogen/asogen/internal/parallel"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/naming"
)

// builder holds what every package build shares: the file cache, directives and errors.
type builder struct {
	ctx     context.Context // done: no further package is started
	cfg     *config.Config
	load    *loader
	dirs    *directives
	goNames *nameMemo
	mu      sync.Mutex // guards errs and built while packages are built
	errs    diag.List
	model   *astmodel.Model
	pkgs    map[astmodel.PackageRef]*pkgPlan
	built   map[string]*astmodel.Resource // "group/kind/version" → resource
	only    func(group string) bool       // the groups to build
	reads   map[string]*reads             // group → what its packages read
}

// pkgPlan is a package to build: a group at an api-version, the spec files of its version folder
// and the configured resources with that version.
type pkgPlan struct {
	group, version string
	dir            string
	files          []string // sorted
	resources      []*config.Resource
}

// Build reads the specs of every configured resource version and returns the model.
// It stops early, returning ctx's error, once ctx is done.
func Build(ctx context.Context, cfg *config.Config, specs Specs) (*astmodel.Model, error) {
	m, _, err := buildOnly(ctx, cfg, newLoader(specs, cfg.SpecRoot), func(string) bool { return true })
	return m, err
}

// BuildGroups builds the groups for which only returns true: the model holds their packages and
// kinds only. It also returns what each group's build read (see Inputs). Directives of other
// groups are not checked for use.
func BuildGroups(ctx context.Context, cfg *config.Config, specs Specs, only func(group string) bool) (*astmodel.Model, map[string]*Inputs, error) {
	return buildOnly(ctx, cfg, newLoader(specs, cfg.SpecRoot), only)
}

// build is Build with a given loader (the fuzz test serves the spec from memory).
func build(cfg *config.Config, l *loader) (*astmodel.Model, error) {
	m, _, err := buildOnly(context.Background(), cfg, l, func(string) bool { return true })
	return m, err
}

// buildOnly is BuildGroups with a given loader.
func buildOnly(ctx context.Context, cfg *config.Config, l *loader, only func(string) bool) (*astmodel.Model, map[string]*Inputs, error) {
	b := &builder{
		ctx:     ctx,
		only:    only,
		reads:   map[string]*reads{},
		cfg:     cfg,
		load:    l,
		dirs:    newDirectives(cfg.Directives),
		goNames: &nameMemo{names: map[string]string{}},
		model:   astmodel.NewModel(cfg.Module, cfg.Output.API),
		pkgs:    map[astmodel.PackageRef]*pkgPlan{},
		built:   map[string]*astmodel.Resource{},
	}
	b.collect()
	b.buildPackages(b.sortedRefs())
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	b.dirs.reportUnused(&b.errs, func(d *config.Directive) bool { // a group not built: its directives were used when it was
		_, known := cfg.Group(d.Group())
		return known && !only(d.Group())
	})
	if err := b.errs.Err(); err != nil {
		return nil, nil, err
	}
	b.kinds()
	inputs := map[string]*Inputs{}
	for g, r := range b.reads {
		inputs[g] = r.inputs()
	}
	return b.model, inputs, nil
}

// collect finds the package of every configured resource version.
func (b *builder) collect() {
	for i := range b.cfg.Resources {
		r := &b.cfg.Resources[i]
		if !b.only(r.Group) {
			continue
		}
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

// packageFor returns the plan of group and version, finding the version folder's spec files.
func (b *builder) packageFor(g *config.Group, version string, pos diag.Pos) *pkgPlan {
	ref := astmodel.APIPackage(g.Name, version)
	if p, ok := b.pkgs[ref]; ok {
		return p
	}
	dir, files, ok := b.versionFiles(g, version, pos)
	if !ok {
		return nil
	}
	p := &pkgPlan{group: g.Name, version: version, dir: dir, files: files}
	b.pkgs[ref] = p
	return p
}

// versionFiles lists SpecRoot/<group path>/stable|preview/<version>/*.json.
func (b *builder) versionFiles(g *config.Group, version string, pos diag.Pos) (string, []string, bool) {
	stage := "stable"
	if astmodel.IsPreview(version) {
		stage = "preview"
	}
	groupDir := filepath.Join(b.cfg.SpecRoot, filepath.FromSlash(g.Path))
	if _, err := b.load.fs.Stat(groupDir); err != nil {
		b.errs.Add(g.Pos, "spec folder of group %q does not exist: %s", g.Name, b.load.displayName(groupDir))
		return "", nil, false
	}
	dir := filepath.Clean(filepath.Join(groupDir, stage, version))
	names := b.load.jsonFiles(dir)
	if len(names) == 0 {
		b.errs.Add(pos, "version %q of group %q matches nothing: no spec files in %s", version, g.Name, b.load.displayName(dir))
		return "", nil, false
	}
	return dir, names, true
}

// buildPackages builds the packages, in parallel, while the prefetcher parses their folders
// ahead of them. Each package's documents are dropped once no package still to build reads its
// folder, so a few folders are in memory at a time instead of every spec of the config. Packages
// do not depend on each other, so the model does not depend on the order they finish in.
func (b *builder) buildPackages(refs []astmodel.PackageRef) {
	folders := make([][]string, len(refs))
	for i, ref := range refs {
		folders[i] = b.pkgs[ref].files
		b.load.pending[b.pkgs[ref].dir]++
	}
	fetch := b.load.prefetch(folders)
	defer fetch.stop()
	var running sync.WaitGroup
	var caught parallel.Catcher                            // a panic while building is re-raised here, not on a worker
	building := make(chan struct{}, runtime.GOMAXPROCS(0)) // one token per package being built
	for i, ref := range refs {
		if b.ctx.Err() != nil {
			break
		}
		plan := b.pkgs[ref]
		docs, ok := b.folderDocs(plan, fetch.take(i))
		if !ok {
			b.load.release(plan.dir)
			continue
		}
		p := newPkgBuilder(b, b.model.Package(ref), plan.group, plan.version, docs)
		p.resources = plan.resources
		p.reads.folders[plan.dir] = plan.files
		for _, d := range docs {
			p.reads.files[d.path] = d.read
		}
		building <- struct{}{}
		running.Go(func() {
			defer func() { <-building }()
			caught.Call(func() {
				p.buildAll()
				b.finish(p, plan.dir)
			})
		})
	}
	running.Wait()
	caught.Repanic()
}

// folderDocs caches a package's parsed files and returns them; false (with the errors reported)
// when any of them failed, and then the package is not built.
func (b *builder) folderDocs(plan *pkgPlan, results []parsed) ([]*document, bool) {
	var docs []*document
	var errs diag.List
	for i, path := range plan.files {
		d, err := b.load.store(path, results[i])
		var refused *refusedError
		if errors.As(err, &refused) {
			err = refused.asDiag()
		}
		if err != nil {
			errs.Merge(err)
			continue
		}
		docs = append(docs, d)
	}
	b.mu.Lock()
	b.errs = append(b.errs, errs...)
	b.mu.Unlock()
	return docs, len(docs) == len(plan.files)
}

// finish takes a built package's errors and resources, then releases its folder.
func (b *builder) finish(p *pkgBuilder, dir string) {
	b.mu.Lock()
	b.errs = append(b.errs, p.errs...)
	for kind, res := range p.done {
		b.built[p.group+"/"+kind+"/"+p.version] = res
	}
	if b.reads[p.group] == nil {
		b.reads[p.group] = newReads()
	}
	b.reads[p.group].add(p.reads)
	b.mu.Unlock()
	b.load.release(dir)
}

// kinds fills the model's configured kinds from the built resources.
func (b *builder) kinds() {
	for _, r := range b.cfg.Resources {
		if !b.only(r.Group) {
			continue
		}
		k := &astmodel.Kind{Group: r.Group, Name: r.Kind, Versions: slices.Sorted(slices.Values(r.Versions))}
		hub := astmodel.SelectHub(r.Versions, r.Hub)
		k.Hub = astmodel.APIPackage(r.Group, hub).StorageRef()
		if res := b.built[r.Group+"/"+r.Kind+"/"+hub]; res != nil {
			k.ARMType = res.ARMType
			k.Owner = res.Owner
			k.Scope = res.Scope
		}
		for _, e := range r.Extensions {
			k.Extensions = append(k.Extensions, e.Name)
		}
		if r.ExportSecrets != nil {
			k.SecretExportAction = r.ExportSecrets.Action
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
	for _, exact := range []bool{true, false} { // a plain spec kind first, then a parent-qualified one
		for _, r := range b.cfg.Resources {
			spec := r.KindInSpec()
			if !exact {
				_, spec = splitSpecKind(spec)
			}
			if r.Group == o.Group && strings.EqualFold(spec, o.Kind) {
				o.Kind = r.Kind
				return true
			}
		}
	}
	return false
}

// nameMemo remembers naming.GoName's results: the builder asks for the Go name of every property
// of every object (most of them many times over), and splitting names into words was a quarter of
// the build.
type nameMemo struct {
	mu    sync.Mutex
	names map[string]string
}

func (m *nameMemo) goName(s string) string {
	m.mu.Lock()
	name, ok := m.names[s]
	m.mu.Unlock()
	if ok {
		return name
	}
	name = naming.GoName(s)
	m.mu.Lock()
	m.names[s] = name
	m.mu.Unlock()
	return name
}
