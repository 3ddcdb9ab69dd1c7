package scaffold

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/template"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/handwritten"
	"github.com/asogen/asogen/pkg/naming"
	"github.com/asogen/asogen/pkg/wiring"
	"github.com/asogen/asogen/templates"
)

// scaffoldData is what a scaffold template sees.
type scaffoldData struct {
	Package   string
	Imports   []string // import lines, e.g. `network20240301s "github.com/..."`
	Group     string
	Kind      string
	Method    string
	Signature string
	Obj       string // name of the typed resource parameter ("" when the point has none)
	Owner     string // name of the typed owner parameter ("" when the point has none)
	NextCall  string // next(...) with every parameter but next
}

// Write writes the hand-written file of each configured extension of target ("group/Kind")
// from its template. It never overwrites a file: an extension whose method already exists is
// skipped, and an existing file at the path it would write is an error. written lists the files
// it created, relative to the project folder. methods are the hand-written methods of the
// target's group (handwritten.Load).
func Write(cfg *config.Config, m *astmodel.Model, target string, methods []handwritten.Method) (written []string, err error) {
	k, err := scaffoldKind(m, target)
	if err != nil {
		return nil, err
	}
	l := wiring.LayoutOf(cfg)
	for _, p := range wiring.KindPoints(k.Extensions) {
		if hasMethod(methods, k, p.HandWritten) {
			continue
		}
		file, err := scaffoldPoint(cfg.Dir, l, m, k, p)
		if err != nil {
			return written, err
		}
		written = append(written, file)
	}
	return written, nil
}

// scaffoldKind finds the configured kind named by "group/Kind" that has extensions.
func scaffoldKind(m *astmodel.Model, target string) (*astmodel.Kind, error) {
	group, name, ok := strings.Cut(target, "/")
	if !ok {
		return nil, fmt.Errorf("scaffold: %q is not GROUP/KIND (for example network/PrivateEndpoint)", target)
	}
	k, found := m.Kind(group, name)
	if !found {
		var names []string
		for _, k := range m.Kinds {
			names = append(names, k.Group+"/"+k.Name)
		}
		return nil, fmt.Errorf("scaffold: %s is not a configured resource; configured: %s", target, strings.Join(names, ", "))
	}
	if len(wiring.KindPoints(k.Extensions)) == 0 {
		return nil, fmt.Errorf("scaffold: %s has no extensions configured; add for example `extensions: [%s]` "+
			"to its entry in config.yaml (valid: %s)", target, wiring.Points[len(wiring.Points)-1].Name, wiring.PointNames())
	}
	return k, nil
}

func hasMethod(methods []handwritten.Method, k *astmodel.Kind, name string) bool {
	for _, m := range methods {
		if m.Group == k.Group && m.Host == naming.HostName(k.Name) && m.Name == name {
			return true
		}
	}
	return false
}

// scaffoldPoint renders and writes one hand-written file, refusing to replace an existing one.
func scaffoldPoint(dir string, l wiring.Layout, m *astmodel.Model, k *astmodel.Kind, p wiring.Point) (string, error) {
	rel := l.HandWrittenFile(k, p)
	abs := filepath.Join(dir, filepath.FromSlash(rel))
	if _, err := os.Stat(abs); err == nil {
		return "", fmt.Errorf("scaffold: %s already exists and does not define %s on *%s; "+
			"refusing to overwrite it: add the method there, or rename the file and run scaffold again",
			rel, p.HandWritten, naming.HostName(k.Name))
	}
	s, err := wiring.Bind(l, m, k, p)
	if err != nil {
		return "", fmt.Errorf("scaffold: %w", err)
	}
	content, err := Render(s)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return "", err
	}
	// O_EXCL: never replace a file that appeared meanwhile.
	f, err := os.OpenFile(abs, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return "", fmt.Errorf("scaffold: %w", err)
	}
	_, werr := f.Write(content)
	if err := f.Close(); werr == nil {
		werr = err
	}
	return rel, werr
}

// Render renders the hand-written file of a signature from its point's template.
func Render(s wiring.Signature) ([]byte, error) {
	tmpl, err := template.ParseFS(templates.FS, s.Point.Template)
	if err != nil {
		return nil, fmt.Errorf("scaffold template %s: %w", s.Point.Template, err)
	}
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, newScaffoldData(s)); err != nil {
		return nil, fmt.Errorf("scaffold template %s: %w", s.Point.Template, err)
	}
	out, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("scaffold template %s renders invalid Go: %w", s.Point.Template, err)
	}
	return out, nil
}

func newScaffoldData(s wiring.Signature) scaffoldData {
	d := scaffoldData{
		Package: naming.CustomizationsPackage, Group: s.Kind.Group, Kind: s.Kind.Name,
		Method: s.Point.HandWritten, Signature: s.String(),
	}
	var std, other []string
	for _, p := range s.Imports() {
		line := strconv.Quote(p)
		if alias, ok := s.Aliases[p]; ok {
			line = alias + " " + line
		}
		if strings.Contains(strings.Split(p, "/")[0], ".") {
			other = append(other, line)
		} else {
			std = append(std, line)
		}
	}
	d.Imports = append(append(std, ""), other...)
	var args []string
	for _, t := range s.Params {
		switch t.Role {
		case wiring.Obj:
			d.Obj = t.Name
		case wiring.Owner:
			d.Owner = t.Name
		}
		if t.Role != wiring.Next {
			args = append(args, t.Name)
		}
	}
	d.NextCall = "next(" + strings.Join(args, ", ") + ")"
	return d
}
