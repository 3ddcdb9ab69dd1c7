package wiringtest

import (
	"crypto/sha256"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/config"
)

// Root is the repository's folder.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// CopyProject copies testdata/wiring/<name> into a temporary folder with the repository's
// go.mod and go.sum, so go/packages (and go build) see the module the fixture is written for.
func CopyProject(t testing.TB, name string) string {
	t.Helper()
	dst := t.TempDir()
	copyTree(t, filepath.Join(Root(), "testdata", "wiring", name), dst)
	CopyModule(t, dst)
	return dst
}

// CopyModule copies the repository's go.mod and go.sum into dir.
func CopyModule(t testing.TB, dir string) {
	t.Helper()
	for _, f := range []string{"go.mod", "go.sum"} {
		copyFile(t, filepath.Join(Root(), f), filepath.Join(dir, f))
	}
}

func copyTree(t testing.TB, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		copyFile(t, p, filepath.Join(dst, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func copyFile(t testing.TB, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// LoadConfig reads the project's config.yaml.
func LoadConfig(t testing.TB, dir string) *config.Config {
	t.Helper()
	cfg, err := config.Load(filepath.Join(dir, "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TreeDigest hashes every file of the tree with its path, to prove a tree unchanged.
func TreeDigest(t testing.TB, dir string) string {
	t.Helper()
	h := sha256.New()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		h.Write([]byte(p + "\x00"))
		h.Write(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(h.Sum(nil))
}

// WriteFile writes a file below dir, creating folders.
func WriteFile(t testing.TB, dir, rel, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// ReplaceIn edits a file below dir, failing when old is absent.
func ReplaceIn(t testing.TB, dir, rel, old, new string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s does not contain %q", rel, old)
	}
	WriteFile(t, dir, rel, strings.Replace(string(data), old, new, 1))
}

// RemoveFile removes a file below dir.
func RemoveFile(t testing.TB, dir, rel string) {
	t.Helper()
	if err := os.Remove(filepath.Join(dir, filepath.FromSlash(rel))); err != nil {
		t.Fatal(err)
	}
}

// PEFile is the hand-written PrivateEndpoint extension of the project fixture.
const PEFile = "v2/api/network/customizations/private_endpoint_post_reconciliation_checker.go"

// OlderHubProject is the project fixture with the PrivateEndpoint extension (and its test)
// written against the 2022-07-01 storage version, before 2024-03-01 became the hub; current is
// the extension as written for the hub.
func OlderHubProject(t testing.TB) (dir string, current string) {
	t.Helper()
	dir = CopyProject(t, "project")
	data, err := os.ReadFile(filepath.Join(dir, PEFile))
	if err != nil {
		t.Fatal(err)
	}
	current = string(data)
	WriteFile(t, dir, PEFile, strings.ReplaceAll(current, "20240301", "20220701"))
	WriteFile(t, dir, strings.TrimSuffix(PEFile, ".go")+"_test.go", olderHubTest)
	return dir, current
}

const olderHubTest = `package customizations

import (
	"testing"

	// Old hub, aliased the asogen way.
	network20220701s "github.com/asogen/asogen/v2/api/network/v1api20220701/storage"
)

// TestApproved keeps its comments.
func TestApproved(t *testing.T) {
	t.Parallel()
	pe := &network20220701s.PrivateEndpoint{} // an empty endpoint

	_ = pe
}
`
