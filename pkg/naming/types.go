package naming

import "strconv"

// The suffixes of the type names asogen derives from a kind or an object.
const (
	specSuffix   = "_Spec"
	statusSuffix = "_STATUS"
	armSuffix    = "_ARM"
)

// SpecName is the name of a kind's spec object: PrivateEndpoint → PrivateEndpoint_Spec.
func SpecName(kind string) string { return kind + specSuffix }

// StatusName is the name of a kind's status object: PrivateEndpoint → PrivateEndpoint_STATUS;
// StatusName("") is the suffix of every object a status holds.
func StatusName(kind string) string { return kind + statusSuffix }

// ARMName is the name of the ARM type of the object named object: Foo_Spec → Foo_Spec_ARM.
func ARMName(object string) string { return object + armSuffix }

// FreeName returns name, or name with the smallest number from 2 on that taken does not report:
// how a Go name that clashes (a property, an ARM nesting, an enum constant) gets a number.
func FreeName(name string, taken func(string) bool) string {
	n := name
	for i := 2; taken(n); i++ {
		n = name + strconv.Itoa(i)
	}
	return n
}
