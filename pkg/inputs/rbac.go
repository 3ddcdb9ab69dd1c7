package inputs

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/handwritten"
	"github.com/asogen/asogen/pkg/header"
	"github.com/asogen/asogen/pkg/kubemarkers"
)

// RBACMarkers gathers the `+kubebuilder:rbac` markers of the hand-written packages whose rules
// join the operator's role: the folders of cfg's rbac.packages and the customizations package of
// every group (Customizations), as controller-gen read them from its paths. Each package's Go
// files (tests left out) are parsed for comments only; a marker counts where controller-gen
// takes it as the package's: in a comment outside every declaration that is not a
// declaration's doc comment (the file's doc comment counts). A configured folder that is
// missing, or a file that does not parse, is a positioned error in Found.Err.
func RBACMarkers(cfg *config.Config) kubemarkers.Found {
	var found kubemarkers.Found
	var errs diag.List
	for i, dir := range cfg.RBAC.Packages {
		if err := markersOfFolder(cfg.Dir, dir, &found.Comments); errors.Is(err, fs.ErrNotExist) {
			errs.Add(cfg.RBAC.PackagePos[i], "rbac package %q does not exist", dir)
		} else {
			errs.Merge(err)
		}
	}
	for _, p := range Customizations(cfg, configuredGroups(cfg)) {
		if slices.Contains(cfg.RBAC.Packages, p.Dir) {
			continue
		}
		if err := markersOfFolder(cfg.Dir, p.Dir, &found.Comments); !errors.Is(err, fs.ErrNotExist) {
			errs.Merge(err)
		}
	}
	found.Err = errs.Err()
	return found
}

// markersOfFolder appends the package-level rbac markers of the Go files in dir (relative to
// root), sorted by file name. Files asogen generated (its header first) are skipped: it writes
// no rbac marker outside the API packages.
func markersOfFolder(root, dir string, out *[]kubemarkers.Comment) error {
	entries, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(dir)))
	if err != nil {
		return err
	}
	var errs diag.List
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(dir), name))
		if err != nil {
			return err
		}
		if header.IsGenerated(src) {
			continue
		}
		comments, err := markersOfFile(path.Join(dir, name), src)
		errs.Merge(err)
		*out = append(*out, comments...)
	}
	return errs.Err()
}

// markersOfFile returns the package-level rbac markers of one Go file (messages name it file).
func markersOfFile(file string, src []byte) ([]kubemarkers.Comment, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, handwritten.ParseError("", err) // file is already relative to the project

	}
	var out []kubemarkers.Comment
	for _, g := range f.Comments {
		if !packageLevel(f, g) {
			continue
		}
		for _, c := range g.List {
			text, col := markerText(c.Text)
			if text != "" && kubemarkers.IsRBAC(text) {
				p := fset.Position(c.Slash)
				out = append(out, kubemarkers.Comment{Pos: diag.Pos{File: file, Line: p.Line, Col: p.Column + col}, Text: text})
			}
		}
	}
	return out, nil
}

// packageLevel reports whether a comment group is outside every declaration and not the doc
// comment of one.
func packageLevel(f *ast.File, g *ast.CommentGroup) bool {
	return !slices.ContainsFunc(f.Decls, func(d ast.Decl) bool {
		return (g.Pos() >= d.Pos() && g.Pos() < d.End()) || g == declDoc(d)
	})
}

func declDoc(d ast.Decl) *ast.CommentGroup {
	switch d := d.(type) {
	case *ast.FuncDecl:
		return d.Doc
	case *ast.GenDecl:
		return d.Doc
	}
	return nil
}

// markerText is the marker of a `//` comment whose text starts with '+' ("" otherwise), and the
// column offset of the '+' in the comment.
func markerText(comment string) (string, int) {
	rest, ok := strings.CutPrefix(comment, "//")
	trimmed := strings.TrimLeft(rest, " \t")
	if !ok || !strings.HasPrefix(trimmed, "+") {
		return "", 0
	}
	return strings.TrimSpace(trimmed), 2 + len(rest) - len(trimmed)
}
