package migrate

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/dst"
	"github.com/dave/dst/decorator"

	"github.com/asogen/asogen/internal/atomicfile"
	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/handwritten"
	"github.com/asogen/asogen/pkg/header"
	"github.com/asogen/asogen/pkg/wiring"
)

// Run moves the hand-written code of kinds whose hub moved to the new hub: it checks the
// hand-written code and applies the hub moves found (see applyMoves). It refuses, writing
// nothing, when the check finds problems other than hub moves. rewritten lists the files
// changed, relative to the project folder.
func Run(cfg *config.Config, m *astmodel.Model, found handwritten.Found) (rewritten []string, err error) {
	rep, err := wiring.Check(cfg, m, found)
	if err != nil {
		return nil, err
	}
	if others := nonMoveErrors(rep); len(others) > 0 {
		return nil, others.Err()
	}
	return applyMoves(cfg.Dir, wiring.LayoutOf(cfg), rep.Moves)
}

// nonMoveErrors returns the report's errors that are not hub moves.
func nonMoveErrors(rep *wiring.Report) diag.List {
	var out diag.List
	for _, e := range rep.Errors {
		if !slices.ContainsFunc(rep.Moves, func(mv wiring.HubMove) bool { return mv.Pos == e.Pos }) {
			out = append(out, e)
		}
	}
	return out
}

// applyMoves rewrites each file named by a move, and the _test.go file beside it, with dst:
// imports of the older hub package point to the new hub, an alias following asogen's naming
// (network20220701s) is renamed with every use, other aliases are kept; every comment and
// blank line stays. Files carrying the generated header are never touched.
func applyMoves(dir string, l wiring.Layout, moves []wiring.HubMove) (rewritten []string, err error) {
	byFile := map[string]map[string]string{}
	for _, mv := range moves {
		for _, f := range []string{mv.File, strings.TrimSuffix(mv.File, ".go") + "_test.go"} {
			if byFile[f] == nil {
				byFile[f] = map[string]string{}
			}
			byFile[f][mv.OldPath] = mv.NewPath
		}
	}
	var errs diag.List
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		changed, err := migrateFile(l, file, byFile[file])
		errs.Merge(err)
		if changed {
			rewritten = append(rewritten, handwritten.RelTo(dir, file))
		}
	}
	return rewritten, errs.Err()
}

// migrateFile rewrites one file; a missing file (no test beside it) is not an error.
func migrateFile(l wiring.Layout, file string, moves map[string]string) (bool, error) {
	src, err := os.ReadFile(file)
	if os.IsNotExist(err) || (err == nil && header.IsGenerated(src)) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	f, err := decorator.ParseFile(token.NewFileSet(), file, src, parser.ParseComments)
	if err != nil {
		return false, diag.Errorf(diag.Pos{File: file}, "cannot migrate: %v", err)
	}
	renames := rewriteImports(l, f, moves)
	if renames == nil {
		return false, nil
	}
	renameUses(f, renames)
	var buf bytes.Buffer
	if err := decorator.Fprint(&buf, f); err != nil {
		return false, fmt.Errorf("migrating %s: %w", file, err)
	}
	return true, writeAtomic(file, buf.Bytes())
}

// rewriteImports moves imports to their new paths and returns the renamed import names
// (nil when nothing matched).
func rewriteImports(l wiring.Layout, f *dst.File, moves map[string]string) map[string]string {
	var renames map[string]string
	for _, spec := range f.Imports {
		old, err := strconv.Unquote(spec.Path.Value)
		target, ok := moves[old]
		if err != nil || !ok {
			continue
		}
		if renames == nil {
			renames = map[string]string{}
		}
		spec.Path.Value = strconv.Quote(target)
		oldAlias, okOld := conventionalAlias(l, old)
		newAlias, okNew := conventionalAlias(l, target)
		if spec.Name != nil && okOld && okNew && spec.Name.Name == oldAlias {
			spec.Name.Name = newAlias
			renames[oldAlias] = newAlias
		}
	}
	return renames
}

// renameUses renames the qualifier of every selector using a renamed import.
func renameUses(f *dst.File, renames map[string]string) {
	dst.Inspect(f, func(n dst.Node) bool {
		if s, ok := n.(*dst.SelectorExpr); ok {
			if x, ok := s.X.(*dst.Ident); ok && renames[x.Name] != "" {
				x.Name = renames[x.Name]
			}
		}
		return true
	})
}

// conventionalAlias is the alias asogen uses for a generated API package path.
func conventionalAlias(l wiring.Layout, importPath string) (string, bool) {
	rest, ok := strings.CutPrefix(importPath, l.Module+"/"+l.APIRoot+"/")
	parts := strings.Split(rest, "/")
	if !ok || len(parts) < 2 || len(parts) > 3 || !strings.HasPrefix(parts[1], "v1api") {
		return "", false
	}
	ref := astmodel.PackageRef{Group: parts[0], Storage: len(parts) == 3 && parts[2] == "storage"}
	ref.APIVersion = strings.TrimPrefix(parts[1], "v1api")
	return ref.Alias(), len(parts) == 2 || ref.Storage
}

// writeAtomic replaces file, keeping its mode. Its temporary file is named like fileset's, so
// a killed run's leftover is removed by the next generate.
func writeAtomic(file string, content []byte) error {
	info, err := os.Stat(file)
	if err != nil {
		return err
	}
	return atomicfile.Write(file, content, info.Mode().Perm())
}
