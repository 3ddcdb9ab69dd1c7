// Package crd embeds the CRDs controller-gen writes into bases/ (make generate), so that the
// operator can install them itself (--crd-pattern, v2/internal/crdinstall). The embedded files
// are the generated files: make verify checks them like any other output.
package crd

import "embed"

// Bases holds bases/*.yaml, one CRD per file.
//
//go:embed bases/*.yaml
var Bases embed.FS
