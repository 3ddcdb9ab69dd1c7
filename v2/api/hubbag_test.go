package api_test

import (
	"testing"

	network20220701 "github.com/asogen/asogen/v2/api/network/v1api20220701"
	network20240301 "github.com/asogen/asogen/v2/api/network/v1api20240301"
	hub "github.com/asogen/asogen/v2/api/network/v1api20240301/storage"
	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// A read-modify-write at an API version keeps what that version cannot hold: the hub's
// properties it lacks and the hub's property bag (properties only another version has), through
// genruntime.HubOnlyAnnotation, which never reaches the hub itself.
func TestServedReadModifyWriteKeepsWhatTheVersionLacks(t *testing.T) {
	stored := &hub.PrivateEndpoint{}
	stored.Name = "pe"
	ipv4 := "IPv4"
	stored.Spec.IPVersionType = &ipv4
	stored.Spec.PropertyBag = genruntime.PropertyBag{"OnlyInAnOlderVersion": `"kept"`}
	location := "westus2"
	stored.Spec.Location = &location

	older := &network20220701.PrivateEndpoint{}
	if err := older.ConvertFrom(stored); err != nil {
		t.Fatal(err)
	}
	older.Spec.Tags = map[string]string{"edited": "at 2022-07-01"}
	back := &hub.PrivateEndpoint{}
	if err := older.ConvertTo(back); err != nil {
		t.Fatal(err)
	}
	if back.Spec.IPVersionType == nil || *back.Spec.IPVersionType != "IPv4" || back.Spec.Tags["edited"] == "" {
		t.Errorf("ipVersionType or the edit lost: %+v", back.Spec)
	}
	if back.Spec.PropertyBag["OnlyInAnOlderVersion"] != `"kept"` {
		t.Errorf("the hub's property bag lost its entry: %v", back.Spec.PropertyBag)
	}
	if _, leaked := back.Annotations[genruntime.HubOnlyAnnotation]; leaked {
		t.Errorf("the annotation reached the hub: %v", back.Annotations)
	}

	newer := &network20240301.PrivateEndpoint{}
	if err := newer.ConvertFrom(back); err != nil {
		t.Fatal(err)
	}
	again := &hub.PrivateEndpoint{}
	if err := newer.ConvertTo(again); err != nil {
		t.Fatal(err)
	}
	if again.Spec.PropertyBag["OnlyInAnOlderVersion"] != `"kept"` || again.Spec.OriginalVersion != "v1api20240301" {
		t.Errorf("a read-modify-write at v1api20240301 lost the bag entry: %v (%s)", again.Spec.PropertyBag, again.Spec.OriginalVersion)
	}
}
