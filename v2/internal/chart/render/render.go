// Package render renders the Helm chart v2/charts/asogen as helm template does, with Helm's Go
// module (loader, chartutil, engine), into Kubernetes objects for the tests. It is apart from
// package chart so that make generate's chartsync does not build Helm.
package render

import (
	"sort"
	"strings"

	"github.com/pkg/errors"
	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	"helm.sh/helm/v3/pkg/engine"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/yaml"
)

// Chart renders the chart at dir as `helm template release dir -n namespace` with values over
// the chart's own, and returns its objects in file order.
func Chart(dir, release, namespace string, values map[string]any) ([]*unstructured.Unstructured, error) {
	c, err := loader.Load(dir)
	if err != nil {
		return nil, errors.Wrapf(err, "loading the chart %s", dir)
	}
	opts := chartutil.ReleaseOptions{Name: release, Namespace: namespace, Revision: 1, IsInstall: true}
	vals, err := chartutil.ToRenderValues(c, values, opts, chartutil.DefaultCapabilities)
	if err != nil {
		return nil, errors.Wrap(err, "chart values")
	}
	files, err := engine.Render(c, vals)
	if err != nil {
		return nil, errors.Wrap(err, "rendering the chart")
	}
	return decodeFiles(files)
}

// decodeFiles parses the rendered manifests (templates/*.yaml, not NOTES.txt), in file order.
func decodeFiles(files map[string]string) ([]*unstructured.Unstructured, error) {
	names := make([]string, 0, len(files))
	for name := range files {
		if strings.HasSuffix(name, ".yaml") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	var objs []*unstructured.Unstructured
	for _, name := range names {
		got, err := decodeDocuments(files[name])
		if err != nil {
			return nil, errors.Wrap(err, name)
		}
		objs = append(objs, got...)
	}
	return objs, nil
}

func decodeDocuments(text string) ([]*unstructured.Unstructured, error) {
	var objs []*unstructured.Unstructured
	for _, doc := range strings.Split("\n"+text, "\n---") {
		var m map[string]any
		if err := yaml.Unmarshal([]byte(doc), &m); err != nil {
			return nil, err
		}
		if len(m) > 0 {
			objs = append(objs, &unstructured.Unstructured{Object: m})
		}
	}
	return objs, nil
}
