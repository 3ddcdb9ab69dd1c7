package goref

// The packages of the table.
var (
	contextPkg       = Package{Path: "context", Name: "context"}
	fmtPkg           = Package{Path: "fmt", Name: "fmt"}
	reflectPkg       = Package{Path: "reflect", Name: "reflect"}
	slicesPkg        = Package{Path: "slices", Name: "slices"}
	jsonPkg          = Package{Path: "encoding/json", Name: "json"}
	errorsPkg        = Package{Path: "github.com/pkg/errors", Name: "errors"}
	logrPkg          = Package{Path: "github.com/go-logr/logr", Name: "logr"}
	azcorePkg        = Package{Path: "github.com/Azure/azure-sdk-for-go/sdk/azcore", Name: "azcore"}
	genruntimePkg    = Package{Path: "github.com/asogen/asogen/v2/pkg/genruntime", Name: "genruntime"}
	conditionsPkg    = Package{Path: "github.com/asogen/asogen/v2/pkg/genruntime/conditions", Name: "conditions"}
	extensionsPkg    = Package{Path: "github.com/asogen/asogen/v2/pkg/genruntime/extensions", Name: "extensions"}
	resolverPkg      = Package{Path: "github.com/asogen/asogen/v2/pkg/resolver", Name: "resolver"}
	armClientPkg     = Package{Path: "github.com/asogen/asogen/v2/pkg/genericarmclient", Name: "genericarmclient"}
	registrationPkg  = Package{Path: "github.com/asogen/asogen/v2/pkg/registration", Name: "registration"}
	metav1Pkg        = Package{Path: "k8s.io/apimachinery/pkg/apis/meta/v1", Name: "v1", Alias: "metav1"}
	runtimePkg       = Package{Path: "k8s.io/apimachinery/pkg/runtime", Name: "runtime"}
	schemaPkg        = Package{Path: "k8s.io/apimachinery/pkg/runtime/schema", Name: "schema"}
	apiextensionsPkg = Package{Path: "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1", Name: "v1", Alias: "apiextensionsv1"}
	conversionPkg    = Package{Path: "sigs.k8s.io/controller-runtime/pkg/conversion", Name: "conversion"}
	schemePkg        = Package{Path: "sigs.k8s.io/controller-runtime/pkg/scheme", Name: "scheme"}
)

// Packages lists every package of the table.
var Packages = []Package{
	contextPkg, fmtPkg, reflectPkg, slicesPkg, jsonPkg, errorsPkg, logrPkg, azcorePkg,
	genruntimePkg, conditionsPkg, extensionsPkg, resolverPkg, armClientPkg, registrationPkg,
	metav1Pkg, runtimePkg, schemaPkg, apiextensionsPkg, conversionPkg, schemePkg,
}
