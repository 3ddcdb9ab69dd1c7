// Package templates embeds the text/template files asogen renders: one scaffold template per
// extension point, named by the Template field of the point in pkg/wiring's table.
package templates

import "embed"

// FS holds every template file.
//
//go:embed *.go.tmpl
var FS embed.FS
