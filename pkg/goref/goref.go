// Package goref is the one table of the Go packages and identifiers outside the generated code
// that generated code refers to: asogen's runtime (v2/pkg/...), apimachinery, controller-runtime,
// a few libraries and the standard library. Every emitter names them from here, and a test
// checks each identifier against the packages themselves. It is a leaf: it imports no asogen
// package.
package goref

// Ref names a Go identifier: import path and name. Path is empty for a predeclared identifier
// (error, string).
type Ref struct {
	Path string
	Name string
}

// Package is a package generated code imports and asogen does not generate.
type Package struct {
	Path  string // import path
	Name  string // package name
	Alias string // the import name the API emitter always uses, when not Name
}

// Kind says what a table identifier declares.
type Kind int

// The kinds of identifiers.
const (
	Type      Kind = iota // a named type that is not an interface
	Interface             // a named interface type
	Func                  // a function
	Const                 // a constant
)

// String names the kind for messages.
func (k Kind) String() string {
	if k < Type || k > Const {
		return "other"
	}
	return [...]string{"type", "interface", "func", "const"}[k]
}

// kinds is the table: every identifier declared below, with its kind.
var kinds = map[Ref]Kind{}

// def enters an identifier of p into the table and returns its Ref.
func def(p Package, name string, k Kind) Ref {
	r := Ref{Path: p.Path, Name: name}
	kinds[r] = k
	return r
}

// NameOf returns the package name of an import path of the table; ok is false for any other.
func NameOf(path string) (name string, ok bool) {
	for _, p := range Packages {
		if p.Path == path {
			return p.Name, true
		}
	}
	return "", false
}
