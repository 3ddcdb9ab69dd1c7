package openapi

import (
	"strconv"
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/naming"
	spec "github.com/go-openapi/spec"
)

// pkgBuilder builds one API package: the resources of one group at one api-version. Packages are
// built in parallel: a pkgBuilder writes only its own fields (errs shadows the builder's list,
// which takes them when the package is done) and its own model package.
type pkgBuilder struct {
	*builder
	group, version string
	ref            astmodel.PackageRef
	pkg            *astmodel.Package
	errs           diag.List
	done           map[string]*astmodel.Resource // kind → built resource
	files          []*document
	puts           []putOp
	putBodies      map[string]bool                          // "file#pointer" of every PUT body definition
	names          map[string]string                        // Go type name → identity of what claimed it
	cache          map[string]astmodel.Type                 // identity → built type (nil: dropped)
	subtypeCache   map[string][]subtype                     // base definition key → its discriminated subtypes
	resources      []*config.Resource                       // configured resources with this version
	collecting     map[string]bool                          // allOf cycle detection
	building       map[string]bool                          // objects whose properties are being built (type cycles)
	collected      map[string]collected                     // "file#pointer|path" → composed properties
	flattening     map[string]bool                          // x-ms-client-flatten recursion detection
	props          map[*spec.Schema]map[string]*spec.Schema // see propSchemas
	lifted         int                                      // properties lifted by x-ms-client-flatten (see maxLifted)
	overLifted     bool                                     // maxLifted was exceeded and reported
	reported       map[string]bool                          // "file#pointer" of properties with a reported bad name
	targets        map[*spec.Schema]refTarget               // see targetOf
	renames        []config.Directive                       // renames applied in the objects being built (see checkRenames)
	reads          *reads                                   // what the package's build read (see Inputs)
}

func newPkgBuilder(b *builder, pkg *astmodel.Package, group, version string, files []*document) *pkgBuilder {
	p := &pkgBuilder{
		builder: b, group: group, version: version,
		ref: pkg.Ref, pkg: pkg, done: map[string]*astmodel.Resource{},
		files: files, puts: putOps(files),
		putBodies: map[string]bool{}, names: map[string]string{}, cache: map[string]astmodel.Type{},
		subtypeCache: map[string][]subtype{}, collecting: map[string]bool{}, building: map[string]bool{}, collected: map[string]collected{}, flattening: map[string]bool{},
		props: map[*spec.Schema]map[string]*spec.Schema{}, reported: map[string]bool{},
		targets: map[*spec.Schema]refTarget{}, reads: newReads(),
	}
	for _, op := range p.puts {
		if op.body != nil && op.body.refString() != "" {
			file, ptr := target(*op.body)
			p.putBodies[file+"#"+ptr] = true
		}
	}
	return p
}

// buildAll reserves the resource type names, then builds each resource.
func (p *pkgBuilder) buildAll() {
	for _, r := range p.resources {
		for _, suffix := range []string{"", "List", naming.SpecName(""), naming.StatusName("")} {
			p.names[r.Kind+suffix] = "resource:" + r.Kind
		}
	}
	for _, r := range p.resources {
		p.buildResource(r)
	}
}

