package wiring

import (
	"slices"
	"strings"

	"github.com/asogen/asogen/pkg/goref"
)

// Role says what the generated dispatch does with one parameter of a runtime method.
type Role int

// The roles of runtime parameters.
const (
	Pass    Role = iota // handed to the hand-written method unchanged
	Obj                 // asserted to the kind's hub type
	Owner               // asserted to the owner kind's hub type
	Next                // the next check in the chain, handed over unchanged
	Payload             // the ARM payload, narrowed to the kind's <Kind>ARMPayload (one field per API version)
)

// Typed reports whether the dispatch narrows the parameter to a generated type.
func (r Role) Typed() bool { return r.Hub() || r == Payload }

// Hub reports whether the parameter is narrowed to a hub type (and so moves with the hub).
func (r Role) Hub() bool { return r == Obj || r == Owner }

// Param is one parameter of a runtime extension method.
type Param struct {
	Name    string // the name used in the dispatch and in the hand-written signature
	Type    goref.Ref
	Pointer bool
	Role    Role
}

// Result is one result of a runtime extension method.
type Result struct {
	Type      goref.Ref
	Composite bool // the zero value is written T{} (a struct); otherwise nil
}

// Point describes one extension point: everything the emitters, the checker and scaffold need.
// Adding an extension point is adding a Point to Points and its scaffold template.
type Point struct {
	Name        string    // name in config.yaml and in messages, e.g. "PostReconciliationChecker"
	Interface   goref.Ref // the runtime interface implemented on the host
	Method      string    // the runtime method of Interface
	Params      []Param   // the runtime method's parameters, in order
	Results     []Result  // the runtime method's results, in order
	HandWritten string    // the typed method the user writes on the host (the comment says what it decides)
	Template    string    // scaffold template file in templates/
}

var (
	ctxParam      = Param{Name: "ctx", Type: goref.Context}
	resolverParam = Param{Name: "resourceResolver", Type: goref.Resolver, Pointer: true}
	armParam      = Param{Name: "armClient", Type: goref.GenericClient, Pointer: true}
	logParam      = Param{Name: "log", Type: goref.Logger}
	metaObject    = goref.MetaObject
	errorResult   = Result{Type: goref.Ref{Name: "error"}}
	preResult     = Result{Type: goref.PreReconcileCheckResult, Composite: true}
	postResult    = Result{Type: goref.PostReconcileCheckResult, Composite: true}
	objParam      = Param{Name: "obj", Type: metaObject, Role: Obj}
)

