package astmodel

// OwnerKind names the kind that owns a resource: a resource group, or a parent resource.
type OwnerKind struct {
	Group string // config group, e.g. "resources" or "kusto"
	Kind  string // e.g. "ResourceGroup" or "Cluster"
}

// ResourceGroupOwner is the owner of every resource whose PUT path sits directly in a resource group.
var ResourceGroupOwner = OwnerKind{Group: "resources", Kind: "ResourceGroup"}

// Scope is where a resource's PUT path places it.
type Scope string

// The scopes a PUT path can have.
const (
	ScopeResourceGroup Scope = "resourceGroup" // /subscriptions/{s}/resourceGroups/{rg}/providers/...
	ScopeSubscription  Scope = "subscription"  // /subscriptions/{s}/providers/...
	ScopeTenant        Scope = "tenant"        // /providers/...: no subscription, no owner
	// ScopeExtension is /{scope}/providers/...: the resource extends any other resource, its owner
	// (ASO's arbitrary owner), and its ARM ID is built under the owner's.
	ScopeExtension Scope = "extension"
)

// Resource is one ARM resource in one generated package.
type Resource struct {
	Name        TypeName   // the resource type, e.g. network/v1api20220701.PrivateEndpoint
	Spec        TypeName   // <Kind>_Spec
	Status      TypeName   // <Kind>_STATUS
	ARMType     string     // "Microsoft.Network/privateEndpoints"
	APIVersion  string     // "2022-07-01"
	URITemplate string     // the PUT path from the spec
	ChildPath   string     // ARM ID text between the owner's ID and the name, e.g. "/providers/Microsoft.Network/privateEndpoints"
	Owner       *OwnerKind // nil when the owner is the subscription (ResourceGroup), the tenant or, for extensions, any resource
	Scope       Scope      // where the PUT path places the resource (of the top resource for a child)
	FixedName   string     // the one name the resource can have ("default"): a singleton child; "" when users name it
	Description string
}

// ArbitraryOwner reports whether any resource can own r: an extension resource without a parent
// of its own provider.
func (r *Resource) ArbitraryOwner() bool { return r.Scope == ScopeExtension && r.Owner == nil }

// ArbitraryOwner reports whether any resource can own the kind.
func (k *Kind) ArbitraryOwner() bool { return k.Scope == ScopeExtension && k.Owner == nil }

// FixedNamePrefix starts the description of the AzureName of a resource with a fixed name.
const FixedNamePrefix = "The name of the resource in Azure: always "

// Kind returns the Kubernetes kind name.
func (r *Resource) Kind() string { return r.Name.Name }

// DefName implements Definition so resources live beside objects and enums.
func (r *Resource) DefName() TypeName { return r.Name }

// withPackage returns a copy of the resource, its spec and status names moved to another package.
func (r *Resource) withPackage(p PackageRef) *Resource {
	out := *r
	out.Name = r.Name.InPackage(p)
	out.Spec = r.Spec.InPackage(p)
	out.Status = r.Status.InPackage(p)
	if r.Owner != nil {
		o := *r.Owner
		out.Owner = &o
	}
	return &out
}

// Kind is one configured resource across its versions: what the wiring and registry need.
type Kind struct {
	Group      string
	Name       string
	ARMType    string
	Versions   []string   // api-versions, sorted ascending
	Hub        PackageRef // the storage package that is the hub
	Owner      *OwnerKind
	Scope      Scope    // the hub's scope
	Extensions []string // extension point names, in the order of the extension-point table
	// SecretExportAction is the ARM action ({id}/{action}, such as listKeys) whose response holds
	// the secret values the kind exports; "" when it has none.
	SecretExportAction string
}

// HubType returns the hub type name of the kind.
func (k *Kind) HubType() TypeName {
	return TypeName{Package: k.Hub, Name: k.Name}
}

// APIPackages returns the API (non-storage) package of every version.
func (k *Kind) APIPackages() []PackageRef {
	refs := make([]PackageRef, 0, len(k.Versions))
	for _, v := range k.Versions {
		refs = append(refs, APIPackage(k.Group, v))
	}
	return refs
}

// AllPackages returns every API package and storage variant holding the kind, sorted.
func (k *Kind) AllPackages() []PackageRef {
	var refs []PackageRef
	for _, p := range k.APIPackages() {
		refs = append(refs, p, p.StorageRef())
	}
	return refs
}