// buildResource finds the resource's PUT operation and builds its Resource, Spec and Status.
func (p *pkgBuilder) buildResource(r *config.Resource) {
	pos := r.VersionPosOf(p.version)
	op, kinds := findPut(p.puts, r.KindInSpec())
	if op == nil {
		p.errs.Add(pos, "kind %q matches no PUT operation in %s %s (kinds found: %s; set specKind to one of them to rename it)",
			r.KindInSpec(), p.group, p.version, strings.Join(kinds, ", "))
		return
	}
	owner := op.info.owner(p.group)
	if !p.ownerConfigured(owner) {
		p.errs.Add(r.Pos, "%s %s is owned by %s, which is not a configured resource of group %q; add it to resources",
			p.group, r.Kind, owner.Kind, owner.Group)
		return
	}
	def, err := p.resolve(*op.body)
	if err != nil {
		p.refFailed(*op.body, err, r.Kind)
		return
	}
	res := &astmodel.Resource{
		Name:    astmodel.TypeName{Package: p.ref, Name: r.Kind},
		Spec:    astmodel.TypeName{Package: p.ref, Name: naming.SpecName(r.Kind)},
		Status:  astmodel.TypeName{Package: p.ref, Name: naming.StatusName(r.Kind)},
		ARMType: op.info.ARMType, APIVersion: p.version, URITemplate: op.path,
		ChildPath: op.info.ChildPath, Owner: owner, Description: firstSentence(def.s.Description),
		FixedName: op.fixed, Scope: op.info.Scope,
	}
	returned := def
	if op.resp != nil {
		if returned, err = p.resolve(*op.resp); err != nil {
			p.refFailed(*op.resp, err, r.Kind)
			return
		}
	}
	if !p.resourceObjects(r, res, def, returned, op.name) {
		return
	}
	p.pkg.Add(res)
	p.done[r.Kind] = res
}

// resourceObjects builds <Kind>_Spec from the PUT body and <Kind>_STATUS from what the PUT returns.
// name holds the constraints of the resource's name (AzureName), nil when there are none.
func (p *pkgBuilder) resourceObjects(r *config.Resource, res *astmodel.Resource, def, returned node, name *astmodel.Validation) bool {
	specProps := []astmodel.Property{{Name: "AzureName", JSONName: "azureName", Type: astmodel.StringType,
		Description: "The name of the resource in Azure.", Validation: name}}
	if res.FixedName != "" {
		specProps[0].Description = astmodel.FixedNamePrefix + strconv.Quote(res.FixedName) + ", the one name it can have."
		specProps[0].Validation = fixedNameRule(res.FixedName)
	}
	if res.Owner != nil {
		specProps = append(specProps, astmodel.Property{Name: "Owner", JSONName: "owner",
			Type: astmodel.KnownResourceReferenceType, Required: true, Description: "The owner of the resource."})
	} else if res.ArbitraryOwner() {
		specProps = append(specProps, astmodel.Property{Name: "Owner", JSONName: "owner",
			Type: astmodel.ArbitraryOwnerType, Required: true,
			Description: "The resource this extension resource applies to: any resource, by group, kind and name, or by ARM ID."})
	}
	specProps = append(specProps, p.operatorSpec(r))
	statusProps := []astmodel.Property{{Name: "Conditions", JSONName: "conditions",
		Type: &astmodel.ArrayType{Elem: astmodel.ConditionType}, Description: "The observed state of the resource."}}
	spec, ok1 := p.object(def, specSide, res.Spec, res.Kind(), definitionName(def), true, specProps)
	status, ok2 := p.object(returned, statusSide, res.Status, res.Kind(), definitionName(returned), true, statusProps)
	if ok1 && ok2 {
		p.checkConfigMapExports(r, status)
		p.pkg.Add(spec, status)
	}
	return ok1 && ok2
}

// claim reserves a Go type name for identity, adding a number when another identity has it.
func (p *pkgBuilder) claim(name, identity string) string {
	for i := 1; ; i++ {
		n := name
		if i > 1 {
			n = name + strconv.Itoa(i)
		}
		owner, taken := p.names[n]
		if !taken {
			p.names[n] = identity
			return n
		}
		if owner == identity {
			return n
		}
	}
}

// definitionName is the definition a node was read from ("" for inline schemas).
func definitionName(n node) string {
	parts := splitPointer(n.ptr)
	if len(parts) == 2 && parts[0] == "definitions" {
		return parts[1]
	}
	return ""
}

// lineBreaks turns every line break of a description ("\r\n", a bare "\r" or "\n") into a
// space: a carriage return left in a comment is one gofmt rewrites.
var lineBreaks = strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ")

// firstSentence keeps the first sentence of a spec description, on one line.
func firstSentence(s string) string {
	s = strings.TrimSpace(lineBreaks.Replace(s))
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}
