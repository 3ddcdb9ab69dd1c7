package genruntime

import (
	"strings"
	"testing"
)

type secretSpec struct {
	Admin    *SecretReference
	Keys     []SecretReference
	ByName   map[string]*SecretReference
	Again    SecretReference
	Ignored  string
	internal *SecretReference
}

// TestSecretsFindReferences walks pointers, slices and maps, without duplicates, sorted.
func TestSecretsFindReferences(t *testing.T) {
	a := SecretReference{Name: "a", Key: "k"}
	b := SecretReference{Name: "b", Key: "k"}
	c := SecretReference{Name: "a", Key: "z"}
	spec := &secretSpec{Admin: &b, Keys: []SecretReference{a}, ByName: map[string]*SecretReference{"x": &c}, Again: a,
		internal: &SecretReference{Name: "hidden", Key: "k"}}
	got := FindSecretReferences(spec)
	if len(got) != 3 || got[0] != a || got[1] != c || got[2] != b {
		t.Fatalf("FindSecretReferences = %v", got)
	}
	if names := SecretNames(spec); strings.Join(names, ",") != "a,b" {
		t.Fatalf("SecretNames = %v", names)
	}
}

// TestSecretsLookup: resolved values are found by reference; a missing one names the Secret and
// key; String never shows a value.
func TestSecretsLookup(t *testing.T) {
	ref := SecretReference{Name: "creds", Key: "password"}
	r := NewResolvedReferences(nil).WithSecrets(map[SecretReference]string{ref: "s3cret"})
	if v, err := r.LookupSecret(ref); err != nil || v != "s3cret" {
		t.Fatalf("LookupSecret = %q, %v", v, err)
	}
	_, err := r.LookupSecret(SecretReference{Name: "creds", Key: "token"})
	if err == nil || !strings.Contains(err.Error(), "creds/token") {
		t.Fatalf("missing secret: %v", err)
	}
	if strings.Contains(r.String(), "s3cret") {
		t.Fatal("String shows a secret value")
	}
	if err := (SecretReference{Name: "creds"}).Validate(); err == nil {
		t.Fatal("a reference without a key is valid")
	}
}
