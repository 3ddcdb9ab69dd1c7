package image

import (
	"context"

	"github.com/google/go-containerregistry/pkg/authn"
	"github.com/google/go-containerregistry/pkg/name"
	"github.com/google/go-containerregistry/pkg/v1/remote"
	"github.com/pkg/errors"
)

// Push uploads the image of the archive at path to ref (the archive's own name when ref is
// empty), with the credentials of the Docker configuration (docker login, crane auth login).
func Push(ctx context.Context, path, ref string) error {
	a, err := ReadArchive(path)
	if err != nil {
		return err
	}
	defer a.Close()
	if ref == "" {
		ref = a.Ref
	}
	tag, err := name.ParseReference(ref)
	if err != nil {
		return errors.Wrapf(err, "image name %q", ref)
	}
	err = remote.Write(tag, a.Image, remote.WithContext(ctx), remote.WithAuthFromKeychain(authn.DefaultKeychain))
	return errors.Wrapf(err, "pushing %s", tag)
}
