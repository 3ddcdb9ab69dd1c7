package genruntime

import (
	"encoding/json"

	"github.com/pkg/errors"
)

// PropertyBag holds properties that a storage variant has no field for, each as JSON, so that
// converting a resource to another API version and back loses nothing.
//
// Generated conversions follow one pattern: the conversion to the other version copies the bag
// with NewPropertyBag, Adds each property the destination lacks, and stores the bag (or nil when
// it is empty); the conversion back Pulls each property it has a field for, which removes it, and
// keeps whatever is left.
// +kubebuilder:object:generate=true
type PropertyBag map[string]string

// NewPropertyBag returns a new bag holding the entries of every given bag; where bags share a
// name, the later bag wins. The given bags are not changed.
func NewPropertyBag(bags ...PropertyBag) PropertyBag {
	result := make(PropertyBag)
	for _, bag := range bags {
		for name, value := range bag {
			result[name] = value
		}
	}

	return result
}

// Add stores value under name as JSON, replacing any earlier value.
// Adding to a nil bag is an error (create bags with NewPropertyBag).
func (b PropertyBag) Add(name string, value any) error {
	if b == nil {
		return errors.Errorf("cannot add property %q to a nil PropertyBag", name)
	}

	data, err := json.Marshal(value)
	if err != nil {
		return errors.Wrapf(err, "encoding property %q for the property bag", name)
	}

	b[name] = string(data)
	return nil
}

// Pull decodes the value stored under name into target (a pointer) and removes it from the bag.
// It returns false when the bag holds no such property; target is then untouched.
// If decoding fails the entry stays in the bag and an error is returned.
func (b PropertyBag) Pull(name string, target any) (bool, error) {
	data, ok := b[name]
	if !ok {
		return false, nil
	}

	if err := json.Unmarshal([]byte(data), target); err != nil {
		return true, errors.Wrapf(err, "decoding property %q from the property bag", name)
	}

	delete(b, name)
	return true, nil
}

// Contains reports whether the bag holds a property called name.
func (b PropertyBag) Contains(name string) bool {
	_, ok := b[name]
	return ok
}

// Remove deletes the property called name, if present.
func (b PropertyBag) Remove(name string) {
	delete(b, name)
}
