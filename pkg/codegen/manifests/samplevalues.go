package manifests

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
)

// uuidPattern is what the API server accepts for format uuid.
var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// fit returns an example that meets the property's constraints, starting from v (what the
// sampler would put without them), so that samples stay valid under the CRD's validation.
func fit(c *astmodel.Validation, v any) any {
	if c.IsZero() {
		return v
	}
	switch x := v.(type) {
	case string:
		return fitString(c, x)
	case int:
		return fitEnum(c, int(fitNumber(c, float64(x), 1)))
	case float64:
		return fitNumber(c, x, 0.5)
	case []any:
		for i := range x {
			x[i] = fit(c.Items, x[i])
		}
		for c.MinItems != nil && int64(len(x)) < *c.MinItems {
			x = append(x, x[0])
		}
		return x
	}
	return v
}

// fitString returns the first candidate meeting the constraints, or start when none does.
func fitString(c *astmodel.Validation, start string) string {
	candidates := []string{start}
	if c.MinLength != nil && int64(len(start)) < *c.MinLength {
		candidates = append(candidates, start+strings.Repeat("a", int(*c.MinLength)-len(start)))
	}
	if c.MaxLength != nil && *c.MaxLength > 0 && int64(len(start)) > *c.MaxLength {
		candidates = append(candidates, start[:*c.MaxLength])
	}
	candidates = append(candidates, "example", "example1", "a", "1", "00000000-0000-0000-0000-000000000000",
		"10.0.0.0/16", "10.0.0.1", "Example")
	if ex, ok := patternExample(c.Pattern); ok && c.Pattern != "" {
		candidates = append(candidates, ex)
	}
	for _, s := range candidates {
		if fitsString(c, s) {
			return s
		}
	}
	return start
}

func fitsString(c *astmodel.Validation, s string) bool {
	n := int64(len(s))
	if c.MinLength != nil && n < *c.MinLength || c.MaxLength != nil && n > *c.MaxLength {
		return false
	}
	if c.Format == "uuid" && !uuidPattern.MatchString(s) {
		return false
	}
	if c.Pattern == "" {
		return true
	}
	re, err := regexp.Compile(c.Pattern)
	return err == nil && re.MatchString(s)
}

// fitEnum returns x when it is one of the values of an integer enum (or there is none), else the
// first value.
func fitEnum(c *astmodel.Validation, x int) int {
	if c.IntEnum == "" {
		return x
	}
	values := strings.Split(c.IntEnum, ";")
	if slices.Contains(values, strconv.Itoa(x)) {
		return x
	}
	first, err := strconv.Atoi(values[0])
	if err != nil {
		return x
	}
	return first
}

// fitNumber moves x into the range, step inside an exclusive bound.
func fitNumber(c *astmodel.Validation, x, step float64) float64 {
	if c.Minimum != nil && (x < *c.Minimum || c.ExclusiveMinimum && x == *c.Minimum) {
		x = *c.Minimum
		if c.ExclusiveMinimum {
			x += step
		}
	}
	if c.Maximum != nil && (x > *c.Maximum || c.ExclusiveMaximum && x == *c.Maximum) {
		x = *c.Maximum
		if c.ExclusiveMaximum {
			x -= step
		}
	}
	return x
}

// sampleAzureName returns the Azure name a sample must set when its metadata.name breaks the
// constraints of the resource's name; ok is false when metadata.name will do.
func (s sampler) sampleAzureName(spec astmodel.TypeName, name string) (string, bool) {
	obj, ok := s.lookupObject(spec)
	if !ok {
		return "", false
	}
	p, ok := obj.Property("AzureName")
	if !ok || p.Validation.IsZero() || fitsString(p.Validation, name) {
		return "", false
	}
	return fitString(p.Validation, name), true
}
