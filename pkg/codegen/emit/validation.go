package emit

import (
	"math"
	"strconv"

	"github.com/asogen/asogen/pkg/astmodel"
)

const marker = "+kubebuilder:validation:"

// validationMarkers renders a property's constraints as kubebuilder markers, each only where
// controller-gen can apply it to the field's type: lengths, pattern and format on strings, ranges
// on numbers (integral bounds only on integers), item counts on arrays.
func validationMarkers(p astmodel.Property) []string {
	v := p.Validation
	if v.IsZero() {
		return nil
	}
	switch p.Type {
	case astmodel.StringType:
		return stringMarkers(v)
	case astmodel.IntType:
		return rangeMarkers(v, true)
	case astmodel.FloatType:
		return rangeMarkers(v, false)
	}
	if _, ok := p.Type.(*astmodel.ArrayType); ok {
		return append(intMarker("MinItems", v.MinItems), intMarker("MaxItems", v.MaxItems)...)
	}
	return nil
}

func stringMarkers(v *astmodel.Validation) []string {
	out := append(intMarker("MinLength", v.MinLength), intMarker("MaxLength", v.MaxLength)...)
	if v.Pattern != "" {
		out = append(out, marker+"Pattern="+strconv.Quote(v.Pattern))
	}
	if v.Format != "" {
		out = append(out, marker+"Format="+v.Format)
	}
	return out
}

func intMarker(name string, n *int64) []string {
	if n == nil {
		return nil
	}
	return []string{marker + name + "=" + strconv.FormatInt(*n, 10)}
}

// rangeMarkers renders minimum and maximum; on an integer field a bound with a fraction is left
// out (controller-gen refuses it, and the ARM value is integral anyway).
func rangeMarkers(v *astmodel.Validation, integer bool) []string {
	var out []string
	if v.Minimum != nil && (!integer || *v.Minimum == math.Trunc(*v.Minimum)) {
		out = append(out, marker+"Minimum="+number(*v.Minimum))
		if v.ExclusiveMinimum {
			out = append(out, marker+"ExclusiveMinimum=true")
		}
	}
	if v.Maximum != nil && (!integer || *v.Maximum == math.Trunc(*v.Maximum)) {
		out = append(out, marker+"Maximum="+number(*v.Maximum))
		if v.ExclusiveMaximum {
			out = append(out, marker+"ExclusiveMaximum=true")
		}
	}
	return out
}

func number(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}
