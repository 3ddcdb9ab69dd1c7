package localrun

import (
	"fmt"
	"os"
	"path/filepath"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/yaml"
)

// ReadSamples reads every generated sample under v2/samples (one per kind and API version).
func ReadSamples() ([]*unstructured.Unstructured, error) {
	var out []*unstructured.Unstructured
	root := filepath.Join(RepoDir(), "v2", "samples")
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".yaml" {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		obj := &unstructured.Unstructured{}
		if err := yaml.Unmarshal(data, &obj.Object); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		out = append(out, obj)
		return nil
	})
	if err == nil && len(out) == 0 {
		err = fmt.Errorf("no samples under %s", root)
	}
	return out, err
}
