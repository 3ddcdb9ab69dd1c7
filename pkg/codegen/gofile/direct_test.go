package gofile

import (
	"bytes"
	"errors"
	"go/format"
	"go/token"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/dave/dst"
	"github.com/dave/dst/decorator"
	"github.com/dave/dst/decorator/resolver"
	"github.com/pmezard/go-difflib/difflib"
)

// Each case is gofmt-clean source: the direct printer, dst's restorer with go/printer, and the
// source itself must agree byte for byte.
var directCases = map[string]string{
	"operators by precedence and depth": `package p

func f(a, b, c int, s string) (int, bool) {
	x := a + b*c
	y := a*b + c
	g(a, b+c)
	g(a+b, c*2)
	g(a + b)
	z := (a + b) * c
	ok := a == b && c != 0 || !(a > b)
	s = s + "x"
	n, m := a+1, b-c
	return x + y + z + n + m, ok
}
`,
	"struct columns": `package p

// T has every kind of field.
type T struct {
	metav1.TypeMeta   ` + "`json:\",inline\"`" + `
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `
	Spec              Spec ` + "`json:\"spec,omitempty\"`" + `
	// Name is documented: the comment ends the column block.
	Name       string         ` + "`json:\"name\"`" + `
	LongerName map[string]int ` + "`json:\"longerName,omitempty\"`" + `
	NoTag      *int
	X, Y       int
	Items      []T ` + "`json:\"items\"`" + `
	Embedded
}

type One struct {
	A string ` + "`json:\"a\"`" + `
}

type Two struct {
	A string
	B int
}

type Empty struct{}
`,
	"const and var blocks": `package p

type Mode string

const (
	Mode_A       Mode = "A"
	Mode_Longest Mode = "Longest"
)

const (
	a    = 1
	bb   int
	ccc         = 3
	dddd string = "d"
)

var (
	// GroupVersion is documented.
	GroupVersion = schema.GroupVersion{Group: "g", Version: "v"}
	// AddToScheme too.
	AddToScheme = SchemeBuilder.AddToScheme
)

var (
	only = 1
)

var _ Interface = &T{}
`,
	"control flow": `package p

func (r *T) f(m map[string]int, list []int) error {
	if err := r.g(); err != nil {
		return errors.Wrap(err, "g")
	} else if len(m) > 0 {
		return nil
	} else {
		r.x = nil
	}
	for key, value := range m {
		_ = key + value
	}
	for i := range list {
		list[i] = 0
	}
	for range list {
	}
	switch r.kind {
	case "a", "b":
		return nil
	default:
		r.kind = ""
	}
	switch {
	}
	switch typed := r.payload.(type) {
	case *T, *hub.Value:
		return wrap(&Wrapper{V: typed})
	}
	var v hub.Value
	type plain T
	*r = T(plain{})

	return nil
}
`,
	"expressions": `package p

func (r *T) f(x any) ([]byte, error) {
	v, ok := x.(*T)
	if !ok {
		return nil, fmt.Errorf("got %T", x)
	}
	r.A = genruntime.CastPointer[string](v.B)
	r.B = F[int, string](v.C)
	r.C = &T{A: 1, B: "x", C: []int{1, 2}}
	r.D = (&v.E).Method()
	r.E = (*v).F
	r.G = []byte(nil)
	r.H = map[string]struct{}{}
	r.J = append(r.J, v.J...)
	return json.Marshal(*r)
}
`,
	"wiring shapes": `package p

func (e *E) Short() int { return 1 }

func (e *E) Two() (int, error) { x := 1; return x, nil }

func (e *E) Resources() []genruntime.KubernetesResource {
	return []genruntime.KubernetesResource{
		&v1.A{},
		&v2.A{B: []int{1}},
	}
}

func (e *E) Check(
	ctx context.Context,
	obj genruntime.MetaObject,
	next Func,
) (Result, error) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	for i := 0; i < n; {
		return next(ctx, obj)
	}
	for {
	}
	return next(ctx, obj)
}
`,
	"one-line and long empty bodies": `package p

// Hub marks the hub.
func (r *T) Hub() {}

func (r *AVeryLongReceiverTypeNameThatGoesOnAndOn) AVeryLongMethodNameThatGoesOnAndOnAndOnToo(argument int) {
}
`,
}

