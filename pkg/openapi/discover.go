package openapi

import (
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/naming"
	spec "github.com/go-openapi/spec"
)

// putOp is a PUT operation of a spec file: a resource's create-or-update.
type putOp struct {
	doc   *document
	path  string
	body  *node // the body parameter's schema, nil when there is none
	resp  *node // the 200 (or 201) response schema: what Azure returns; nil when there is none
	info  pathInfo
	name  *astmodel.Validation // constraints of the path parameter naming the resource (AzureName)
	fixed string               // the one name the resource can have (a literal last segment or a one-value enum)
}

// pathInfo is what the URL template says about a resource.
type pathInfo struct {
	ARMType   string
	ChildPath string
	LastType  string // last resource type segment, e.g. "privateEndpoints"
	Parent    string // resource type segment of the parent resource, "" when there is none
	Scope     astmodel.Scope
	Segments  int
}

// putOps lists every PUT operation of the files, in a stable order.
func putOps(files []*document) []putOp {
	var out []putOp
	for _, d := range files {
		for _, p := range slices.Sorted(maps.Keys(d.puts)) {
			op := d.puts[p]
			out = append(out, putOp{doc: d, path: p, body: bodySchema(d, p, op), resp: responseSchema(d, p, op), info: describePath(p),
				name: nameValidation(d, p, op), fixed: fixedName(d, p, op)})
		}
	}
	return out
}

// bodySchema returns the schema of the operation's body parameter.
func bodySchema(d *document, path string, op *spec.Operation) *node {
	for i, prm := range op.Parameters {
		prm = localParam(d, prm)
		if prm.In == "body" && prm.Schema != nil {
			ptr := "/paths/" + escape(path) + "/put/parameters/" + strconv.Itoa(i) + "/schema"
			return &node{s: prm.Schema, doc: d, ptr: ptr}
		}
	}
	return nil
}

// localParam returns the document's shared parameter a "#/parameters/..." reference names, or
// prm itself.
func localParam(d *document, prm spec.Parameter) spec.Parameter {
	if prm.Ref.String() != "" {
		if shared, ok := d.Parameters[strings.TrimPrefix(prm.Ref.String(), "#/parameters/")]; ok {
			return shared
		}
	}
	return prm
}

// responseSchema returns the schema of the 200 response, or else the 201 response.
func responseSchema(d *document, path string, op *spec.Operation) *node {
	if op.Responses == nil {
		return nil
	}
	for _, code := range []int{200, 201} {
		if r, ok := op.Responses.StatusCodeResponses[code]; ok && r.Schema != nil {
			ptr := "/paths/" + escape(path) + "/put/responses/" + strconv.Itoa(code) + "/schema"
			return &node{s: r.Schema, doc: d, ptr: ptr}
		}
	}
	return nil
}

func isParam(seg string) bool {
	return strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}")
}

// describePath reads the ARM type, parent and child path from a PUT URL template.
func describePath(p string) pathInfo {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	idx := -1
	for i, s := range segs {
		if strings.EqualFold(s, "providers") {
			idx = i
		}
	}
	if idx < 0 {
		return resourceGroupPath(segs)
	}
	if idx+1 >= len(segs) {
		return pathInfo{}
	}
	var types []string
	for i := idx + 2; i+1 < len(segs); i += 2 {
		if !isParam(segs[i+1]) && i+2 < len(segs) { // only the last name may be fixed (".../blobServices/default")
			return pathInfo{}
		}
		types = append(types, segs[i])
	}
	if len(types) == 0 || (len(segs)-idx)%2 != 0 {
		return pathInfo{}
	}
	info := pathInfo{ARMType: segs[idx+1] + "/" + strings.Join(types, "/"), LastType: types[len(types)-1], Segments: len(segs)}
	info.Scope = scopeOf(segs[:idx])
	info.ChildPath = "/providers/" + segs[idx+1] + "/" + info.LastType
	if len(types) > 1 {
		info.Parent = types[len(types)-2]
		info.ChildPath = "/" + info.LastType
	}
	return info
}

