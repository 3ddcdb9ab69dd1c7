// Package codegen is asogen's one generation path: Generate turns a config into the complete
// set of generated files in memory, through a pipeline of named stages.
package codegen

import (
	"fmt"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/fileset"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
)

// Stage is one step of the pipeline. Requires names the stages that must run before it; the
// order is checked before anything runs.
type Stage struct {
	Name        string
	Description string
	Requires    []string
	Run         func(*State) error
}

// State is what the stages share: the config, the model they refine and the files they emit.
type State struct {
	Config   *config.Config
	Model    *astmodel.Model
	Files    fileset.FileSet
	Warnings diag.List // problems that do not stop generation, such as unused hand-written code
}

// Result is the outcome of a generation: every generated file and the output roots that hold
// them (scanned for stale generated files).
type Result struct {
	Files    fileset.FileSet
	Roots    []string
	Warnings diag.List
}

// pipeline returns every stage in running order: the table of contents of generation.
func pipeline() []Stage {
	return []Stage{
		loadModel(),       // stage_model.go: config.yaml and OpenAPI specs → astmodel.Model
		storageVariants(), // stage_storage.go: a storage package beside every API package
		emitAPI(),         // stage_emit.go: API types, storage, hub, conversions, ARM code
		typedWiring(),     // stage_wiring.go: check hand-written extensions; hosts, dispatch, registry
	}
}

// Generate runs the pipeline for cfg and returns the generated files. Errors are diag.List
// values naming the input files.
func Generate(cfg *config.Config) (*Result, error) {
	st := &State{Config: cfg, Files: fileset.FileSet{}}
	if err := run(st, pipeline()); err != nil {
		return nil, err
	}
	roots := []string{cfg.Output.API, cfg.Output.Registry}
	return &Result{Files: st.Files, Roots: roots, Warnings: st.Warnings}, nil
}

// run checks every stage's prerequisites, then runs the stages in order.
func run(st *State, stages []Stage) error {
	if err := checkOrder(stages); err != nil {
		return err
	}
	for _, s := range stages {
		if err := s.Run(st); err != nil {
			return err
		}
	}
	return nil
}

// checkOrder reports a stage whose prerequisite is missing or runs after it.
func checkOrder(stages []Stage) error {
	seen := map[string]bool{}
	for _, s := range stages {
		for _, r := range s.Requires {
			if !seen[r] {
				return fmt.Errorf("pipeline: stage %q requires %q to run before it", s.Name, r)
			}
		}
		if seen[s.Name] {
			return fmt.Errorf("pipeline: stage %q appears twice", s.Name)
		}
		seen[s.Name] = true
	}
	return nil
}