func TestDirectPrinterMatchesGofmtAndRestorer(t *testing.T) {
	for name, src := range directCases {
		t.Run(name, func(t *testing.T) {
			if formatted, err := format.Source([]byte(src)); err != nil || string(formatted) != src {
				t.Fatalf("case is not gofmt-clean (%v):\n%s", err, diff(src, string(formatted)))
			}
			direct, err := directBytes(parse(t, src), "example.com/p", resolverOf{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if string(direct) != src {
				t.Errorf("direct printer differs from the source:\n%s", diff(src, string(direct)))
			}
			restored, err := restoredBytes(parse(t, src), "example.com/p", resolverOf{}, nil)
			if err != nil || string(restored) != src {
				t.Errorf("restorer differs from the source (%v):\n%s", err, diff(src, string(restored)))
			}
		})
	}
}

// Statements without line breaks (as the wiring emitter builds them) stay on the header's line
// when go/printer keeps them there: at most five, within 100 columns.
func TestDirectPrinterOneLineBodies(t *testing.T) {
	for _, src := range []string{
		"package p\n\nfunc (e *E) F() int {\n\treturn 1\n}\n",
		"package p\n\nfunc (e *E) F() (int, error) {\n\tx := 1\n\treturn x, nil\n}\n",
		"package p\n\nfunc (e *E) F() string {\n\treturn \"a string long enough to push this body past the one hundred columns\"\n}\n",
		"package p\n\nfunc (e *E) F() {\n\ta()\n\tb()\n\tc()\n\td()\n\te()\n\tf()\n}\n",
		"package p\n\nfunc (e *E) F() {\n\tif x {\n\t\ty()\n\t}\n}\n",
	} {
		compareBoth(t, func() *dst.File {
			f := parse(t, src)
			for _, s := range f.Decls[0].(*dst.FuncDecl).Body.List {
				s.Decorations().Before, s.Decorations().After = dst.None, dst.None
			}
			return f
		}, nil)
	}
}

// Doc comments of top-level declarations come out as gofmt formats them (go/doc/comment):
// gofmt would rewrite them otherwise. (The restorer places them where go/printer does not
// reformat them, so its output would not be gofmt-clean here.)
func TestDirectPrinterFormatsDocCommentsLikeGofmt(t *testing.T) {
	for _, src := range []string{
		"package p\n\n// F does things.\n//\n// - one\n// - two\n//go:noinline\n//   indented\n// \nfunc F() {}\n",
		"package p\n\n// +kubebuilder:object:root=true\n// T: a type.\n// Second line with a [link] and 2 spaces  inside.\ntype T int\n",
		"package p\n\n// Heading\n//\n// Text after a heading.\n//\n//\tcode\nvar x = 1\n",
	} {
		direct, err := directBytes(parse(t, src), "example.com/p", resolverOf{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		formatted, err := format.Source(direct)
		if err != nil || string(formatted) != string(direct) {
			t.Errorf("direct output is not gofmt-clean (%v):\n%s", err, diff(string(formatted), string(direct)))
		}
	}
}

// Qualified identifiers get dst's import block: standard library first, aliases, and numbered
// names when two packages share a name.
func TestDirectPrinterImports(t *testing.T) {
	build := func() *dst.File {
		q := func(path, name string) dst.Expr { return &dst.Ident{Name: name, Path: path} }
		body := []dst.Stmt{
			&dst.ExprStmt{X: &dst.CallExpr{Fun: q("fmt", "Println"), Args: []dst.Expr{
				q("example.com/a/v1", "A"), q("example.com/b/v1", "B"), q("example.com/hub/storage", "H"),
				q("github.com/pkg/errors", "New"), q("example.com/p", "Local"),
			}}},
		}
		for _, s := range body {
			s.Decorations().Before = dst.NewLine
		}
		fn := &dst.FuncDecl{Name: dst.NewIdent("F"), Type: &dst.FuncType{Params: &dst.FieldList{}}, Body: &dst.BlockStmt{List: body}}
		fn.Decs.Before = dst.EmptyLine
		f := &dst.File{Name: dst.NewIdent("p"), Decls: []dst.Decl{fn}}
		f.Decs.Start.Append("// Code generated by a test. DO NOT EDIT.", "\n", "// Package p is documented.")
		return f
	}
	out := compareBoth(t, build, map[string]string{"example.com/hub/storage": "hub"})
	for _, want := range []string{"\t\"fmt\"\n\n", "\tv11 \"example.com/b/v1\"\n", "\thub \"example.com/hub/storage\"\n", "\tfmt.Println(v1.A, v11.B, hub.H, errors.New, Local)\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// Shapes the direct printer does not know are reported, and Print prints them through the
// restorer.
func TestDirectPrinterGivesUpOnUnknownShapes(t *testing.T) {
	src := "package p\n\nfunc F() {\n\tx := 1 // a line comment\n\t_ = x\n}\n\nvar f = func() int { return 1 }\n"
	if _, err := directBytes(parse(t, src), "example.com/p", resolverOf{}, nil); !errors.Is(err, errUnsupported) {
		t.Fatalf("err = %v, want errUnsupported", err)
	}
	var fallbacks atomic.Int64
	out, err := Printer{Fallbacks: &fallbacks}.Print(parse(t, src), "example.com/p", resolverOf{}, nil)
	if err != nil || string(out) != src {
		t.Errorf("Print (%v):\n%s", err, diff(src, string(out)))
	}
	if fallbacks.Load() != 1 {
		t.Errorf("fallbacks = %d, want 1", fallbacks.Load())
	}
}

func TestDirectPrinterReportsUnknownImports(t *testing.T) {
	f := &dst.File{Name: dst.NewIdent("p"), Decls: []dst.Decl{&dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{
		&dst.ValueSpec{Names: []*dst.Ident{dst.NewIdent("x")}, Type: &dst.Ident{Name: "T", Path: "example.com/unknown"}},
	}}}}
	f.Decls[0].Decorations().Before = dst.EmptyLine
	_, err := directBytes(f, "example.com/p", strictResolver{}, nil)
	if err == nil || errors.Is(err, errUnsupported) || !strings.Contains(err.Error(), "example.com/unknown") {
		t.Errorf("err = %v, want the unresolved path", err)
	}
}

// compareBoth prints the file built by build with both printers and requires equal bytes.
func compareBoth(t *testing.T, build func() *dst.File, aliases map[string]string) string {
	t.Helper()
	direct, err := directBytes(build(), "example.com/p", resolverOf{}, aliases)
	if err != nil {
		t.Fatal(err)
	}
	restored, err := restoredBytes(build(), "example.com/p", resolverOf{}, aliases)
	if err != nil {
		t.Fatal(err)
	}
	if string(direct) != string(restored) {
		t.Errorf("direct printer differs from the restorer:\n%s", diff(string(restored), string(direct)))
	}
	return string(direct)
}

func parse(t *testing.T, src string) *dst.File {
	t.Helper()
	f, err := decorator.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// resolverOf names a package by the last element of its path.
type resolverOf struct{}

func (resolverOf) ResolvePackage(path string) (string, error) {
	return path[strings.LastIndex(path, "/")+1:], nil
}

type strictResolver struct{}

func (strictResolver) ResolvePackage(path string) (string, error) {
	return "", errors.New("unknown package")
}

func diff(want, got string) string {
	d, _ := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A: difflib.SplitLines(want), B: difflib.SplitLines(got), FromFile: "want", ToFile: "got", Context: 2,
	})
	return d
}

// directBytes is printDirect into a new buffer.
func directBytes(file *dst.File, pkgPath string, names resolver.RestorerResolver, aliases map[string]string) ([]byte, error) {
	var out bytes.Buffer
	err := printDirect(&out, file, nil, pkgPath, names, aliases)
	return out.Bytes(), err
}

// restoredBytes is printRestored into a new buffer.
func restoredBytes(file *dst.File, pkgPath string, names resolver.RestorerResolver, aliases map[string]string) ([]byte, error) {
	var out bytes.Buffer
	err := printRestored(&out, file, nil, pkgPath, names, aliases)
	return out.Bytes(), err
}
