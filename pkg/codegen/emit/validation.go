package emit

import (
	"math"
	"strconv"

	"github.com/asogen/asogen/pkg/astmodel"
)

const marker = "+kubebuilder:validation:"

// validationMarkers renders a property's constraints as kubebuilder markers, each only where
// controller-gen can apply it to the field's type: lengths, pattern and format on strings, ranges
// on numbers (integral bounds only on integers), the values of an integer enum, item counts on arrays.
func validationMarkers(p astmodel.Property) []string {
	v := p.Validation
	if v.IsZero() {
		return nil
	}
	return markersFor(p.Type, v, marker)
}

// markersFor renders v for a value of type t with the given marker prefix; an array's item
// constraints go on its items (prefix "...validation:items:", one level: controller-gen has no
// marker for items of items).
func markersFor(t astmodel.Type, v *astmodel.Validation, prefix string) []string {
	if v.IsZero() {
		return nil
	}
	switch t {
	case astmodel.StringType:
		return stringMarkers(v, prefix)
	case astmodel.IntType:
		return append(rangeMarkers(v, true, prefix), enumMarker(v, prefix)...)
	case astmodel.FloatType:
		return rangeMarkers(v, false, prefix)
	}
	arr, ok := t.(*astmodel.ArrayType)
	if !ok {
		return nil
	}
	out := append(intMarker(prefix, "MinItems", v.MinItems), intMarker(prefix, "MaxItems", v.MaxItems)...)
	if prefix == marker {
		out = append(out, markersFor(arr.Elem, v.Items, marker+"items:")...)
	}
	return out
}

func stringMarkers(v *astmodel.Validation, prefix string) []string {
	out := append(intMarker(prefix, "MinLength", v.MinLength), intMarker(prefix, "MaxLength", v.MaxLength)...)
	if v.Pattern != "" {
		out = append(out, prefix+"Pattern="+strconv.Quote(v.Pattern))
	}
	if v.Format != "" {
		out = append(out, prefix+"Format="+v.Format)
	}
	return out
}

func intMarker(prefix, name string, n *int64) []string {
	if n == nil {
		return nil
	}
	return []string{prefix + name + "=" + strconv.FormatInt(*n, 10)}
}

// rangeMarkers renders minimum and maximum; on an integer field a bound with a fraction is left
// out (controller-gen refuses it, and the ARM value is integral anyway).
func rangeMarkers(v *astmodel.Validation, integer bool, prefix string) []string {
	var out []string
	if v.Minimum != nil && (!integer || *v.Minimum == math.Trunc(*v.Minimum)) {
		out = append(out, prefix+"Minimum="+number(*v.Minimum))
		if v.ExclusiveMinimum {
			out = append(out, prefix+"ExclusiveMinimum=true")
		}
	}
	if v.Maximum != nil && (!integer || *v.Maximum == math.Trunc(*v.Maximum)) {
		out = append(out, prefix+"Maximum="+number(*v.Maximum))
		if v.ExclusiveMaximum {
			out = append(out, prefix+"ExclusiveMaximum=true")
		}
	}
	return out
}

// enumMarker renders the values of an integer enum as a string enum's are: "Enum=1;2;3".
func enumMarker(v *astmodel.Validation, prefix string) []string {
	if v.IntEnum == "" {
		return nil
	}
	return []string{prefix + "Enum=" + v.IntEnum}
}

func number(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}
