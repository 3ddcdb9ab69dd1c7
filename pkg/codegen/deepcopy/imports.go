package deepcopy

import (
	"bytes"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/asogen/asogen/pkg/goref"
)

// runtimePath is the package of runtime.Object, which DeepCopyObject returns.
var runtimePath = goref.RuntimeObject.Path

// imports names the packages the file imports as controller-gen does (importsList): each path
// the last element of its path not yet taken, else joined with the elements before it.
type imports struct {
	byPath  map[string]string
	byAlias map[string]string
}

// newImports reserves the package's own name.
func newImports(own string) *imports {
	return &imports{byPath: map[string]string{}, byAlias: map[string]string{own: ""}}
}

// need returns the name the file uses for importPath (NeedImport).
func (im *imports) need(importPath string) string {
	if alias, ok := im.byPath[importPath]; ok {
		return alias
	}
	alias := ""
	rest, word := path.Split(importPath)
	for other, taken := "", true; taken && other != importPath; other, taken = im.byAlias[alias] {
		if rest == "" {
			alias += "x"
		}
		alias = identifier(word) + alias
		if rest != "" {
			rest, word = path.Split(rest[:len(rest)-1])
		}
	}
	im.byPath[importPath] = alias
	im.byAlias[alias] = importPath
	return alias
}

// identifier drops a path element's leading digits and replaces what an identifier cannot hold.
func identifier(word string) string {
	for r, n := utf8.DecodeRuneInString(word); unicode.IsDigit(r); r, n = utf8.DecodeRuneInString(word) {
		word = word[n:]
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
			return r
		}
		return '_'
	}, word)
}

// write writes the import block sorted by path, as gofmt sorts it. A path is written without
// its name when the package's other files import it and the name is the package's own
// (ImportSpecs).
func (im *imports) write(out *bytes.Buffer, imported map[string]string) {
	paths := make([]string, 0, len(im.byPath))
	for p := range im.byPath {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	if len(paths) == 0 {
		out.WriteString("import ()\n")
		return
	}
	out.WriteString("import (\n")
	for _, p := range paths {
		out.WriteByte('\t')
		if name, ok := imported[p]; !ok || name != im.byPath[p] {
			out.WriteString(im.byPath[p] + " ")
		}
		out.WriteString(strconv.Quote(p) + "\n")
	}
	out.WriteString(")\n")
}

// importsOf lists the import paths at the head of a printed Go file.
func importsOf(src []byte) []string {
	var paths []string
	inBlock := false
	for line := range bytes.Lines(src) {
		s := strings.TrimSpace(string(line))
		switch {
		case inBlock && s == ")":
			inBlock = false
		case inBlock:
			paths = appendPath(paths, s)
		case s == "import (":
			inBlock = true
		case strings.HasPrefix(s, "import "):
			paths = appendPath(paths, s[len("import "):])
		case strings.HasPrefix(s, "func ") || strings.HasPrefix(s, "type ") || strings.HasPrefix(s, "var ") || strings.HasPrefix(s, "const "):
			return paths
		}
	}
	return paths
}

// appendPath appends the path of an import spec (`name "path"` or `"path"`).
func appendPath(paths []string, spec string) []string {
	if i := strings.IndexByte(spec, '"'); i >= 0 {
		if p, err := strconv.Unquote(spec[i:]); err == nil {
			paths = append(paths, p)
		}
	}
	return paths
}
