package benchcorpus

import (
	"os"
	"path/filepath"

	"github.com/pkg/errors"
	"golang.org/x/mod/modfile"
)

const asogenModule = "github.com/asogen/asogen"

// goModule returns the corpus's go.mod and go.sum. go.mod requires asogen (replaced by the local
// folder) and pins every module asogen requires at asogen's versions; go.sum is asogen's, so the
// generated tree builds offline against the runtime in that folder.
func goModule(opts Options) (gomod, gosum []byte, err error) {
	path := filepath.Join(opts.AsogenDir, "go.mod")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, errors.Wrap(err, "reading asogen's go.mod")
	}
	src, err := modfile.Parse(path, data, nil)
	if err != nil {
		return nil, nil, err
	}
	if src.Module == nil || src.Module.Mod.Path != asogenModule {
		return nil, nil, errors.Errorf("%s: not the %s module", path, asogenModule)
	}
	gosum, err = os.ReadFile(filepath.Join(opts.AsogenDir, "go.sum"))
	if err != nil {
		return nil, nil, errors.Wrap(err, "reading asogen's go.sum")
	}
	gomod, err = corpusGoMod(opts, src)
	return gomod, gosum, err
}

func corpusGoMod(opts Options, src *modfile.File) ([]byte, error) {
	f := &modfile.File{}
	if err := f.AddModuleStmt(opts.Module); err != nil {
		return nil, err
	}
	if err := f.AddGoStmt(src.Go.Version); err != nil {
		return nil, err
	}
	f.AddNewRequire(asogenModule, "v0.0.0", false)
	for _, r := range src.Require {
		f.AddNewRequire(r.Mod.Path, r.Mod.Version, true)
	}
	if err := f.AddReplace(asogenModule, "", opts.AsogenDir, ""); err != nil {
		return nil, err
	}
	f.Cleanup()
	return modfile.Format(f.Syntax), nil
}
