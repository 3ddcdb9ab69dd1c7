package image

import (
	"archive/tar"
	"bytes"
	"crypto/x509"
	"encoding/pem"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

var testBinary = []byte("\x7fELF a stand-in for the controller")

func testOptions() Options {
	return Options{
		Binary: testBinary, Version: "v0.1.0", Revision: "0123456789abcdef0123456789abcdef01234567",
		Source: "https://github.com/asogen/asogen", Licenses: "MIT",
		Created: time.Unix(1700000000, 0).UTC(), OS: "linux", Arch: "amd64",
	}
}

// writeTestArchive builds the image and writes its archive into a new folder.
func writeTestArchive(t *testing.T) (string, v1.Hash) {
	t.Helper()
	img, err := Build(testOptions())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "controller.tar")
	if err := WriteArchive(path, img, "ghcr.io/asogen/controller:v0.1.0", testOptions().Created); err != nil {
		t.Fatal(err)
	}
	digest, err := img.Digest()
	if err != nil {
		t.Fatal(err)
	}
	return path, digest
}

func readTestArchive(t *testing.T, path string) *Archive {
	t.Helper()
	a, err := ReadArchive(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// Two builds of the same inputs give the same image digest and the same archive bytes, and the
// archive read back holds that image under its name.
func TestImageIsReproducible(t *testing.T) {
	first, digest1 := writeTestArchive(t)
	second, digest2 := writeTestArchive(t)
	if digest1 != digest2 {
		t.Fatalf("digests differ: %s and %s", digest1, digest2)
	}
	b1, _ := os.ReadFile(first)
	b2, _ := os.ReadFile(second)
	if !bytes.Equal(b1, b2) {
		t.Error("the two archives differ")
	}
	a := readTestArchive(t, first)
	read, err := a.Image.Digest()
	if err != nil {
		t.Fatal(err)
	}
	if read != digest1 || a.Ref != "ghcr.io/asogen/controller:v0.1.0" {
		t.Errorf("archive holds %s@%s, want ghcr.io/asogen/controller:v0.1.0@%s", a.Ref, read, digest1)
	}
}

// The configuration runs the controller as 65532 with the OCI labels, every timestamp fixed.
func TestImageConfig(t *testing.T) {
	path, _ := writeTestArchive(t)
	img := readTestArchive(t, path).Image
	cf, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	check(t, "user", cf.Config.User, "65532:65532")
	check(t, "entrypoint", strings.Join(cf.Config.Entrypoint, " "), "/controller")
	check(t, "platform", cf.OS+"/"+cf.Architecture, "linux/amd64")
	check(t, "created", cf.Created.Unix(), int64(1700000000))
	want := map[string]string{LabelVersion: "v0.1.0", LabelRevision: testOptions().Revision,
		LabelSource: "https://github.com/asogen/asogen", LabelLicenses: "MIT"}
	for k, v := range want {
		check(t, k, cf.Config.Labels[k], v)
	}
	m, err := img.Manifest()
	if err != nil {
		t.Fatal(err)
	}
	check(t, "manifest media type", m.MediaType, types.OCIManifestSchema1)
	check(t, "layers", len(m.Layers), 1)
}

// The one layer holds the binary, executable, and a PEM bundle of Mozilla's roots, every entry
// with the fixed time.
func TestImageLayerHoldsBinaryAndCABundle(t *testing.T) {
	path, _ := writeTestArchive(t)
	files := layerContents(t, readTestArchive(t, path).Image)
	bin, ok := files[BinaryPath]
	if !ok || !bytes.Equal(bin.body, testBinary) || bin.mode != 0o755 {
		t.Fatalf("layer's %s: %+v, want the binary with mode 0755", BinaryPath, bin)
	}
	roots := parsePEM(t, files[CABundle].body)
	if roots < 100 {
		t.Errorf("%s holds %d certificates, want Mozilla's bundle (over 100)", CABundle, roots)
	}
	if _, ok := files["tmp/"]; !ok {
		t.Error("no /tmp in the layer")
	}
}

func layerContents(t *testing.T, img v1.Image) map[string]file {
	t.Helper()
	layers, err := img.Layers()
	if err != nil || len(layers) != 1 {
		t.Fatalf("layers: %d, %v", len(layers), err)
	}
	rc, err := layers[0].Uncompressed()
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	files := map[string]file{}
	tr := tar.NewReader(rc)
	for h, err := tr.Next(); err != io.EOF; h, err = tr.Next() {
		if err != nil {
			t.Fatal(err)
		}
		check(t, h.Name+" time", h.ModTime.Unix(), int64(1700000000))
		body, _ := io.ReadAll(tr)
		files[h.Name] = file{mode: h.Mode, body: body}
	}
	return files
}

func parsePEM(t *testing.T, data []byte) int {
	t.Helper()
	n := 0
	for block, rest := pem.Decode(data); block != nil; block, rest = pem.Decode(rest) {
		if _, err := x509.ParseCertificate(block.Bytes); err != nil {
			t.Fatalf("certificate %d: %v", n, err)
		}
		n++
	}
	return n
}

func check[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}
