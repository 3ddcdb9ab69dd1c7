package webhooks

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	identity "github.com/asogen/asogen/v2/api/managedidentity/v1api20230131/storage"
	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// TestChainValidatorExportsAndExpressions: the validator refuses two writes into one key (two
// destinations, or a destination and an expression) and an expression that does not compile for
// its target, and accepts the rest.
func TestChainValidatorExportsAndExpressions(t *testing.T) {
	dest := func(name, key string) *genruntime.ConfigMapDestination {
		return &genruntime.ConfigMapDestination{Name: name, Key: key}
	}
	cases := []struct {
		name string
		ops  identity.UserAssignedIdentityOperatorSpec
		want string // "" when accepted
	}{
		{"distinct keys", identity.UserAssignedIdentityOperatorSpec{
			ConfigMaps:           &identity.UserAssignedIdentityOperatorConfigMaps{PrincipalID: dest("m", "p"), ClientID: dest("m", "c")},
			ConfigMapExpressions: []genruntime.DestinationExpression{{Name: "m", Key: "e", Value: `self.metadata.name`}},
		}, ""},
		{"one key twice", identity.UserAssignedIdentityOperatorSpec{
			ConfigMaps: &identity.UserAssignedIdentityOperatorConfigMaps{PrincipalID: dest("m", "k"), ClientID: dest("m", "k")},
		}, `clientId and principalId both name config map "m" key "k"`},
		{"expression into a destination's key", identity.UserAssignedIdentityOperatorSpec{
			ConfigMaps:           &identity.UserAssignedIdentityOperatorConfigMaps{PrincipalID: dest("m", "k")},
			ConfigMapExpressions: []genruntime.DestinationExpression{{Name: "m", Key: "k", Value: `"x"`}},
		}, `configMapExpressions[0] and principalId both name config map "m" key "k"`},
		{"secret in a ConfigMap expression", identity.UserAssignedIdentityOperatorSpec{
			ConfigMapExpressions: []genruntime.DestinationExpression{{Name: "m", Key: "k", Value: `secret.key`}},
		}, "spec.operatorSpec.configMapExpressions[0]: ERROR: <input>:1:1: undeclared reference to 'secret'"},
	}
	for _, c := range cases {
		obj := &identity.UserAssignedIdentity{ObjectMeta: metav1.ObjectMeta{Name: "id", Namespace: "ns"}}
		obj.Spec.Owner = &genruntime.KnownResourceReference{Name: "rg"}
		ops := c.ops
		obj.Spec.OperatorSpec = &ops
		_, err := Validator{Resource: owned}.ValidateCreate(context.Background(), obj)
		checkRule(t, c.name, err, c.want)
	}
}
