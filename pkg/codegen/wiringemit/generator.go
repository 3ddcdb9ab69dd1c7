package wiringemit

import (
	"bytes"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gen"
	"github.com/asogen/asogen/pkg/codegen/gofile"
	"github.com/asogen/asogen/pkg/wiring"
)

// Generator prints the wiring files (gen.Generator): a host per kind, a helper and a part of the
// registry per group, and the registry, each a batch of its own.
type Generator struct {
	Layout  wiring.Layout
	Printer gofile.Printer
}

// Name names the generator.
func (Generator) Name() string { return "wiring" }

// Files lists the wiring files of the groups emit selects, and the registry.
func (g Generator) Files(m *astmodel.Model, emit func(group string) bool) ([]gen.Batch, error) {
	fs := files(g.Layout, m, func(group string) bool { return group == "" || emit(group) })
	batches := make([]gen.Batch, len(fs))
	for i, f := range fs {
		batches[i] = gen.Batch{{Path: f.path, Group: f.group, Render: func(buf *bytes.Buffer) error {
			gf, err := f.build()
			if err != nil {
				return err
			}
			return gf.PrintInto(g.Printer, buf)
		}}}
	}
	return batches, nil
}
