// Package config reads config.yaml strictly: every unknown key, wrong type, duplicate entry or
// invalid value is reported as "file:line:col: message", all of them, not only the first.
package config

import (
	"strings"

	"path/filepath"

	"github.com/asogen/asogen/pkg/diag"
	"gopkg.in/yaml.v3"
)

// Config is the decoded and validated config.yaml.
type Config struct {
	Path       string // absolute path of the config file
	Dir        string // absolute folder of the config file; all relative paths resolve against it
	Module     string // `module:` or, when absent, the module line of Dir/go.mod
	ModulePos  diag.Pos
	SpecRoot   string // absolute; `specRoot:` with ${ENV} expansion
	Output     Output
	Groups     []Group
	Resources  []Resource
	Directives []Directive
	RBAC       RBAC
}

// Output holds the generated output roots: slash-separated, relative to Dir.
type Output struct {
	API      string // root of generated API packages (default "v2/api")
	Registry string // folder of the generated registry (default "v2/internal/controllers")
	// Manifests is the root of the generated Kubernetes manifests (default "v2/config"): asogen
	// writes the CRDs into its crd/bases folder and the kustomization that serves them.
	Manifests string
	// Samples is the root of the generated samples (default "v2/samples"): one minimal object per
	// kind and API version, <group>/<version>/<kind>.yaml.
	Samples string
}

// Group maps a config group name to its folder of specs.
type Group struct {
	Name string // e.g. "network"
	Path string // relative to SpecRoot; holds stable/<version>/ and preview/<version>/
	Pos  diag.Pos
}

// Resource is one configured ARM resource kind.
type Resource struct {
	Group string
	Kind  string // the Kubernetes kind
	// SpecKind is the kind as the spec names it (from its resource type) when Kind renames it,
	// e.g. kind: ServiceBusNamespace, specKind: Namespace; "" when Kind is the spec's.
	SpecKind    string
	SpecKindPos diag.Pos
	Versions    []string
	VersionPos  []diag.Pos // position of each entry of Versions
	Hub         string     // optional hub api-version override
	HubPos      diag.Pos
	Extensions  []Extension
	// ExportSecrets lists the secret values the kind can write into Kubernetes Secrets
	// (spec.operatorSpec.secrets); nil when it exports none.
	ExportSecrets *SecretExport
	// ExportConfigMaps lists the Status properties the kind can write into Kubernetes ConfigMaps
	// (spec.operatorSpec.configMaps); nil when it exports none.
	ExportConfigMaps *ConfigMapExport
	Pos              diag.Pos // the resource entry
	KindPos          diag.Pos
	GroupPos         diag.Pos
	VersionsPos      diag.Pos // the versions list
}

// SecretExport says which secret values a kind can export and which ARM action returns them.
type SecretExport struct {
	Action string   // optional: ARM POST action ({id}/{action}) whose JSON response holds the values
	Values []string // export names, each a top-level property of the action's response (or a value a KubernetesSecretExporter returns)
	Pos    diag.Pos
}

// ConfigMapExport says which Status properties (by JSON name) a kind can write into ConfigMaps.
type ConfigMapExport struct {
	Values   []string   // export names, each a top-level property of the kind's Status
	ValuePos []diag.Pos // position of each entry of Values
	Pos      diag.Pos
}

// Extension is an extension point name as written in config (validated by pkg/wiring).
type Extension struct {
	Name string
	Pos  diag.Pos
}

// Directive tells the OpenAPI reader how to treat a definition or property it cannot judge alone.
type Directive struct {
	Match  string // "<group>/<version>:<Definition>" or "<group>/<version>:<Definition>.<prop>.<prop>"
	Action string // ActionOpaque, ActionReference, ActionPrune, ActionSecret, ActionARMID, ActionRename or ActionConfigInput
	To     string // ActionRename: the property's new Go name (its Kubernetes JSON name follows)
	Pos    diag.Pos
}

// Group is the group the directive's match names.
func (d *Directive) Group() string {
	g, _, _ := strings.Cut(d.Match, "/")
	return g
}

// KindInSpec is the kind the spec's resource type gives: SpecKind, or Kind when not renamed.
func (r *Resource) KindInSpec() string {
	if r.SpecKind != "" {
		return r.SpecKind
	}
	return r.Kind
}

// Directive actions.
const (
	ActionOpaque      = "opaque"      // raw JSON
	ActionReference   = "reference"   // an embedded resource kept by identity
	ActionPrune       = "prune"       // dropped
	ActionSecret      = "secret"      // a secret input: a SecretReference in Spec, absent from Status
	ActionARMID       = "armID"       // holds an ARM resource ID: a ResourceReference (...Reference) in Spec
	ActionRename      = "rename"      // the property takes the Go name To (and its JSON name); ARM keeps the spec's
	ActionConfigInput = "configInput" // may be read from a ConfigMap: a ...FromConfig ConfigMapReference beside it in Spec
)

// Default output roots.
const (
	DefaultAPIRoot       = "v2/api"
	DefaultRegistryRoot  = "v2/internal/controllers"
	DefaultManifestsRoot = "v2/config"
	DefaultSamplesRoot   = "v2/samples"
)

// Load reads and validates the config file at path.
func Load(path string) (*Config, error) {
	data, err := readConfig(path)
	if err != nil {
		return nil, diag.Errorf(diag.Pos{File: path}, "cannot read config: %v", err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, diag.Errorf(diag.Pos{File: path}, "%v", err)
	}
	return Parse(path, abs, data)
}

// Parse decodes config content; name is used in messages, abs is the file's absolute path.
func Parse(name, abs string, data []byte) (*Config, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, yamlError(name, err)
	}
	d := &decoder{file: name}
	cfg := &Config{Path: abs, Dir: filepath.Dir(abs)}
	d.expandAliases(&root)
	if err := d.errs.Err(); err != nil {
		return nil, err
	}
	if d.config(&root, cfg) {
		d.finish(cfg)
	}
	if err := d.errs.Err(); err != nil {
		return nil, err
	}
	return cfg, nil
}

// Resource returns the configured resource of group and kind.
func (c *Config) Resource(group, kind string) (*Resource, bool) {
	for i := range c.Resources {
		if c.Resources[i].Group == group && c.Resources[i].Kind == kind {
			return &c.Resources[i], true
		}
	}
	return nil, false
}

// Group returns the configured group of that name.
func (c *Config) Group(name string) (*Group, bool) {
	for i := range c.Groups {
		if c.Groups[i].Name == name {
			return &c.Groups[i], true
		}
	}
	return nil, false
}

// VersionPosOf returns where version is written in the resource entry (the entry when absent).
func (r *Resource) VersionPosOf(version string) diag.Pos {
	for i, v := range r.Versions {
		if v == version && i < len(r.VersionPos) {
			return r.VersionPos[i]
		}
	}
	return r.Pos
}
