package image

import (
	"archive/tar"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/layout"
	"github.com/pkg/errors"
)

// RefName is the annotation of index.json naming the image (its registry, repository and tag).
const RefName = "org.opencontainers.image.ref.name"

// WriteArchive writes img as an OCI image layout in a tar archive at path (podman load, skopeo
// copy oci-archive:, docker load): entries in name order, every time at, so the same image gives
// the same bytes.
func WriteArchive(path string, img v1.Image, ref string, at time.Time) error {
	dir, err := os.MkdirTemp("", "asogen-image-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	p, err := layout.Write(dir, empty.Index)
	if err != nil {
		return errors.Wrap(err, "writing the OCI layout")
	}
	if err := p.AppendImage(img, layout.WithAnnotations(map[string]string{RefName: ref})); err != nil {
		return errors.Wrap(err, "writing the image into the OCI layout")
	}
	files, err := readTree(dir)
	if err != nil {
		return err
	}
	return writeFile(path, files, at)
}

// readTree reads every file and folder below dir, names relative to it with slashes (folders end
// in a slash).
func readTree(dir string) (map[string]file, error) {
	files := map[string]file{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, dir+string(filepath.Separator)))
		if d.IsDir() {
			files[rel+"/"] = file{mode: 0o755}
			return nil
		}
		body, err := os.ReadFile(p)
		files[rel] = file{mode: 0o644, body: body}
		return err
	})
	return files, err
}

func writeFile(path string, files map[string]file, at time.Time) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := writeTar(f, files, at); err != nil {
		f.Close()
		return errors.Wrapf(err, "writing %s", path)
	}
	return f.Close()
}

// Archive is an image read back from WriteArchive's output.
type Archive struct {
	Image v1.Image
	Ref   string // the RefName annotation
	dir   string
}

// Close removes the unpacked layout the image is read from.
func (a *Archive) Close() error { return os.RemoveAll(a.dir) }

// ReadArchive unpacks the archive at path and opens its only image; Close removes the copy.
func ReadArchive(path string) (*Archive, error) {
	dir, err := os.MkdirTemp("", "asogen-image-")
	if err != nil {
		return nil, err
	}
	a := &Archive{dir: dir}
	if err := untar(path, dir); err != nil {
		a.Close()
		return nil, err
	}
	if err := a.open(); err != nil {
		a.Close()
		return nil, errors.Wrapf(err, "reading %s", path)
	}
	return a, nil
}

func (a *Archive) open() error {
	idx, err := layout.ImageIndexFromPath(a.dir)
	if err != nil {
		return err
	}
	m, err := idx.IndexManifest()
	if err != nil {
		return err
	}
	if len(m.Manifests) != 1 {
		return errors.Errorf("the archive holds %d images, want 1", len(m.Manifests))
	}
	a.Ref = m.Manifests[0].Annotations[RefName]
	a.Image, err = idx.Image(m.Manifests[0].Digest)
	return err
}

// untar extracts the regular files and folders of the tar at path into dir.
func untar(path, dir string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	tr := tar.NewReader(f)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return errors.Wrapf(err, "reading %s", path)
		}
		if err := extract(tr, h, dir); err != nil {
			return err
		}
	}
}

func extract(r io.Reader, h *tar.Header, dir string) error {
	target := filepath.Join(dir, filepath.FromSlash(h.Name))
	if !strings.HasPrefix(target, dir+string(filepath.Separator)) {
		return errors.Errorf("archive entry %q leaves the folder", h.Name)
	}
	if h.Typeflag == tar.TypeDir {
		return os.MkdirAll(target, 0o755)
	}
	if h.Typeflag != tar.TypeReg {
		return errors.Errorf("archive entry %q is not a file or folder", h.Name)
	}
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	out, err := os.Create(target)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, r)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}
