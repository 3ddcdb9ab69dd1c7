package wiring

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/handwritten"
)

// BenchmarkLoadCustomizations measures the go/packages load of the customizations packages:
// for the default tree, and for synthetic trees whose customizations import 10 to 400 API
// packages. The load asks for no imports and no type-checking, so its cost stays flat as the
// number of API packages grows.
func BenchmarkLoadCustomizations(b *testing.B) {
	b.Run("default", func(b *testing.B) {
		cfg, err := config.Load(filepath.Join("..", "..", "config.yaml"))
		if err != nil {
			b.Fatal(err)
		}
		var groups []string
		for _, g := range cfg.Groups {
			groups = append(groups, g.Name)
		}
		benchLoad(b, cfg.Dir, LayoutOf(cfg), groups)
	})
	for _, n := range []int{10, 100, 400} {
		b.Run(fmt.Sprintf("apiPackages=%d", n), func(b *testing.B) {
			dir := syntheticTree(b, n)
			benchLoad(b, dir, Layout{Module: "example.com/bench", APIRoot: "v2/api"}, []string{"synthetic"})
		})
	}
}

func benchLoad(b *testing.B, dir string, l Layout, groups []string) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := handwritten.Load(dir, Packages(l, groups), HandWrittenNames(), os.Environ()); err != nil {
			b.Fatal(err)
		}
	}
}

// syntheticTree writes a module with n API packages of 40 types each, and a customizations
// package whose hand-written file imports the first three (the hubs of the kinds with
// extensions), as real trees do: the API packages outnumber what the extensions import.
func syntheticTree(b *testing.B, n int) string {
	dir := b.TempDir()
	writeFile(b, dir, "go.mod", "module example.com/bench\n\ngo 1.26\n")
	var imports, methods strings.Builder
	for i := range n {
		pkg := fmt.Sprintf("v1api2000%04d", i)
		var types strings.Builder
		for j := range 40 {
			fmt.Fprintf(&types, "type T%d struct {\n\tA *string\n\tB []int\n\tC map[string]T%d\n}\n\n", j, j)
		}
		writeFile(b, dir, "v2/api/synthetic/"+pkg+"/storage/types.go", "package storage\n\n"+types.String())
		if i >= 3 {
			continue
		}
		fmt.Fprintf(&imports, "\ts%d \"example.com/bench/v2/api/synthetic/%s/storage\"\n", i, pkg)
		fmt.Fprintf(&methods, "func (ext *K%dExtension) CheckAfterReconcile(obj *s%d.T1) {}\n\n", i, i)
	}
	writeFile(b, dir, "v2/api/synthetic/customizations/hand.go",
		"package customizations\n\nimport (\n"+imports.String()+")\n\n"+methods.String())
	return dir
}
