// Package image builds the controller's container image without a container engine: one layer
// from scratch (the static binary, CA certificates, a non-root user) and an OCI image
// configuration, written as an OCI image layout in a tar archive whose bytes depend only on the
// inputs. make image and make image-push drive it through v2/internal/cmd/image.
package image

import (
	"bytes"
	"io"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
	"github.com/pkg/errors"
)

// OCI label keys of the image configuration.
const (
	LabelVersion  = "org.opencontainers.image.version"
	LabelRevision = "org.opencontainers.image.revision"
	LabelSource   = "org.opencontainers.image.source"
	LabelLicenses = "org.opencontainers.image.licenses"
)

// Options describe one image.
type Options struct {
	Binary   []byte    // the statically linked controller
	Version  string    // org.opencontainers.image.version
	Revision string    // the commit: org.opencontainers.image.revision
	Source   string    // the repository URL: org.opencontainers.image.source
	Licenses string    // an SPDX expression: org.opencontainers.image.licenses
	Created  time.Time // every timestamp of the image (SOURCE_DATE_EPOCH or the commit time)
	OS, Arch string    // the platform of Binary
}

// Build returns the image: OCI media types, one layer, the binary as entrypoint, run as 65532.
func Build(o Options) (v1.Image, error) {
	layer, err := newLayer(o)
	if err != nil {
		return nil, err
	}
	base := mutate.ConfigMediaType(mutate.MediaType(empty.Image, types.OCIManifestSchema1), types.OCIConfigJSON)
	img, err := mutate.Append(base, mutate.Addendum{Layer: layer, MediaType: types.OCILayer,
		History: v1.History{Created: v1.Time{Time: o.Created}, CreatedBy: "asogen make image", Comment: "controller, CA certificates, non-root user"}})
	if err != nil {
		return nil, errors.Wrap(err, "appending the layer")
	}
	cf, err := img.ConfigFile()
	if err != nil {
		return nil, err
	}
	cf = cf.DeepCopy()
	cf.OS, cf.Architecture, cf.Created = o.OS, o.Arch, v1.Time{Time: o.Created}
	cf.Config = runConfig(o)
	return mutate.ConfigFile(img, cf)
}

func runConfig(o Options) v1.Config {
	return v1.Config{
		User:       "65532:65532",
		Entrypoint: []string{"/" + BinaryPath},
		WorkingDir: "/",
		Env:        []string{"PATH=/", "SSL_CERT_FILE=/" + CABundle},
		Labels: map[string]string{
			LabelVersion: o.Version, LabelRevision: o.Revision, LabelSource: o.Source, LabelLicenses: o.Licenses,
		},
	}
}

// newLayer is the gzip-compressed tar of layerFiles, built in memory.
func newLayer(o Options) (v1.Layer, error) {
	var buf bytes.Buffer
	if err := writeTar(&buf, layerFiles(o.Binary), o.Created); err != nil {
		return nil, errors.Wrap(err, "writing the layer")
	}
	data := buf.Bytes()
	return tarball.LayerFromOpener(func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(data)), nil
	}, tarball.WithMediaType(types.OCILayer))
}
