package codegen

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/fileset"
)

// renamedCacheConfig is the project's config with only the resource group and the cache kinds,
// Redis renamed RedisCache (specKind keeps the spec's name), in a module the type checker knows.
func renamedCacheConfig(t *testing.T) *config.Config {
	t.Helper()
	cfg, err := config.Load(filepath.Join(moduleRoot(t), "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var kept []config.Resource
	for _, r := range cfg.Resources {
		switch {
		case r.Group == "cache" && r.Kind == "Redis":
			r.Kind, r.SpecKind = "RedisCache", "Redis"
			kept = append(kept, r)
		case r.Group == "cache" || r.Group == "resources":
			kept = append(kept, r)
		}
	}
	cfg.Resources, cfg.Module, cfg.Directives = kept, "example.com/names", nil // the directives are network's
	return cfg
}

// A kind renamed in config is renamed everywhere: its types, its storage and ARM types,
// conversions, the owner of its children, the wiring and the registry; the ARM type and the
// spec's PUT path stay the spec's.
func TestRenamedKindIsRenamedEverywhere(t *testing.T) {
	t.Parallel()
	files := generateInMemory(t, renamedCacheConfig(t))
	typeCheck(t, files)
	want := map[string][]string{
		"v2/api/cache/v1api20230801/redis_cache_types_gen.go":         {"type RedisCache struct", `return "Microsoft.Cache/redis"`},
		"v2/api/cache/v1api20230801/storage/redis_cache_types_gen.go": {"type RedisCache struct", "func (*RedisCache) Hub()"},
		"v2/api/cache/v1api20230801/redis_cache_conversion_gen.go":    {"func (r *RedisCache) ConvertTo("},
		"v2/api/cache/v1api20230801/patch_schedule_types_gen.go":      {`AsResourceReference("cache.azure.com", "RedisCache")`},
		"v2/api/cache/customizations/redis_cache_extension_gen.go":    {"type RedisCacheExtension struct"},
		"v2/internal/controllers/registry_cache_gen.go":               {`Kind:  "RedisCache"`, `"rediscaches"`},
		"v2/samples/cache/v1api20230801/patchschedule.yaml":           {"name: rediscache20230801"},
	}
	assertFilesContain(t, files, want)
	for path := range files {
		if strings.Contains(path, "/redis_types_gen.go") || strings.Contains(path, "/redis_extension_gen.go") {
			t.Errorf("%s still carries the spec's kind name", path)
		}
	}
}

func TestRenameTargetsAreChecked(t *testing.T) {
	t.Parallel()
	cfg := renamedCacheConfig(t)
	for i := range cfg.Resources {
		if cfg.Resources[i].Kind == "RedisCache" {
			cfg.Resources[i].SpecKind = "Cache"
		}
	}
	_, err := Generate(context.Background(), diskInputs(cfg, Options{}), fileset.NewMemory(cfg.Dir))
	if err == nil || !strings.Contains(err.Error(), `kind "Cache" matches no PUT operation`) || !strings.Contains(err.Error(), "set specKind") {
		t.Errorf("a specKind the spec lacks: %v", err)
	}
}

// A property renamed in config takes the new Go and Kubernetes JSON name in every API version,
// storage variant and conversion, while ARM still receives the spec's name.
func TestRenamedPropertyKeepsItsARMName(t *testing.T) {
	t.Parallel()
	cfg := renamedCacheConfig(t)
	cfg.Directives = []config.Directive{{Match: "cache/2023-08-01:RedisCreateProperties.minimumTlsVersion", Action: config.ActionRename, To: "MinimumTLS"}}
	files := generateInMemory(t, cfg)
	typeCheck(t, files)
	want := map[string][]string{
		"v2/api/cache/v1api20230801/redis_cache_types_gen.go":         {"MinimumTLS *TLSVersion `json:\"minimumTLS,omitempty\"`"},
		"v2/api/cache/v1api20230801/storage/redis_cache_types_gen.go": {"MinimumTLS *string `json:\"minimumTLS,omitempty\"`"},
		"v2/api/cache/v1api20230801/redis_cache_arm_gen.go":           {"`json:\"minimumTlsVersion,omitempty\"`"},
	}
	for path, parts := range want {
		for _, p := range parts {
			if !strings.Contains(string(files[path]), p) {
				t.Errorf("%s lacks %q; it has:\n%s", path, p, grepLines(string(files[path]), "inimumT"))
			}
		}
	}
}

// A rename onto a name another property of the object has is an error at the directive.
func TestRenameOntoAnotherPropertyIsAnError(t *testing.T) {
	t.Parallel()
	cfg := renamedCacheConfig(t)
	cfg.Directives = []config.Directive{{Match: "cache/2023-08-01:RedisCreateProperties.minimumTlsVersion", Action: config.ActionRename, To: "EnableNonSslPort"}}
	_, err := Generate(context.Background(), diskInputs(cfg, Options{}), fileset.NewMemory(cfg.Dir))
	if err == nil || !strings.Contains(err.Error(), `rename to "EnableNonSslPort" clashes with another property`) {
		t.Errorf("got %v", err)
	}
}

func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// assertFilesContain checks that each generated file holds every one of its parts.
func assertFilesContain(t *testing.T, files fileset.FileSet, want map[string][]string) {
	t.Helper()
	for path, parts := range want {
		content, ok := files[path]
		if !ok {
			t.Errorf("%s was not generated", path)
			continue
		}
		for _, p := range parts {
			if !strings.Contains(string(content), p) {
				t.Errorf("%s lacks %q:\n%s", path, p, content)
			}
		}
	}
}
