package crd

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

const (
	validationPrefix = "kubebuilder:validation:"
	itemsPrefix      = validationPrefix + "items:"
)

// markers are the markers of one doc comment, sorted by what they apply to.
type markers struct {
	schema   []string // validation markers of the node's own schema, "Name=value"
	items    []string // validation markers of an array's items, "Name=value"
	required bool
	optional bool
	resource resourceMarkers
}

// resourceMarkers are the markers of a kind's type that shape its CRD version.
type resourceMarkers struct {
	status  bool // +kubebuilder:subresource:status
	storage bool // +kubebuilder:storageversion
	columns []apiext.CustomResourceColumnDefinition
}

// ignoredMarkers are markers of other generators (deepcopy, webhooks, RBAC, the group version).
var ignoredMarkers = []string{"kubebuilder:object:", "kubebuilder:rbac:", "kubebuilder:webhook:", "groupName=", "versionName="}

// readMarkers sorts a comment's markers; a kubebuilder marker this generator does not know is an
// error, so a new marker in the emitters cannot be dropped from the CRDs unnoticed. Markers of
// no kubebuilder generator are left alone, as controller-gen leaves them.
func readMarkers(list []string) (markers, error) {
	var m markers
	for _, s := range list {
		if err := m.add(s); err != nil {
			return m, err
		}
	}
	return m, nil
}

func (m *markers) add(s string) error {
	switch {
	case s == validationPrefix+"Required" || s == "required":
		m.required = true
	case s == validationPrefix+"Optional" || s == "optional":
		m.optional = true
	case strings.HasPrefix(s, itemsPrefix):
		m.items = append(m.items, strings.TrimPrefix(s, itemsPrefix))
	case strings.HasPrefix(s, validationPrefix):
		m.schema = append(m.schema, strings.TrimPrefix(s, validationPrefix))
	case s == "kubebuilder:subresource:status":
		m.resource.status = true
	case s == "kubebuilder:storageversion":
		m.resource.storage = true
	case strings.HasPrefix(s, "kubebuilder:printcolumn:"):
		c, err := printColumn(strings.TrimPrefix(s, "kubebuilder:printcolumn:"))
		if err != nil {
			return fmt.Errorf("+%s: %w", s, err)
		}
		m.resource.columns = append(m.resource.columns, c)
	case strings.HasPrefix(s, "kubebuilder:") && !ignored(s):
		return fmt.Errorf("+%s: a marker the CRD generator does not know", s)
	}
	return nil
}

func ignored(s string) bool {
	for _, p := range ignoredMarkers {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// printColumn reads the arguments of a printcolumn marker.
func printColumn(s string) (apiext.CustomResourceColumnDefinition, error) {
	var c apiext.CustomResourceColumnDefinition
	args, err := splitArgs(s)
	if err != nil {
		return c, err
	}
	for _, a := range args {
		if a.key == "priority" {
			p, err := strconv.ParseInt(a.value, 10, 32)
			c.Priority = int32(p)
			if err != nil {
				return c, err
			}
			continue
		}
		v, err := stringValue(a.value)
		if err != nil {
			return c, err
		}
		switch a.key {
		case "name":
			c.Name = v
		case "type":
			c.Type = v
		case "JSONPath":
			c.JSONPath = v
		case "description":
			c.Description = v
		case "format":
			c.Format = v
		default:
			return c, fmt.Errorf("unknown argument %s", a.key)
		}
	}
	return c, nil
}

// applyMarkers applies validation markers ("Name=value", or "Name:key=value,..." with arguments)
// to a schema.
func applyMarkers(s *apiext.JSONSchemaProps, list []string) error {
	for _, m := range list {
		name, value := m, ""
		if i := strings.IndexAny(m, "=:"); i >= 0 {
			name, value = m[:i], m[i+1:]
		}
		if err := applyMarker(s, name, value); err != nil {
			return fmt.Errorf("+%s%s: %w", validationPrefix, m, err)
		}
	}
	return nil
}

func applyMarker(s *apiext.JSONSchemaProps, name, value string) error {
	switch name {
	case "MinLength", "MaxLength", "Pattern", "Format":
		return stringMarker(s, name, value)
	case "Minimum", "Maximum", "ExclusiveMinimum", "ExclusiveMaximum":
		return numberMarker(s, name, value)
	case "MinItems", "MaxItems":
		return itemsMarker(s, name, value)
	case "Enum":
		return enumMarker(s, value)
	case "XValidation":
		return celMarker(s, value)
	}
	return fmt.Errorf("a validation marker the CRD generator does not know")
}

func stringMarker(s *apiext.JSONSchemaProps, name, value string) error {
	if s.Type != "string" {
		return fmt.Errorf("must apply to a string, found %q", s.Type)
	}
	switch name {
	case "MinLength", "MaxLength":
		n, err := strconv.ParseInt(value, 10, 64)
		if name == "MinLength" {
			s.MinLength = &n
		} else {
			s.MaxLength = &n
		}
		return err
	case "Pattern":
		v, err := stringValue(value)
		s.Pattern = v
		return err
	}
	v, err := stringValue(value)
	s.Format = v
	return err
}

func numberMarker(s *apiext.JSONSchemaProps, name, value string) error {
	if s.Type != "integer" && s.Type != "number" {
		return fmt.Errorf("must apply to a number, found %q", s.Type)
	}
	switch name {
	case "ExclusiveMinimum", "ExclusiveMaximum":
		b, err := strconv.ParseBool(value)
		if name == "ExclusiveMinimum" {
			s.ExclusiveMinimum = b
		} else {
			s.ExclusiveMaximum = b
		}
		return err
	}
	f, err := strconv.ParseFloat(value, 64)
	if name == "Minimum" {
		s.Minimum = &f
	} else {
		s.Maximum = &f
	}
	return err
}

func itemsMarker(s *apiext.JSONSchemaProps, name, value string) error {
	if s.Type != "array" {
		return fmt.Errorf("must apply to an array, found %q", s.Type)
	}
	n, err := strconv.ParseInt(value, 10, 64)
	if name == "MinItems" {
		s.MinItems = &n
	} else {
		s.MaxItems = &n
	}
	return err
}

func enumMarker(s *apiext.JSONSchemaProps, value string) error {
	values, err := enumValues(value)
	s.Enum = slices.Clip(s.Enum) // a resolved type's schema shares its slices
	for _, v := range values {
		s.Enum = append(s.Enum, apiext.JSON{Raw: v})
	}
	return err
}

// celMarker adds an XValidation rule.
func celMarker(s *apiext.JSONSchemaProps, value string) error {
	args, err := splitArgs(value)
	if err != nil {
		return err
	}
	var r apiext.ValidationRule
	for _, a := range args {
		v, err := stringValue(a.value)
		if err != nil {
			return err
		}
		switch a.key {
		case "rule":
			r.Rule = v
		case "message":
			r.Message = v
		case "messageExpression":
			r.MessageExpression = v
		case "fieldPath":
			r.FieldPath = v
		default:
			return fmt.Errorf("unknown argument %s", a.key)
		}
	}
	s.XValidations = append(slices.Clip(s.XValidations), r) // see enumMarker
	return nil
}
