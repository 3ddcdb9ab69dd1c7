// Package chart keeps the Helm chart v2/charts/asogen in step with the generated manifests: Sync
// copies controller-gen's CRDs and asogen's RBAC roles, webhook configurations and conversion
// patch into the chart's files/generated (make generate runs it through v2/internal/cmd/chartsync),
// and Drift reports copies that no longer match. Package render renders the chart.
package chart

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"

	"github.com/pkg/errors"
)

// Dir is the chart, relative to the repository root.
const Dir = "v2/charts/asogen"

// generatedDir holds the copies, relative to the repository root.
const generatedDir = Dir + "/files/generated"

// copies maps each copy (relative to generatedDir) to its source (relative to the root).
func copies(root string) (map[string]string, error) {
	m := map[string]string{
		"webhook_conversion.yaml": "v2/config/crd/patches/webhook_conversion.yaml",
		"role.yaml":               "v2/config/rbac/role.yaml",
		"webhooks.yaml":           "v2/config/webhook/manifests.yaml",
	}
	crds, err := filepath.Glob(filepath.Join(root, "v2/config/crd/bases/*.yaml"))
	if err != nil || len(crds) == 0 {
		return nil, errors.Errorf("no CRDs in v2/config/crd/bases (run make generate): %v", err)
	}
	for _, crd := range crds {
		m["crds/"+filepath.Base(crd)] = "v2/config/crd/bases/" + filepath.Base(crd)
	}
	return m, nil
}

// Sync rewrites generatedDir below root from the sources: stale copies are removed.
func Sync(root string) error {
	m, err := copies(root)
	if err != nil {
		return err
	}
	if err := os.RemoveAll(filepath.Join(root, generatedDir)); err != nil {
		return err
	}
	for dst, src := range m {
		data, err := os.ReadFile(filepath.Join(root, src))
		if err != nil {
			return err
		}
		target := filepath.Join(root, generatedDir, dst)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(target, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Drift lists the copies below root that differ from their sources, are missing, or have no
// source, relative to the root; nil when the chart is in step.
func Drift(root string) ([]string, error) {
	m, err := copies(root)
	if err != nil {
		return nil, err
	}
	var drift []string
	for dst, src := range m {
		want, err := os.ReadFile(filepath.Join(root, src))
		if err != nil {
			return nil, err
		}
		got, err := os.ReadFile(filepath.Join(root, generatedDir, dst))
		if err != nil || !bytes.Equal(got, want) {
			drift = append(drift, generatedDir+"/"+dst)
		}
	}
	extra, err := extraCopies(root, m)
	drift = append(drift, extra...)
	sort.Strings(drift)
	return drift, err
}

// extraCopies are files below generatedDir that no source accounts for.
func extraCopies(root string, m map[string]string) ([]string, error) {
	var extra []string
	base := filepath.Join(root, generatedDir)
	err := filepath.WalkDir(base, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(base, p)
		if _, ok := m[filepath.ToSlash(rel)]; !ok {
			extra = append(extra, generatedDir+"/"+filepath.ToSlash(rel))
		}
		return err
	})
	if os.IsNotExist(err) {
		return extra, nil
	}
	return extra, err
}