// Points is the extension-point table, in the order the reconciler calls them (the error
// classifier whenever ARM returns an error, the deleter when the object is deleted).
var Points = []Point{
	{
		Name:      "PreReconciliationOwnerChecker",
		Interface: goref.PreReconciliationOwnerChecker,
		Method:    "PreReconcileOwnerCheck",
		Params: []Param{ctxParam, {Name: "owner", Type: metaObject, Role: Owner}, resolverParam, armParam, logParam,
			{Name: "next", Type: goref.PreReconcileOwnerCheckFunc, Role: Next}},
		Results:     []Result{preResult, errorResult},
		HandWritten: "CheckOwnerBeforeReconcile", // decides from the owner's fresh state whether reconciling the resource may start
		Template:    "pre_reconciliation_owner_checker.go.tmpl",
	},
	{
		Name:      "PreReconciliationChecker",
		Interface: goref.PreReconciliationChecker,
		Method:    "PreReconcileCheck",
		Params: []Param{ctxParam, {Name: "obj", Type: metaObject, Role: Obj}, {Name: "owner", Type: metaObject},
			resolverParam, armParam, logParam, {Name: "next", Type: goref.PreReconcileCheckFunc, Role: Next}},
		Results:     []Result{preResult, errorResult},
		HandWritten: "CheckBeforeReconcile", // decides from the resource's fresh state whether the PUT may go to Azure
		Template:    "pre_reconciliation_checker.go.tmpl",
	},
	{
		Name:      "ARMResourceModifier",
		Interface: goref.ARMResourceModifier,
		Method:    "ModifyARMResource",
		Params: []Param{ctxParam, objParam, {Name: "payload", Type: goref.ARMPayload, Role: Payload},
			resolverParam, armParam, logParam},
		Results:     []Result{errorResult},
		HandWritten: "ModifyARMPayload", // adjusts the ARM payload of the API version being sent, just before the PUT
		Template:    "arm_resource_modifier.go.tmpl",
	},
	{
		Name:      "PostReconciliationChecker",
		Interface: goref.PostReconciliationChecker,
		Method:    "PostReconcileCheck",
		Params: []Param{ctxParam, {Name: "obj", Type: metaObject, Role: Obj}, {Name: "owner", Type: metaObject},
			resolverParam, armParam, logParam, {Name: "next", Type: goref.PostReconcileCheckFunc, Role: Next}},
		Results:     []Result{postResult, errorResult},
		HandWritten: "CheckAfterReconcile", // decides from the resource's fresh status whether it may be marked Ready
		Template:    "post_reconciliation_checker.go.tmpl",
	},
	{
		Name:        "SuccessfulCreationHandler",
		Interface:   goref.SuccessfulCreationHandler,
		Method:      "Success",
		Params:      []Param{ctxParam, objParam, logParam},
		Results:     []Result{errorResult},
		HandWritten: "HandleCreation", // acts once, after the resource was first created in Azure
		Template:    "successful_creation_handler.go.tmpl",
	},
	{
		Name:      "KubernetesSecretExporter",
		Interface: goref.KubernetesSecretExporter,
		Method:    "ExportKubernetesSecrets",
		Params: []Param{ctxParam, objParam, {Name: "values", Type: goref.SecretValues},
			armParam, logParam},
		Results:     []Result{{Type: goref.SecretValues}, errorResult},
		HandWritten: "ExportSecrets", // returns the secret values to write into the Secrets named in spec.operatorSpec.secrets
		Template:    "kubernetes_secret_exporter.go.tmpl",
	},
	{
		Name:        "KubernetesExporter",
		Interface:   goref.KubernetesExporter,
		Method:      "ExportKubernetesResources",
		Params:      []Param{ctxParam, objParam, armParam, logParam},
		Results:     []Result{{Type: goref.KubernetesObjects}, errorResult},
		HandWritten: "ExportResources", // returns the Kubernetes objects to create or update, owned by the resource
		Template:    "kubernetes_exporter.go.tmpl",
	},
	{
		Name:      "ErrorClassifier",
		Interface: goref.ErrorClassifier,
		Method:    "ClassifyError",
		Params: []Param{{Name: "cloudError", Type: goref.ResponseError, Pointer: true}, objParam,
			{Name: "apiVersion", Type: goref.Ref{Name: "string"}}, logParam,
			{Name: "next", Type: goref.ErrorClassifierFunc, Role: Next}},
		Results:     []Result{{Type: goref.CloudErrorDetails, Composite: true}, errorResult},
		HandWritten: "ClassifyARMError", // decides whether an error ARM returned is retried or waits for a spec change
		Template:    "error_classifier.go.tmpl",
	},
	{
		Name:      "Deleter",
		Interface: goref.Deleter,
		Method:    "Delete",
		Params: []Param{ctxParam, objParam, resolverParam, armParam, logParam,
			{Name: "next", Type: goref.DeleteFunc, Role: Next}},
		Results:     []Result{{Type: goref.DeleteResult, Composite: true}, errorResult},
		HandWritten: "DeleteFromAzure", // deletes the resource from Azure, leaves it there, or waits
		Template:    "deleter.go.tmpl",
	},
}

// PointNamed finds an extension point by its config name.
func PointNamed(name string) (Point, bool) {
	i := slices.IndexFunc(Points, func(p Point) bool { return p.Name == name })
	if i < 0 {
		return Point{}, false
	}
	return Points[i], true
}

// PointNames lists the valid config names, for "unknown extension" messages.
func PointNames() string {
	names := make([]string, len(Points))
	for i, p := range Points {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

// needsOwner reports whether the point hands the owner's hub type to the hand-written method.
func (p Point) needsOwner() bool {
	return slices.ContainsFunc(p.Params, func(q Param) bool { return q.Role == Owner })
}

// KindPoints returns the configured points of a kind, in table order.
func KindPoints(names []string) []Point {
	var out []Point
	for _, p := range Points {
		if slices.Contains(names, p.Name) {
			out = append(out, p)
		}
	}
	return out
}
