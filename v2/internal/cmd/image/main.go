// Command image writes and pushes the controller's container image without a container engine
// (make image, make image-push; see v2/internal/image):
//
//	image build -binary bin/image/controller -out bin/controller-image.tar -ref ghcr.io/asogen/controller:v0.1.0 \
//	    -version v0.1.0 -revision <commit> -epoch <SOURCE_DATE_EPOCH>
//	image push -archive bin/controller-image.tar [-ref other/name:tag]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/asogen/asogen/v2/internal/image"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "image:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: image build|push [flags]")
	}
	switch args[0] {
	case "build":
		return build(args[1:])
	case "push":
		return push(args[1:])
	}
	return fmt.Errorf("unknown command %q: want build or push", args[0])
}

func build(args []string) error {
	var o image.Options
	var binary, out, ref string
	var epoch int64
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	fs.StringVar(&binary, "binary", "bin/image/controller", "the statically linked controller")
	fs.StringVar(&out, "out", "bin/controller-image.tar", "the OCI image archive to write")
	fs.StringVar(&ref, "ref", "", "the image's name and tag, recorded in the archive")
	fs.StringVar(&o.Version, "version", "", "org.opencontainers.image.version")
	fs.StringVar(&o.Revision, "revision", "", "org.opencontainers.image.revision (the commit)")
	fs.StringVar(&o.Source, "source", "https://github.com/asogen/asogen", "org.opencontainers.image.source")
	fs.StringVar(&o.Licenses, "licenses", "MIT", "org.opencontainers.image.licenses")
	fs.StringVar(&o.OS, "os", "linux", "the binary's operating system")
	fs.StringVar(&o.Arch, "arch", "amd64", "the binary's architecture")
	fs.Int64Var(&epoch, "epoch", 0, "every timestamp in the image, in seconds since 1970 (SOURCE_DATE_EPOCH)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if ref == "" || o.Version == "" || o.Revision == "" {
		return fmt.Errorf("build needs -ref, -version and -revision")
	}
	var err error
	if o.Binary, err = os.ReadFile(binary); err != nil {
		return err
	}
	o.Created = time.Unix(epoch, 0).UTC()
	return write(o, out, ref)
}

func write(o image.Options, out, ref string) error {
	img, err := image.Build(o)
	if err != nil {
		return err
	}
	if err := image.WriteArchive(out, img, ref, o.Created); err != nil {
		return err
	}
	digest, err := img.Digest()
	fmt.Printf("%s %s@%s\n", out, ref, digest)
	return err
}

func push(args []string) error {
	var archive, ref string
	fs := flag.NewFlagSet("push", flag.ContinueOnError)
	fs.StringVar(&archive, "archive", "bin/controller-image.tar", "the archive make image wrote")
	fs.StringVar(&ref, "ref", "", "where to push (the archive's own name when empty)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	return image.Push(context.Background(), archive, ref)
}
