package manifests

import (
	"strings"
	"sync"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gen"
	"github.com/asogen/asogen/pkg/header"
)

// testModel has a resource group and a child kind with a required enum, a required nested object,
// a union whose second option needs nothing, and an optional property.
func testModel() *astmodel.Model {
	m := astmodel.NewModel("example.com/op", "v2/api")
	rg := astmodel.APIPackage("resources", "2021-04-01")
	db := astmodel.APIPackage("data", "2023-01-01")
	name := func(ref astmodel.PackageRef, n string) astmodel.TypeName {
		return astmodel.TypeName{Package: ref, Name: n}
	}
	rgPkg := m.Package(rg)
	rgPkg.Add(&astmodel.Resource{Name: name(rg, "ResourceGroup"), Spec: name(rg, "ResourceGroup_Spec")},
		astmodel.NewObject(name(rg, "ResourceGroup_Spec"), "", astmodel.Property{Name: "Location", JSONName: "location", Type: astmodel.StringType, Required: true}))
	p := m.Package(db)
	union := astmodel.NewObject(name(db, "Store_Spec"), "",
		astmodel.Property{Name: "Location", JSONName: "location", Type: astmodel.StringType},
		astmodel.Property{Name: "Tier", JSONName: "tier", Type: name(db, "Tier"), Required: true},
		astmodel.Property{Name: "Sku", JSONName: "sku", Type: name(db, "Sku"), Required: true},
		astmodel.Property{Name: "Follower", JSONName: "follower", Type: name(db, "Follower")},
		astmodel.Property{Name: "Primary", JSONName: "primary", Type: name(db, "Primary")},
		astmodel.Property{Name: "Notes", JSONName: "notes", Type: astmodel.StringType})
	union.OneOf = &astmodel.OneOf{Discriminator: "kind", Values: map[string]string{"Follower": "Follower", "Primary": "Primary"}}
	p.Add(&astmodel.Resource{Name: name(db, "Store"), Spec: name(db, "Store_Spec"), Owner: &astmodel.ResourceGroupOwner}, union,
		astmodel.NewEnum(name(db, "Tier"), "", "Premium", "Basic"),
		astmodel.NewObject(name(db, "Sku"), "", astmodel.Property{Name: "Capacity", JSONName: "capacity", Type: astmodel.IntType, Required: true}),
		astmodel.NewObject(name(db, "Follower"), "", astmodel.Property{Name: "Leader", JSONName: "leader", Type: astmodel.StringType, Required: true}),
		astmodel.NewObject(name(db, "Primary"), ""))
	m.Kinds = []*astmodel.Kind{
		{Group: "data", Name: "Store", Versions: []string{"2023-01-01"}, Hub: db.StorageRef(), Owner: &astmodel.ResourceGroupOwner},
		{Group: "resources", Name: "ResourceGroup", Versions: []string{"2021-04-01"}, Hub: rg.StorageRef()},
	}
	return m
}

// emitted returns the files of the samples and the manifests, and their planned paths.
func emitted(t *testing.T) (map[string]string, []string) {
	t.Helper()
	var batches []gen.Batch
	for _, g := range []gen.Generator{Samples{"v2/samples"}, Generator{"v2/config"}} {
		b, err := g.Files(testModel(), func(string) bool { return true })
		if err != nil {
			t.Fatal(err)
		}
		batches = append(batches, b...)
	}
	planned := gen.Paths(batches)
	files := map[string]string{}
	var mu sync.Mutex
	put := func(p string, content []byte) error {
		mu.Lock()
		defer mu.Unlock()
		files[p] = string(content)
		return nil
	}
	if err := gen.Emit(batches, put); err != nil {
		t.Fatal(err)
	}
	return files, planned
}

func TestSampleFillsRequiredPropertiesAndWiresTheOwner(t *testing.T) {
	files, _ := emitted(t)
	got := files["v2/samples/data/v1api20230101/store.yaml"]
	want := header.YAML + `
# A minimal Store at v1api20230101; apply with kubectl apply -f.
apiVersion: data.azure.com/v1api20230101
kind: Store
metadata:
  name: store20230101
  namespace: default
spec:
  location: westus2
  owner:
    name: resourcegroup20210401
  primary: {}
  sku:
    capacity: 1
  tier: Basic
`
	if got != want {
		t.Errorf("sample:\n%s\nwant:\n%s", got, want)
	}
}

func TestPlansMatchEmission(t *testing.T) {
	files, planned := emitted(t)
	if len(planned) != len(files) {
		t.Fatalf("planned %v, emitted %d files", planned, len(files))
	}
	for _, p := range planned {
		if !header.IsGenerated([]byte(files[p])) {
			t.Errorf("%s: not emitted or without the header", p)
		}
	}
	k := files["v2/config/crd/kustomization.yaml"]
	for _, crd := range []string{"bases/data.azure.com_stores.yaml", "bases/resources.azure.com_resourcegroups.yaml"} {
		if !strings.Contains(k, "  - "+crd+"\n") {
			t.Errorf("kustomization lacks %s:\n%s", crd, k)
		}
	}
}
