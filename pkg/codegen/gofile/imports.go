package gofile

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/dst/decorator/resolver"
	"github.com/pkg/errors"
)

// imports names the packages a file refers to and writes its import block the way dst's
// restorer does: every path in use, standard library first, each named by its alias or its
// resolved package name, numbered when two would clash.
//
// Names are handed out while the declarations print (the first name a path asks for); settle
// then computes the restorer's names from the complete set, which differ only on a clash.
type imports struct {
	pkgPath  string
	resolver resolver.RestorerResolver
	aliases  map[string]string
	names    map[string]string // path → name in code
	final    []importSpec      // the block, after settle
}

type importSpec struct {
	path, alias string
}

// resolveError carries a resolver failure out of the printer.
type resolveError struct{ err error }

func newImports(pkgPath string, r resolver.RestorerResolver, aliases map[string]string) *imports {
	return &imports{pkgPath: pkgPath, resolver: r, aliases: aliases, names: map[string]string{}}
}

// name returns the name code uses for path.
func (im *imports) name(path string) string {
	if n, ok := im.names[path]; ok {
		return n
	}
	n, _ := im.preferred(path)
	im.names[path] = n
	return n
}

// preferred is path's alias, or its package name; aliased says which.
func (im *imports) preferred(path string) (name string, aliased bool) {
	if a := im.aliases[path]; a != "" {
		return a, true
	}
	n, err := im.resolver.ResolvePackage(path)
	if err != nil {
		panic(resolveError{errors.Errorf("could not resolve package %s: %v", path, err)})
	}
	return n, false
}

// settle computes the block from every path in use and reports whether any name changed.
func (im *imports) settle() (changed bool) {
	paths := sortedPaths(im.names)
	taken := map[string]bool{}
	im.final = im.final[:0]
	for _, path := range paths {
		preferred, aliased := im.preferred(path)
		name := unique(preferred, taken)
		taken[name] = true
		changed = changed || im.names[path] != name
		im.names[path] = name
		spec := importSpec{path: path}
		if aliased || name != preferred {
			spec.alias = name
		}
		im.final = append(im.final, spec)
	}
	return changed
}

// unique numbers name until no earlier import uses it.
func unique(name string, taken map[string]bool) string {
	current := name
	for i := 1; taken[current]; i++ {
		current = name + strconv.Itoa(i)
	}
	return current
}

// sortedPaths orders paths as dst does: without a dot (the standard library) first.
func sortedPaths(names map[string]string) []string {
	paths := make([]string, 0, len(names))
	for p := range names {
		paths = append(paths, p)
	}
	slices.SortFunc(paths, func(a, b string) int {
		adot, bdot := strings.Contains(a, "."), strings.Contains(b, ".")
		if adot != bdot {
			if bdot {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	return paths
}

// join assembles the file: head (comments, package clause), the import block, the body.
func (im *imports) join(out *bytes.Buffer, head, body []byte) {
	out.Write(head)
	im.write(out)
	out.Write(body)
}

// write prints one import on a line of its own, several in parentheses with a blank line
// before the first path that has a dot.
func (im *imports) write(b *bytes.Buffer) {
	if len(im.final) == 0 {
		return
	}
	b.WriteString("\n")
	if len(im.final) == 1 {
		b.WriteString("import ")
		im.final[0].write(b)
		b.WriteString("\n")
		return
	}
	b.WriteString("import (")
	dotted := false
	for i, s := range im.final {
		b.WriteString("\n")
		if !dotted && strings.Contains(s.path, ".") {
			dotted = true
			if i > 0 {
				b.WriteString("\n")
			}
		}
		b.WriteString("\t")
		s.write(b)
	}
	b.WriteString("\n)\n")
}

func (s importSpec) write(b *bytes.Buffer) {
	if s.alias != "" {
		b.WriteString(s.alias)
		b.WriteString(" ")
	}
	b.WriteString(strconv.Quote(s.path))
}
