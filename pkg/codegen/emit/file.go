package emit

import (
	"go/token"
	"path"

	"github.com/dave/dst"

	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/goref"
)

// goFile is one generated file under construction: gofile's builder, shared with the wiring
// emitter.
type goFile = gofile.File

// pathResolver names every package generated code may import; an unknown path is a bug.
type pathResolver map[string]string

// name implements gofile.Names.
func (r pathResolver) name(p string) (string, bool) {
	n, ok := r[p]
	return n, ok
}

// baseResolver names the packages of goref's table.
func baseResolver() pathResolver {
	r := pathResolver{}
	for _, p := range goref.Packages {
		r[p.Path] = p.Name
	}
	return r
}

// fixedAliases are the import names used whatever the file (goref's Package.Alias).
var fixedAliases = func() map[string]string {
	aliases := map[string]string{}
	for _, p := range goref.Packages {
		if p.Alias != "" {
			aliases[p.Path] = p.Alias
		}
	}
	return aliases
}()

// qualRef is an identifier of goref's table, qualified with its package.
func qualRef(r goref.Ref) *dst.Ident { return qual(r.Path, r.Name) }

// writeRef writes an identifier of goref's table, qualified with its package.
func writeRef(w *gofile.Code, r goref.Ref) { w.Q(r.Path, r.Name) }

// typeDecl is `type name <typ>` with doc comment lines.
func typeDecl(name string, typ dst.Expr, doc []string) *dst.GenDecl {
	d := &dst.GenDecl{Tok: token.TYPE, Specs: []dst.Spec{&dst.TypeSpec{Name: id(name), Type: typ}}}
	gofile.Decorate(&d.Decs.NodeDecs, doc)
	return d
}

// fileName joins a package folder and a file name.
func fileName(folder, name string) string { return path.Join(folder, name) }
