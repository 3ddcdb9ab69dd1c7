package genruntime

import (
	"encoding/json"

	"github.com/pkg/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// HubOnlyAnnotation keeps, on an object read at an older API version, the spec properties that
// only the hub holds (JSON of a PropertyBag). A read-modify-write at that version sends the
// annotation back, and the conversion to the hub restores them instead of dropping them. The
// hub itself never stores the annotation.
const HubOnlyAnnotation = "serviceoperator.azure.com/hub-only-properties"

// HubOnlyProperties returns the bag kept in meta's annotation; empty when there is none.
func HubOnlyProperties(meta *metav1.ObjectMeta) (PropertyBag, error) {
	bag := NewPropertyBag()
	data, ok := meta.Annotations[HubOnlyAnnotation]
	if !ok {
		return bag, nil
	}
	if err := json.Unmarshal([]byte(data), &bag); err != nil {
		return nil, errors.Wrapf(err, "annotation %s is not a JSON object of properties; remove it", HubOnlyAnnotation)
	}
	return bag, nil
}

// SetHubOnlyProperties stores bag in meta's annotation, or removes the annotation when bag is empty.
func SetHubOnlyProperties(meta *metav1.ObjectMeta, bag PropertyBag) error {
	if len(bag) == 0 {
		ClearHubOnlyProperties(meta)
		return nil
	}
	data, err := json.Marshal(bag)
	if err != nil {
		return errors.Wrap(err, "encoding the hub-only properties")
	}
	if meta.Annotations == nil {
		meta.Annotations = map[string]string{}
	}
	meta.Annotations[HubOnlyAnnotation] = string(data)
	return nil
}

// ClearHubOnlyProperties removes the annotation (the hub keeps the properties in its own fields).
func ClearHubOnlyProperties(meta *metav1.ObjectMeta) {
	delete(meta.Annotations, HubOnlyAnnotation)
	if len(meta.Annotations) == 0 {
		meta.Annotations = nil
	}
}

// hubBagKey holds, inside the hub-only bag, the hub's own property bag: properties of other API
// versions that the hub keeps in its bag (for example a property only an older version has).
const hubBagKey = "$propertyBag"

// KeepHubBag stores in bag the entries of the hub's property bag that the API version being
// converted to does not take itself (consumed: the names it restores from the hub's bag).
func KeepHubBag(bag, hubBag PropertyBag, consumed ...string) error {
	rest := NewPropertyBag(hubBag)
	for _, name := range consumed {
		rest.Remove(name)
	}
	if len(rest) == 0 {
		return nil
	}
	return bag.Add(hubBagKey, rest)
}

// RestoreHubBag adds the kept entries of the hub's property bag to target, where target has no
// entry of that name (what the API version itself bagged wins).
func RestoreHubBag(bag PropertyBag, target *PropertyBag) error {
	kept := PropertyBag{}
	if _, err := bag.Pull(hubBagKey, &kept); err != nil || len(kept) == 0 {
		return err
	}
	merged := NewPropertyBag(kept, *target)
	*target = merged
	return nil
}
