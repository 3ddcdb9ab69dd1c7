package genruntime

import (
	"reflect"
	"sort"

	"github.com/pkg/errors"
)

// SecretReference names one key of a Kubernetes Secret in the namespace of the object that holds
// the reference. Generated Spec types use it for every secret input (x-ms-secret, format:
// password, or marked secret in the config); the reconciler reads the value when it builds the
// ARM PUT body, so the value is never stored in the object.
// +kubebuilder:object:generate=true
type SecretReference struct {
	// Name is the name of the Kubernetes Secret, in the object's namespace.
	// +kubebuilder:validation:Required
	Name string `json:"name"`
	// Key is the key within the Secret's data whose value is used.
	// +kubebuilder:validation:Required
	Key string `json:"key"`
}

// String renders the reference for messages: "secret/key". It never holds the value.
func (r SecretReference) String() string {
	return r.Name + "/" + r.Key
}

// Validate checks that both the name and the key are set.
func (r SecretReference) Validate() error {
	return validateNameKey("secret", r.Name, r.Key)
}

// validateNameKey checks that a reference to a key of a Secret or ConfigMap (what) sets both.
func validateNameKey(what, name, key string) error {
	if name == "" || key == "" {
		return errors.Errorf("%s reference {name: %q, key: %q}: name and key are both required", what, name, key)
	}
	return nil
}

// SecretDestination names where the operator writes a value Azure returns: one key of a
// Kubernetes Secret in the object's namespace. The operator creates or updates that Secret and
// makes the object its owner, so the Secret goes away with the object.
// +kubebuilder:object:generate=true
type SecretDestination struct {
	// Name is the name of the Kubernetes Secret to write, in the object's namespace.
	// +kubebuilder:validation:Required
	Name string `json:"name"`
	// Key is the key within the Secret to write the value to.
	// +kubebuilder:validation:Required
	Key string `json:"key"`
}

// String renders the destination for messages: "secret/key".
func (d SecretDestination) String() string {
	return d.Name + "/" + d.Key
}

// FindSecretReferences returns every SecretReference reachable from value (typically a
// resource's Spec, or the resource), without duplicates and sorted by String.
func FindSecretReferences(value any) []SecretReference {
	return findAll(value, SecretReference.String)
}

// SecretNames returns the names of the Secrets that value's SecretReferences name, sorted and
// without duplicates (for the reconciler's watch on Secrets).
func SecretNames(value any) []string {
	return namesOf(FindSecretReferences(value), func(r SecretReference) string { return r.Name })
}

// findAll returns every value of type T reachable from value, without duplicates and sorted by
// str.
func findAll[T comparable](value any, str func(T) string) []T {
	found := map[T]struct{}{}
	walk(reflect.ValueOf(value), reflect.TypeFor[T](), func(v reflect.Value) {
		found[v.Interface().(T)] = struct{}{}
	})
	out := make([]T, 0, len(found))
	for ref := range found {
		out = append(out, ref)
	}
	sort.Slice(out, func(i, j int) bool { return str(out[i]) < str(out[j]) })
	return out
}

// namesOf returns name of each of refs (sorted by name already), without repeats.
func namesOf[T any](refs []T, name func(T) string) []string {
	var names []string
	for _, ref := range refs {
		if n := name(ref); len(names) == 0 || names[len(names)-1] != n {
			names = append(names, n)
		}
	}
	return names
}

// walk calls visit for every value of type target reachable from v through structs, pointers,
// slices, arrays, maps and interfaces.
func walk(v reflect.Value, target reflect.Type, visit func(reflect.Value)) {
	if !v.IsValid() {
		return
	}
	if v.Type() == target {
		visit(v)
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		walk(v.Elem(), target, visit)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				walk(v.Field(i), target, visit)
			}
		}
	case reflect.Slice, reflect.Array:
		walkElements(v, target, visit)
	case reflect.Map:
		walkMap(v, target, visit)
	}
}

func walkElements(v reflect.Value, target reflect.Type, visit func(reflect.Value)) {
	if isScalar(v.Type().Elem().Kind()) {
		return
	}
	for i := 0; i < v.Len(); i++ {
		walk(v.Index(i), target, visit)
	}
}

func walkMap(v reflect.Value, target reflect.Type, visit func(reflect.Value)) {
	if isScalar(v.Type().Elem().Kind()) {
		return
	}
	iter := v.MapRange()
	for iter.Next() {
		walk(iter.Value(), target, visit)
	}
}
