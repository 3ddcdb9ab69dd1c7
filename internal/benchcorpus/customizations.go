package benchcorpus

import (
	"bytes"
	"path"
	"text/template"

	"github.com/asogen/asogen/pkg/naming"
)

// handWritten is the hand-written method of one extension point, as pkg/wiring's Points table
// and docs/extensions.md define it (a test keeps the two in step). Params and Body are templates
// over customizationData; .Hub is the typed parameter (the kind's hub, or the owner's for the
// owner checker).
type handWritten struct {
	Method string
	Params string
	Body   string
}

var handWrittenMethods = map[string]handWritten{
	OwnerChecker: {
		Method: "CheckOwnerBeforeReconcile",
		Params: "{{.Hub}} *{{.HubAlias}}.{{.HubKind}},\n\tresourceResolver *resolver.Resolver,\n\tarmClient *genericarmclient.GenericClient,\n\tlog logr.Logger,\n\tnext extensions.PreReconcileOwnerCheckFunc,",
		Body: "if state := {{.Hub}}.Status.ProvisioningState; state != nil && *state != \"Succeeded\" {\n" +
			"\t\treturn extensions.BlockReconcile(\"{{.HubKind}} is \" + *state), nil\n\t}\n" +
			"\treturn next(ctx, {{.Hub}}, resourceResolver, armClient, log)",
	},
	PreChecker: {
		Method: "CheckBeforeReconcile",
		Params: "{{.Hub}} *{{.HubAlias}}.{{.HubKind}},\n\towner genruntime.MetaObject,\n\tresourceResolver *resolver.Resolver,\n\tarmClient *genericarmclient.GenericClient,\n\tlog logr.Logger,\n\tnext extensions.PreReconcileCheckFunc,",
		Body: "if state := {{.Hub}}.Status.ProvisioningState; state != nil && *state == \"Updating\" {\n" +
			"\t\treturn extensions.PostponeReconcile(), nil\n\t}\n" +
			"\treturn next(ctx, {{.Hub}}, owner, resourceResolver, armClient, log)",
	},
	PostChecker: {
		Method: "CheckAfterReconcile",
		Params: "{{.Hub}} *{{.HubAlias}}.{{.HubKind}},\n\towner genruntime.MetaObject,\n\tresourceResolver *resolver.Resolver,\n\tarmClient *genericarmclient.GenericClient,\n\tlog logr.Logger,\n\tnext extensions.PostReconcileCheckFunc,",
		Body: "if state := {{.Hub}}.Status.ProvisioningState; state != nil && *state == \"Failed\" {\n" +
			"\t\treturn extensions.PostReconcileCheckResultFailure(\"{{.HubKind}} provisioning failed\"), nil\n\t}\n" +
			"\treturn next(ctx, {{.Hub}}, owner, resourceResolver, armClient, log)",
	},
}

var resultTypes = map[string]string{
	OwnerChecker: "extensions.PreReconcileCheckResult",
	PreChecker:   "extensions.PreReconcileCheckResult",
	PostChecker:  "extensions.PostReconcileCheckResult",
}

const customizationFile = `package customizations

import (
	"context"

	"github.com/go-logr/logr"

	{{.HubAlias}} "{{.HubImport}}"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
{{- if .NeedsGenruntime}}
	"github.com/asogen/asogen/v2/pkg/genruntime"
{{- end}}
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// {{.Method}} is the hand-written {{.Point}} of {{.Kind}} (synthetic benchmark corpus).
func (ext *{{.Kind}}Extension) {{.Method}}(
	ctx context.Context,
	{{.Params}}
) ({{.Result}}, error) {
	{{.Body}}
}
`

// customizationData fills customizationFile for one kind.
type customizationData struct {
	Kind, Point, Method, Result string
	Hub, HubKind, HubAlias      string
	HubImport                   string
	NeedsGenruntime             bool
	Params, Body                string
}

// customization returns the path (relative to the corpus root) and content of the kind's
// hand-written extension file.
func customization(c *Corpus, module string, k *Kind) (string, []byte) {
	hubKind := k
	if k.Extension == OwnerChecker {
		hubKind = k.Owner
	}
	d := customizationData{
		Kind: k.Name, Point: k.Extension, Method: handWrittenMethods[k.Extension].Method,
		Result: resultTypes[k.Extension], Hub: lowerFirst(hubKind.Name), HubKind: hubKind.Name,
		HubAlias: naming.PackageAlias(k.Group.Name, c.hub(), true), HubImport: hubImport(module, k.Group, c.hub()),
		NeedsGenruntime: k.Extension != OwnerChecker,
	}
	d.Params = expand(handWrittenMethods[k.Extension].Params, d)
	d.Body = expand(handWrittenMethods[k.Extension].Body, d)
	file := path.Join("v2/api", k.Group.Name, "customizations", naming.Snake(k.Name)+"_"+naming.Snake(k.Extension)+".go")
	return file, []byte(expand(customizationFile, d))
}

// hub is the hub API version: the newest (every version is stable).
func (c *Corpus) hub() string { return c.Versions[len(c.Versions)-1] }

// hubImport is the import path of the group's storage package for version.
func hubImport(module string, g *Group, version string) string {
	return path.Join(module, "v2/api", g.Name, naming.VersionPackageName(version), "storage")
}

func expand(text string, d customizationData) string {
	var b bytes.Buffer
	if err := template.Must(template.New("").Parse(text)).Execute(&b, d); err != nil {
		panic(err) // fixed templates over a fixed struct: cannot fail
	}
	return b.String()
}
