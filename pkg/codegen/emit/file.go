package emit

import (
	"go/token"
	"path"

	"github.com/dave/dst"

	"github.com/asogen/asogen/pkg/codegen/gofile"
)

// Import paths the generated code refers to.
const (
	errorsPath     = "github.com/pkg/errors"
	fmtPath        = "fmt"
	jsonPath       = "encoding/json"
	genruntimePath = "github.com/asogen/asogen/v2/pkg/genruntime"
	conditionsPath = "github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	metav1Path     = "k8s.io/apimachinery/pkg/apis/meta/v1"
	runtimePath    = "k8s.io/apimachinery/pkg/runtime"
	schemaPath     = "k8s.io/apimachinery/pkg/runtime/schema"
	conversionPath = "sigs.k8s.io/controller-runtime/pkg/conversion"
	schemePath     = "sigs.k8s.io/controller-runtime/pkg/scheme"
)

// goFile is one generated file under construction: gofile's builder, shared with the wiring
// emitter.
type goFile = gofile.File

// pathResolver names every package generated code may import; an unknown path is a bug.
type pathResolver map[string]string

// name implements gofile.Names.
func (r pathResolver) name(p string) (string, bool) {
	n, ok := r[p]
	return n, ok
}

func baseResolver() pathResolver {
	return pathResolver{
		errorsPath: "errors", fmtPath: "fmt", jsonPath: "json", genruntimePath: "genruntime",
		conditionsPath: "conditions", metav1Path: "v1", runtimePath: "runtime", schemaPath: "schema",
		conversionPath: "conversion", schemePath: "scheme",
		"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1": "v1",
	}
}

// fixedAliases are the import names used whatever the file.
var fixedAliases = map[string]string{
	metav1Path: "metav1",
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1": "apiextensionsv1",
}

// typeDecl is `type name <typ>` with doc comment lines.
func typeDecl(name string, typ dst.Expr, doc []string) *dst.GenDecl {
	d := &dst.GenDecl{Tok: token.TYPE, Specs: []dst.Spec{&dst.TypeSpec{Name: id(name), Type: typ}}}
	gofile.Decorate(&d.Decs.NodeDecs, doc)
	return d
}

// fileName joins a package folder and a file name.
func fileName(folder, name string) string { return path.Join(folder, name) }
