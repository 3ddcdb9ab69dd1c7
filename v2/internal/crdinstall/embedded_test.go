package crdinstall

import (
	"os"
	"path/filepath"
	"testing"

	jsonpatch "github.com/evanphx/json-patch/v5"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/json"
	"sigs.k8s.io/yaml"

	"github.com/asogen/asogen/v2/internal/controllers"
)

// crdDir is v2/config/crd (this package is v2/internal/crdinstall).
const crdDir = "../../config/crd"

// Every generated kind has its CRD embedded, named <plural>.<group>.
func TestEmbeddedHoldsEveryKindsCRD(t *testing.T) {
	crds, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, c := range crds {
		names[c.Name] = true
	}
	for _, r := range controllers.KnownResources() {
		if name := r.Plural + "." + r.GroupKind.Group; !names[name] {
			t.Errorf("no embedded CRD %s", name)
		}
	}
	if len(crds) != len(controllers.KnownResources()) {
		t.Errorf("%d CRDs embedded, %d kinds", len(crds), len(controllers.KnownResources()))
	}
}

// Prepared, with the names v2/config/crd uses before a deployment renames them, is what the
// CRD kustomization's patches render.
func TestPreparedIsTheKustomizationsRendering(t *testing.T) {
	crds, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	w := Webhook{Service: types.NamespacedName{Namespace: "system", Name: "webhook-service"}, Certificate: "system/serving-cert"}
	for _, c := range crds {
		want := kustomized(t, c.Object)
		got, err := json.Marshal(w.Prepared(c).Object)
		if err != nil {
			t.Fatal(err)
		}
		if !jsonpatch.Equal(got, want) {
			t.Errorf("%s: Prepared differs from the kustomization's rendering:\n%s\nwant\n%s", c.Name, got, want)
		}
	}
}

// kustomized applies v2/config/crd/patches/*.yaml to obj.
func kustomized(t *testing.T, obj *unstructured.Unstructured) []byte {
	t.Helper()
	doc, err := json.Marshal(obj.Object)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"webhook_conversion.yaml", "cainjection.yaml"} {
		data, err := os.ReadFile(filepath.Join(crdDir, "patches", name))
		if err == nil {
			data, err = yaml.YAMLToJSON(data)
		}
		var patch jsonpatch.Patch
		if err == nil {
			patch, err = jsonpatch.DecodePatch(data)
		}
		if err == nil {
			doc, err = patch.Apply(doc)
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return doc
}
