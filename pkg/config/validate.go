package config

import (
	"bufio"
	"bytes"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/asogen/asogen/pkg/diag"
)

var (
	groupName  = regexp.MustCompile(`^[a-z][a-z0-9]*$`)
	kindName   = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`)
	apiVersion = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}(-[a-z][a-z0-9]*)?$`)
	// directiveMatch: after the colon, a definition name and property path as the spec spells
	// them (any printable characters: names with punctuation or non-ASCII letters must be
	// matchable, since a directive is how such a property is dropped).
	directiveMatch = regexp.MustCompile(`^[a-z][a-z0-9]*/\d{4}-\d{2}-\d{2}(-[a-z][a-z0-9]*)?:[^\x00-\x20.][^\x00-\x1f]*$`)
	envVar         = regexp.MustCompile(`\$\{([^}]*)\}`)
)

func (d *decoder) checkName(pos diag.Pos, name string, re *regexp.Regexp, what, rule string) {
	if !re.MatchString(name) {
		d.errs.Add(pos, "%s %q is not valid: it must be %s (output paths are built from it)", what, name, rule)
	}
}

// finish resolves paths and checks what needs the whole file: groups, duplicates, hubs, module.
func (d *decoder) finish(cfg *Config) {
	cfg.SpecRoot = d.specRoot(cfg.Dir)
	cfg.Output.API = d.outputPath(cfg.Output.API, DefaultAPIRoot, d.raw.apiPos, "output.api")
	cfg.Output.Registry = d.outputPath(cfg.Output.Registry, DefaultRegistryRoot, d.raw.registryPos, "output.registry")
	cfg.Output.Manifests = d.outputPath(cfg.Output.Manifests, DefaultManifestsRoot, d.raw.manifestPos, "output.manifests")
	cfg.Output.Samples = d.outputPath(cfg.Output.Samples, DefaultSamplesRoot, d.raw.samplesPos, "output.samples")
	d.checkGroups(cfg)
	d.checkResources(cfg)
	d.checkDirectives(cfg)
	if cfg.Module == "" {
		d.moduleFromGoMod(cfg)
	}
}

// specRoot expands ${ENV} references and makes the folder absolute.
func (d *decoder) specRoot(dir string) string {
	raw := d.raw.specRoot
	if d.raw.specRootPos.Line == 0 {
		return ""
	}
	for _, m := range envVar.FindAllStringSubmatch(raw, -1) {
		if _, ok := os.LookupEnv(m[1]); !ok {
			d.errs.Add(d.raw.specRootPos, "specRoot uses environment variable %s, which is not set", m[1])
		}
	}
	s := envVar.ReplaceAllStringFunc(raw, func(ref string) string { return os.Getenv(ref[2 : len(ref)-1]) })
	if s == "" {
		d.errs.Add(d.raw.specRootPos, "specRoot is empty")
		return ""
	}
	if !filepath.IsAbs(s) {
		s = filepath.Join(dir, filepath.FromSlash(s))
	}
	return filepath.Clean(s)
}

// outputPath checks an output root: relative to the config folder and not escaping it.
func (d *decoder) outputPath(p, def string, pos diag.Pos, what string) string {
	if p == "" && pos.Line == 0 {
		return def
	}
	clean := path.Clean(filepath.ToSlash(p))
	switch {
	case p == "":
		d.errs.Add(pos, "%s is empty", what)
	case path.IsAbs(clean) || filepath.IsAbs(p):
		d.errs.Add(pos, "%s %q must be relative to the config file's folder", what, p)
	case clean == ".." || strings.HasPrefix(clean, "../"):
		d.errs.Add(pos, "%s %q escapes the config file's folder", what, p)
	}
	return clean
}

func (d *decoder) checkGroups(cfg *Config) {
	seen := map[string]diag.Pos{}
	for _, g := range cfg.Groups {
		if first, dup := seen[g.Name]; dup {
			d.errs.Add(g.Pos, "group %q is defined twice (first at line %d)", g.Name, first.Line)
		}
		seen[g.Name] = g.Pos
		clean := path.Clean(filepath.ToSlash(g.Path))
		switch {
		case filepath.IsAbs(g.Path):
			d.errs.Add(g.Pos, "group %q path %q must be relative to specRoot", g.Name, g.Path)
		case clean == ".." || strings.HasPrefix(clean, "../"):
			d.errs.Add(g.Pos, "group %q path %q escapes specRoot; asogen reads only files under specRoot", g.Name, g.Path)
		}
	}
}

func (d *decoder) checkResources(cfg *Config) {
	seen := map[string]diag.Pos{}
	for _, r := range cfg.Resources {
		d.checkGroupKnown(cfg, r.Group, r.GroupPos)
		key := r.Group + "/" + r.Kind
		if first, dup := seen[key]; dup {
			d.errs.Add(r.Pos, "duplicate resource entry for group %q kind %q (first at line %d)", r.Group, r.Kind, first.Line)
		}
		seen[key] = r.Pos
		if r.Hub != "" && !slices.Contains(r.Versions, r.Hub) {
			d.errs.Add(r.HubPos, "hub %q is not one of the versions of %s (%s)", r.Hub, r.Kind, strings.Join(r.Versions, ", "))
		}
	}
}

func (d *decoder) checkGroupKnown(cfg *Config, group string, pos diag.Pos) {
	if _, ok := cfg.Group(group); ok || group == "" {
		return
	}
	names := make([]string, 0, len(cfg.Groups))
	for _, g := range cfg.Groups {
		names = append(names, g.Name)
	}
	d.errs.Add(pos, "unknown group %q (defined groups: %s)", group, strings.Join(names, ", "))
}

func (d *decoder) checkDirectives(cfg *Config) {
	for _, dir := range cfg.Directives {
		if g, _, ok := strings.Cut(dir.Match, "/"); ok && directiveMatch.MatchString(dir.Match) {
			d.checkGroupKnown(cfg, g, dir.Pos)
		}
	}
}

// moduleFromGoMod reads the module line of Dir/go.mod.
func (d *decoder) moduleFromGoMod(cfg *Config) {
	data, err := os.ReadFile(filepath.Join(cfg.Dir, "go.mod"))
	if err != nil {
		d.errs.Add(diag.Pos{File: d.file, Line: 1, Col: 1}, "no module: key and no go.mod beside the config (%v)", err)
		return
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module"); ok && rest != "" {
			cfg.Module = strings.Trim(strings.TrimSpace(rest), `"`)
			return
		}
	}
	d.errs.Add(diag.Pos{File: d.file, Line: 1, Col: 1}, "no module: key and go.mod has no module line")
}
