package kubemarkers

import (
	"reflect"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/diag"
)

func marker(text string) Comment {
	return Comment{Pos: diag.Pos{File: "op/rbac.go", Line: 7, Col: 4}, Text: text}
}

// TestParseRule reads every argument in both list forms, quoted and bare values.
func TestParseRule(t *testing.T) {
	cases := map[string]Rule{
		`+kubebuilder:rbac:groups=apps,resources=deployments;deployments/status,verbs=get;list`: {
			Groups: []string{"apps"}, Resources: []string{"deployments", "deployments/status"}, Verbs: []string{"get", "list"}},
		`+kubebuilder:rbac:groups="",resources=events,verbs={create, patch}`: {
			Groups: []string{""}, Resources: []string{"events"}, Verbs: []string{"create", "patch"}},
		`+kubebuilder:rbac:groups=core,namespace=system,resources=leases,resourceNames=a;"b c",verbs=*`: {
			Groups: []string{"core"}, Resources: []string{"leases"}, ResourceNames: []string{"a", "b c"}, Verbs: []string{"*"}, Namespace: "system"},
		`+kubebuilder:rbac:urls=/metrics,verbs=get`: {URLs: []string{"/metrics"}, Verbs: []string{"get"}},
		`+kubebuilder:rbac:verbs=get, groups = x `:  {Groups: []string{"x"}, Verbs: []string{"get"}},
	}
	for text, want := range cases {
		got, err := ParseRule(marker(text))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\ngot  %+v, %v\nwant %+v", text, got, err, want)
		}
	}
}

// TestParseRuleErrors: a bad marker is an error at the column of its problem.
func TestParseRuleErrors(t *testing.T) {
	cases := map[string]string{
		`+kubebuilder:rbac:groups=apps,resources=x`:             "op/rbac.go:7:4: rbac marker is missing argument \"verbs\"",
		`+kubebuilder:rbac:groups=apps,verb=get`:                "op/rbac.go:7:34: unknown argument \"verb\"",
		`+kubebuilder:rbac:verbs=get,verbs=list`:                "op/rbac.go:7:32: argument \"verbs\" is given twice",
		`+kubebuilder:rbac:verbs=get;;list`:                     "op/rbac.go:7:32: expected a value",
		`+kubebuilder:rbac:verbs=get,namespace=a;b`:             "op/rbac.go:7:43: argument \"namespace\" takes one value",
		`+kubebuilder:rbac:verbs={get,list`:                     "op/rbac.go:7:28: list has no closing brace",
		`+kubebuilder:rbac:verbs="get`:                          "op/rbac.go:7:28: unterminated or invalid quoted value",
		`+kubebuilder:rbac:groups apps`:                         "op/rbac.go:7:22: expected an argument as name=value",
		`+kubebuilder:rbac:verbs=get,`:                          "op/rbac.go:7:32: expected an argument after the last comma",
		`+kubebuilder:rbac:urls=http://example.com/x,verbs=get`: "op/rbac.go:7:31: expected a comma",
		`+kubebuilder:rbac`:                                     "op/rbac.go:7:4: rbac marker is missing argument \"verbs\"",
	}
	for text, want := range cases {
		_, err := ParseRule(marker(text))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s:\ngot  %v\nwant %s...", text, err, want)
		}
	}
}

// TestIsRBAC tells rbac markers from other markers.
func TestIsRBAC(t *testing.T) {
	for text, want := range map[string]bool{
		"+kubebuilder:rbac:verbs=get": true, "+kubebuilder:rbac": true,
		"+kubebuilder:rbacx:verbs=get": false, "+kubebuilder:webhook:path=/x": false,
	} {
		if IsRBAC(text) != want {
			t.Errorf("IsRBAC(%q) = %v", text, !want)
		}
	}
}

// TestHubMarkersReadBack: the hub's rule markers parse back to the rules they were rendered from.
func TestHubMarkersReadBack(t *testing.T) {
	hub := astmodel.APIPackage("network", "2024-03-01").StorageRef()
	for _, r := range HubRules(hub, "PrivateEndpoint") {
		got, err := ParseRule(Comment{Text: r.Marker()})
		if err != nil || !reflect.DeepEqual(got, r) {
			t.Errorf("%s: %+v, %v", r.Marker(), got, err)
		}
	}
	quoted := Rule{Groups: []string{""}, Resources: []string{"a,b"}, Verbs: []string{"get"}, Namespace: "ns"}
	if got, err := ParseRule(Comment{Text: quoted.Marker()}); err != nil || !reflect.DeepEqual(got, quoted) {
		t.Errorf("%s: %+v, %v", quoted.Marker(), got, err)
	}
	w := HubWebhooks(hub, "PrivateEndpoint")
	want := "+kubebuilder:webhook:path=/mutate-network-azure-com-v1api20240301storage-privateendpoint,mutating=true,failurePolicy=fail,sideEffects=None,groups=network.azure.com,resources=privateendpoints,verbs=create;update,versions=v1api20240301storage,admissionReviewVersions=v1,matchPolicy=Equivalent,name=default.v1api20240301storage.privateendpoints.network.azure.com"
	if w[0].Marker() != want || w[1].Mutating || !strings.HasPrefix(w[1].Name, "validate.") {
		t.Errorf("webhooks: %s\n%+v", w[0].Marker(), w[1])
	}
}