// resourceGroupPath recognises /subscriptions/{s}/resourcegroups/{name}.
func resourceGroupPath(segs []string) pathInfo {
	if len(segs) != 4 || !strings.EqualFold(segs[0], "subscriptions") || !strings.EqualFold(segs[2], "resourceGroups") || !isParam(segs[3]) {
		return pathInfo{}
	}
	return pathInfo{ARMType: "Microsoft.Resources/resourceGroups", ChildPath: "/resourceGroups", LastType: segs[2], Segments: 4,
		Scope: astmodel.ScopeSubscription}
}

// scopeOf reads the scope from the segments before the last "providers": none is the tenant,
// /subscriptions/{s} the subscription, .../resourceGroups/{rg} a resource group; anything else
// ({scope}, {resourceUri}, a resource of another provider, a management group) is an extension
// of whatever resource the owner names.
func scopeOf(prefix []string) astmodel.Scope {
	switch {
	case len(prefix) == 0:
		return astmodel.ScopeTenant
	case containsFold(prefix, "providers"):
		return astmodel.ScopeExtension
	case len(prefix) == 4 && strings.EqualFold(prefix[0], "subscriptions") && strings.EqualFold(prefix[2], "resourceGroups"):
		return astmodel.ScopeResourceGroup
	case len(prefix) == 2 && strings.EqualFold(prefix[0], "subscriptions"):
		return astmodel.ScopeSubscription
	}
	return astmodel.ScopeExtension
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}

// owner returns the owning kind of a resource at this path (nil: the subscription, the tenant or,
// for an extension, any resource).
func (i pathInfo) owner(group string) *astmodel.OwnerKind {
	switch {
	case i.Parent != "":
		return &astmodel.OwnerKind{Group: group, Kind: naming.KindFromResourceType(i.Parent)}
	case i.Scope == astmodel.ScopeResourceGroup:
		o := astmodel.ResourceGroupOwner
		return &o
	}
	return nil
}

// findPut picks the PUT operation whose last resource type names kind ("Parent/Kind": and whose
// parent resource type names Parent); among several, the shortest path, then a named one over a
// fixed one. It also returns every kind the files define (qualified where a kind is reached by
// several parents), for the error message when nothing matches.
func findPut(ops []putOp, kind string) (*putOp, []string) {
	parent, kind := splitSpecKind(kind)
	var best *putOp
	for i := range ops {
		op := &ops[i]
		if op.info.LastType == "" || op.body == nil || !strings.EqualFold(naming.KindFromResourceType(op.info.LastType), kind) {
			continue
		}
		if parent != "" && !strings.EqualFold(naming.KindFromResourceType(op.info.Parent), parent) {
			continue
		}
		if best == nil || op.info.Segments < best.info.Segments ||
			op.info.Segments == best.info.Segments && best.fixed != "" && op.fixed == "" { // a named path over a fixed one
			best = op
		}
	}
	return best, kindsFound(ops)
}

// splitSpecKind splits "Parent/Kind" ("" parent when unqualified).
func splitSpecKind(s string) (parent, kind string) {
	if i := strings.LastIndex(s, "/"); i >= 0 {
		return s[:i], s[i+1:]
	}
	return "", s
}

// kindsFound lists the kinds the PUT operations define, sorted; a kind reached under several
// parents is listed once plain and once per parent ("Parent/Kind").
func kindsFound(ops []putOp) []string {
	parents := map[string]map[string]bool{}
	for _, op := range ops {
		if op.info.LastType == "" || op.body == nil {
			continue
		}
		k := naming.KindFromResourceType(op.info.LastType)
		if parents[k] == nil {
			parents[k] = map[string]bool{}
		}
		if op.info.Parent != "" {
			parents[k][naming.KindFromResourceType(op.info.Parent)] = true
		}
	}
	var out []string
	for k, ps := range parents {
		out = append(out, k)
		if len(ps) > 1 {
			for p := range ps {
				out = append(out, p+"/"+k)
			}
		}
	}
	sort.Strings(out)
	return out
}
