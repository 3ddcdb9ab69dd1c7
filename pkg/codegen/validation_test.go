package codegen

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/fileset"
)

// semanticsConfig loads testdata/specs/semantics (constraints and read-only parts) with the
// module root as its folder and the output below rel.
func semanticsConfig(t *testing.T, root, rel string) *config.Config {
	return loadCorpusConfig(t, root, "testdata/specs/semantics/config.yaml", rel)
}

// generateSemantics generates testdata/specs/semantics in memory into a temporary folder (rel,
// below the module root) and returns the files and the Widget's API types.
func generateSemantics(t *testing.T) (files fileset.FileSet, root, rel, api string) {
	root = repoRoot(t)
	rel = realCorpusDir(t, root)
	files = generateInMemory(t, semanticsConfig(t, root, rel))
	return files, root, rel, string(files[path.Join(rel, "api/widget/v1api20240101/widget_types_gen.go")])
}

// TestValidationMarkers: each constraint of the fixture becomes its marker on the API version's
// Spec field only (never in Status or storage), and controller-gen turns them into the CRD's
// schema for the API version.
func TestValidationMarkers(t *testing.T) {
	t.Parallel()
	files, root, rel, api := generateSemantics(t)
	spec := goStruct(t, api, "Widget_Spec")
	for _, m := range []string{
		"MinLength=3\n\t// +kubebuilder:validation:MaxLength=12\n\t// +kubebuilder:validation:Pattern=\"^[a-z0-9-]+$\"",
		"MinLength=3\n\t// +kubebuilder:validation:MaxLength=12\n\t// +kubebuilder:validation:Pattern=\"^[a-z][a-z0-9]{2,11}$\"",
		"Minimum=0\n\t// +kubebuilder:validation:ExclusiveMinimum=true\n\t// +kubebuilder:validation:Maximum=2.5\n",
		"Minimum=5\n\t// +kubebuilder:validation:Maximum=100\n", "MinItems=1\n\t// +kubebuilder:validation:MaxItems=3\n",
		"Format=uuid\n", "MaxLength=8\n\t// +kubebuilder:validation:Pattern=\"^[A-Z]+$\"",
		"items:MinLength=8\n\t// +kubebuilder:validation:items:MaxLength=63\n\t// +kubebuilder:validation:items:Pattern=\"^[a-z0-9.]+$\"",
		"MaxItems=4\n\t// +kubebuilder:validation:items:Minimum=1\n\t// +kubebuilder:validation:items:Maximum=65535\n",
	} {
		if !strings.Contains(spec, "// +kubebuilder:validation:"+m) {
			t.Errorf("Widget_Spec lacks %q:\n%s", m, spec)
		}
	}
	if strings.Contains(spec, "(?!") {
		t.Error("a pattern Go cannot compile reached a marker")
	}
	for _, s := range []string{goStruct(t, api, "Widget_STATUS"),
		string(files[path.Join(rel, "api/widget/v1api20240101/storage/widget_types_gen.go")])} {
		if strings.Contains(s, "kubebuilder:validation:M") || strings.Contains(s, "Pattern=") {
			t.Errorf("constraints outside the API version's Spec:\n%s", s)
		}
	}
	checkFixtureSample(t, string(files[path.Join(rel, "samples/widget/v1api20240101/widget.yaml")]))
	checkFixedName(t, files, rel)
	if testing.Short() {
		return
	}
	checkFixtureCRD(t, root, rel, files)
}

// checkFixtureSample: the sample's values meet the constraints (a minimum of 5, a uuid, a
// pattern), and it sets an Azure name because metadata.name is longer than the 12 allowed.
func checkFixtureSample(t *testing.T, sample string) {
	for _, want := range []string{"azureName: widget202401\n", "code: example\n", "size: 5\n", "tier: 1\n",
		"tenant: 00000000-0000-0000-0000-000000000000\n", "zones:\n    - example\n", "name: widget20240101\n",
		"hostNames:\n    - examplea\n"} {
		if !strings.Contains(sample, want) {
			t.Errorf("the sample lacks %q:\n%s", want, sample)
		}
	}
}

// checkFixtureCRD writes the fixture, runs controller-gen's CRD generator and reads the schema.
func checkFixtureCRD(t *testing.T, root, rel string, files map[string][]byte) {
	for p, b := range files {
		writeFile(t, filepath.Join(root, filepath.FromSlash(p)), b)
	}
	crdDir := filepath.Join(root, filepath.FromSlash(rel), "crd")
	goTool(t, root, "tool", "controller-gen", "crd:allowDangerousTypes=true", "paths=./"+rel+"/api/...", "output:crd:dir="+crdDir)
	b, err := os.ReadFile(filepath.Join(crdDir, "widget.azure.com_widgets.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"exclusiveMinimum: true", "format: uuid", "maxItems: 3", "maximum: 2.5",
		"pattern: ^[a-z][a-z0-9]{2,11}$", "maxLength: 12", "items: maxLength: 63 minLength: 8 pattern: ^[a-z0-9.]+$ type: string",
		"items: maximum: 65535 minimum: 1 type: integer", "tier: description: 'Tier: An integer enum.' enum: - 1 - 2 - 3 type: integer"} {
		if !strings.Contains(strings.Join(strings.Fields(string(b)), " "), want) {
			t.Errorf("the CRD lacks %q", want)
		}
	}
}

// checkFixedName: a fixed-name child's AzureName() is its one name, its Spec's azureName accepts
// only that name, and its sample sets it.
func checkFixedName(t *testing.T, files map[string][]byte, rel string) {
	src := string(files[path.Join(rel, "api/widget/v1api20240101/setting_types_gen.go")])
	for _, want := range []string{"func (r *Setting) AzureName() string {\n\tif r.Spec.AzureName == \"\" {\n\t\treturn \"default\"\n\t}",
		"// +kubebuilder:validation:Pattern=\"^default$\"\n\t// AzureName: The name of the resource in Azure: always \"default\""} {
		if !strings.Contains(src, want) {
			t.Errorf("setting_types_gen.go lacks %q", want)
		}
	}
	sample := string(files[path.Join(rel, "samples/widget/v1api20240101/setting.yaml")])
	if !strings.Contains(sample, "azureName: default\n") {
		t.Errorf("the Setting sample does not set its fixed name:\n%s", sample)
	}
}

// TestBatteryIntegerEnumMarker: an integer enum keeps its constraint as a string enum does: the
// kubebuilder Enum marker on the API version's Spec field (never in Status or storage), in the
// CRD's schema, and the sample picks one of its values.
func TestBatteryIntegerEnumMarker(t *testing.T) {
	t.Parallel()
	files, _, rel, api := generateSemantics(t)
	const want = "// +kubebuilder:validation:Enum=1;2;3\n\t// Tier: An integer enum.\n\tTier int"
	if spec := goStruct(t, api, "Widget_Spec"); !strings.Contains(spec, want) {
		t.Errorf("Widget_Spec lacks %q:\n%s", want, spec)
	}
	for _, s := range []string{goStruct(t, api, "Widget_STATUS"),
		string(files[path.Join(rel, "api/widget/v1api20240101/storage/widget_types_gen.go")])} {
		if strings.Contains(s, "Enum=1;2;3") {
			t.Errorf("the integer enum's marker outside the API version's Spec:\n%s", s)
		}
	}
	if sample := string(files[path.Join(rel, "samples/widget/v1api20240101/widget.yaml")]); !strings.Contains(sample, "tier: 1\n") {
		t.Errorf("the sample does not pick a value of the enum:\n%s", sample)
	}
}
