package genruntime

import (
	"encoding/json"
	"sort"

	"github.com/pkg/errors"
)

// Destination is one key of a Secret or ConfigMap that spec.operatorSpec names for an exported
// value (a SecretDestination or a ConfigMapDestination, read alike).
type Destination struct {
	Name string `json:"name"`
	Key  string `json:"key"`
}

// OperatorSpecDestinations reads spec.operatorSpec.<field> (secrets, configMaps) of obj:
// destination by export name. A kind without that field has none.
func OperatorSpecDestinations(obj any, field string) (map[string]Destination, error) {
	var doc struct {
		Spec struct {
			OperatorSpec map[string]json.RawMessage `json:"operatorSpec"`
		} `json:"spec"`
	}
	dests := map[string]*Destination{}
	data, err := json.Marshal(obj)
	if err == nil {
		err = json.Unmarshal(data, &doc)
	}
	if raw, ok := doc.Spec.OperatorSpec[field]; ok && err == nil {
		err = json.Unmarshal(raw, &dests)
	}
	if err != nil {
		return nil, errors.Wrapf(err, "reading spec.operatorSpec.%s", field)
	}
	out := map[string]Destination{}
	for name, d := range dests {
		if d != nil {
			out[name] = *d
		}
	}
	return out, nil
}

// GroupDestinations groups destinations by object name: key in the object → export name. what
// names the object type in messages ("secret", "config map"). Two exports naming the same key of
// the same object, or a destination without a name or key, are an error.
func GroupDestinations(what, field string, dests map[string]Destination) (map[string]map[string]string, error) {
	out := map[string]map[string]string{}
	exports := make([]string, 0, len(dests))
	for export := range dests {
		exports = append(exports, export)
	}
	sort.Strings(exports)
	for _, export := range exports {
		d := dests[export]
		if d.Name == "" || d.Key == "" {
			return nil, errors.Errorf("spec.operatorSpec.%s.%s needs both a name and a key", field, export)
		}
		if out[d.Name] == nil {
			out[d.Name] = map[string]string{}
		}
		if other, taken := out[d.Name][d.Key]; taken {
			return nil, errors.Errorf("spec.operatorSpec.%s: %s and %s both name %s %q key %q", field, other, export, what, d.Name, d.Key)
		}
		out[d.Name][d.Key] = export
	}
	return out, nil
}

// DestinationExpression is one entry of spec.operatorSpec.configMapExpressions or
// secretExpressions: the value of a CEL expression, written into one key of a ConfigMap or Secret
// in the object's namespace (owned by the object, like other exports).
// +kubebuilder:object:generate=true
type DestinationExpression struct {
	// Name is the name of the ConfigMap or Secret to write, in the object's namespace.
	// +kubebuilder:validation:Required
	Name string `json:"name"`
	// Key is the key within the ConfigMap or Secret to write the value to.
	// +kubebuilder:validation:Required
	Key string `json:"key"`
	// Value is a CEL expression returning a string. It reads `self` (the object) and, in
	// secretExpressions only, `secret` (the values the kind exports as secrets, by export name).
	// +kubebuilder:validation:Required
	Value string `json:"value"`
}

// OperatorSpecExpressions reads spec.operatorSpec.<field> (secretExpressions,
// configMapExpressions) of obj.
func OperatorSpecExpressions(obj any, field string) ([]DestinationExpression, error) {
	var doc struct {
		Spec struct {
			OperatorSpec map[string]json.RawMessage `json:"operatorSpec"`
		} `json:"spec"`
	}
	var out []DestinationExpression
	data, err := json.Marshal(obj)
	if err == nil {
		err = json.Unmarshal(data, &doc)
	}
	if raw, ok := doc.Spec.OperatorSpec[field]; ok && err == nil {
		err = json.Unmarshal(raw, &out)
	}
	return out, errors.Wrapf(err, "reading spec.operatorSpec.%s", field)
}
