package arm

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"

	network20220701 "github.com/asogen/asogen/v2/api/network/v1api20220701"
	network20240301 "github.com/asogen/asogen/v2/api/network/v1api20240301"
	hub "github.com/asogen/asogen/v2/api/network/v1api20240301/storage"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	"github.com/asogen/asogen/v2/pkg/registration"
)

func privateEndpointKind() kind {
	return kind{registration.Resource{
		GroupKind: schema.GroupKind{Group: "network.azure.com", Kind: "PrivateEndpoint"},
		ARMVersions: map[string]func() genruntime.ARMResource{
			"v1api20220701": func() genruntime.ARMResource { return &network20220701.PrivateEndpoint{} },
			"v1api20240301": func() genruntime.ARMResource { return &network20240301.PrivateEndpoint{} },
		},
		HubAPIVersion: "v1api20240301",
	}}
}

// The hub converts back to the version it was written at, and to the hub's API version when it
// records none.
func TestServedToARMVersionUsesTheOriginalVersion(t *testing.T) {
	k := privateEndpointKind()
	for original, want := range map[string]string{"v1api20220701": "2022-07-01", "v1api20240301": "2024-03-01", "": "2024-03-01"} {
		obj := &hub.PrivateEndpoint{}
		obj.Spec.OriginalVersion = original
		v, err := k.toARMVersion(obj)
		if err != nil {
			t.Fatal(err)
		}
		if v.GetAPIVersion() != want {
			t.Errorf("written at %q: talks to ARM at %s, want %s", original, v.GetAPIVersion(), want)
		}
	}
}

// An object written at a version no longer configured gets a Warning that says what to do.
func TestServedVersionNoLongerServedIsAConditionNotACrash(t *testing.T) {
	obj := &hub.PrivateEndpoint{}
	obj.Spec.OriginalVersion = "v1api20200301"
	_, err := privateEndpointKind().toARMVersion(obj)
	o := failedWith(err)
	if o.severity != conditions.SeverityWarning || o.reason.Name != "VersionNotServed" {
		t.Fatalf("outcome %+v, want a VersionNotServed Warning", o)
	}
	for _, part := range []string{"network.azure.com/v1api20200301", "v1api20220701, v1api20240301", "apply it again"} {
		if !strings.Contains(o.message, part) {
			t.Errorf("message %q does not contain %q", o.message, part)
		}
	}
}
