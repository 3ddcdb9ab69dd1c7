// Package kubemarkers holds the kubebuilder markers asogen writes and reads for the operator's
// webhooks and RBAC: the webhook and RBAC markers of every hub (written on its SetAzureName
// method, from the same values the manifests are rendered from), the parsing of hand-written
// `+kubebuilder:rbac` markers, and controller-gen's merging of RBAC rules into roles.
package kubemarkers

import (
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/naming"
)

// Comment is one marker comment of a hand-written Go file: Text starts at the '+', Pos is where
// the '+' is.
type Comment struct {
	Pos  diag.Pos
	Text string
}

// Rule is one `+kubebuilder:rbac` marker: a PolicyRule, cluster-wide when Namespace is "".
type Rule struct {
	Groups        []string
	Resources     []string
	ResourceNames []string
	Verbs         []string
	URLs          []string
	Namespace     string
}

// Webhook is one `+kubebuilder:webhook` marker asogen writes: an admission webhook served by
// the operator's webhook service at Path.
type Webhook struct {
	Path          string
	Mutating      bool
	FailurePolicy string
	SideEffects   string
	Groups        []string
	Resources     []string
	Verbs         []string
	Versions      []string
	ReviewVersion string // admissionReviewVersions
	MatchPolicy   string
	Name          string
}

// HubRules grant the operator exactly what it does with a kind, at its hub: read and watch it,
// patch it (finalizer, owner reference, resource ID, resume tokens) and its status
// (conditions), and update it (the storage version migration stores each object again).
func HubRules(hub astmodel.PackageRef, kind string) []Rule {
	group, plural := []string{hub.KubeGroup()}, naming.Plural(kind)
	return []Rule{
		{Groups: group, Resources: []string{plural}, Verbs: []string{"get", "list", "watch", "patch", "update"}},
		{Groups: group, Resources: []string{plural + "/status"}, Verbs: []string{"get", "patch"}},
	}
}

// HubWebhooks are the defaulting and validating webhooks of a kind, registered at its hub
// version (the API server converts other versions to it).
func HubWebhooks(hub astmodel.PackageRef, kind string) []Webhook {
	group, version, lower := hub.KubeGroup(), hub.KubeVersion(), strings.ToLower(kind)
	plural := naming.Plural(lower)
	stem := strings.ReplaceAll(group, ".", "-") + "-" + version + "-" + lower
	w := Webhook{FailurePolicy: "fail", SideEffects: "None", Groups: []string{group},
		Resources: []string{plural}, Verbs: []string{"create", "update"}, Versions: []string{version},
		ReviewVersion: "v1", MatchPolicy: "Equivalent"}
	mutating, validating := w, w
	mutating.Path, mutating.Mutating = "/mutate-"+stem, true
	mutating.Name = "default." + version + "." + plural + "." + group
	validating.Path = "/validate-" + stem
	validating.Name = "validate." + version + "." + plural + "." + group
	return []Webhook{mutating, validating}
}

// Marker renders the rule as a marker: "+kubebuilder:rbac:groups=...,verbs=...".
func (r Rule) Marker() string {
	args := []string{}
	for _, a := range []struct {
		name   string
		values []string
	}{{"groups", r.Groups}, {"resources", r.Resources}, {"resourceNames", r.ResourceNames}, {"verbs", r.Verbs}, {"urls", r.URLs}} {
		if a.values != nil {
			args = append(args, a.name+"="+markerList(a.values))
		}
	}
	if r.Namespace != "" {
		args = append(args, "namespace="+markerItem(r.Namespace))
	}
	return rbacPrefix + strings.Join(args, ",")
}

// Marker renders the webhook as a marker: "+kubebuilder:webhook:path=...,name=...".
func (w Webhook) Marker() string {
	mutating := "false"
	if w.Mutating {
		mutating = "true"
	}
	return "+kubebuilder:webhook:path=" + w.Path + ",mutating=" + mutating +
		",failurePolicy=" + w.FailurePolicy + ",sideEffects=" + w.SideEffects +
		",groups=" + markerList(w.Groups) + ",resources=" + markerList(w.Resources) +
		",verbs=" + markerList(w.Verbs) + ",versions=" + markerList(w.Versions) +
		",admissionReviewVersions=" + w.ReviewVersion + ",matchPolicy=" + w.MatchPolicy + ",name=" + w.Name
}

// markerList joins values with ';', the marker syntax of a list.
func markerList(values []string) string {
	items := make([]string, len(values))
	for i, v := range values {
		items[i] = markerItem(v)
	}
	return strings.Join(items, ";")
}

// markerItem quotes a value a bare marker token cannot hold.
func markerItem(v string) string {
	if v == "" || strings.ContainsAny(v, ",;:{}\" \t") {
		return quote(v)
	}
	return v
}

// Found is what the caller gathered of the hand-written `+kubebuilder:rbac` markers (pkg/inputs):
// the markers, or the problem that stopped it (a folder that cannot be read, a file that does
// not parse), which generation reports.
type Found struct {
	Comments []Comment
	Err      error
}
