package image

import (
	"archive/tar"
	"bytes"
	"encoding/pem"
	"io"
	"sort"
	"time"

	"golang.org/x/crypto/x509roots/fallback/bundle"
)

// Paths of the image's files.
const (
	BinaryPath = "controller"
	CABundle   = "etc/ssl/certs/ca-certificates.crt"
	NonRoot    = 65532
)

// file is one entry of the layer: a directory when body is nil.
type file struct {
	mode int64
	body []byte
}

// layerFiles is the image's file system: the binary, Mozilla's root certificates, a passwd and
// group naming the non-root user, and a world-writable /tmp.
func layerFiles(binary []byte) map[string]file {
	return map[string]file{
		"etc/":           {mode: 0o755},
		"etc/ssl/":       {mode: 0o755},
		"etc/ssl/certs/": {mode: 0o755},
		CABundle:         {mode: 0o644, body: CACertificates()},
		"etc/passwd":     {mode: 0o644, body: []byte("root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n")},
		"etc/group":      {mode: 0o644, body: []byte("root:x:0:\nnonroot:x:65532:\n")},
		"home/":          {mode: 0o755},
		"home/nonroot/":  {mode: 0o700},
		"tmp/":           {mode: 0o1777},
		BinaryPath:       {mode: 0o755, body: binary},
	}
}

// CACertificates is the PEM bundle of the roots in golang.org/x/crypto/x509roots/fallback (Mozilla's
// NSS trust store, pinned by go.mod). Roots with a distrust-after constraint, which PEM cannot
// express, are left out.
func CACertificates() []byte {
	var buf bytes.Buffer
	for root := range bundle.Roots() {
		if root.Constraint == nil {
			_ = pem.Encode(&buf, &pem.Block{Type: "CERTIFICATE", Bytes: root.Certificate})
		}
	}
	return buf.Bytes()
}

// writeTar writes files in name order, owned by root (home/nonroot by the non-root user), each
// with the modification time at: the same inputs give the same bytes.
func writeTar(w io.Writer, files map[string]file, at time.Time) error {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	tw := tar.NewWriter(w)
	for _, name := range names {
		if err := writeEntry(tw, name, files[name], at); err != nil {
			return err
		}
	}
	return tw.Close()
}

func writeEntry(tw *tar.Writer, name string, f file, at time.Time) error {
	h := &tar.Header{Name: name, Mode: f.mode, ModTime: at, Typeflag: tar.TypeReg, Size: int64(len(f.body))}
	if f.body == nil {
		h.Typeflag = tar.TypeDir
	}
	if name == "home/nonroot/" {
		h.Uid, h.Gid = NonRoot, NonRoot
	}
	if err := tw.WriteHeader(h); err != nil {
		return err
	}
	_, err := tw.Write(f.body)
	return err
}
