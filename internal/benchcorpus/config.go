package benchcorpus

import (
	"fmt"
	"strings"
)

// configYAML is the corpus's config.yaml: every group and every kind in every version, with the
// kind's extension when it has one.
func configYAML(c *Corpus) []byte {
	var b strings.Builder
	b.WriteString("# Synthetic benchmark corpus written by internal/benchcorpus.\n")
	b.WriteString("specRoot: specs\n")
	b.WriteString("groups:\n")
	for _, g := range c.Groups {
		fmt.Fprintf(&b, "  - name: %s\n    path: %s\n", g.Name, groupPath(g))
	}
	b.WriteString("resources:\n")
	versions := `["` + strings.Join(c.Versions, `", "`) + `"]`
	for _, k := range c.Kinds() {
		fmt.Fprintf(&b, "  - group: %s\n    kind: %s\n    versions: %s\n", k.Group.Name, k.Name, versions)
		if k.Extension != "" {
			fmt.Fprintf(&b, "    extensions: [%s]\n", k.Extension)
		}
	}
	return []byte(b.String())
}

// groupPath is the group's folder below specRoot, holding stable/<version>/.
func groupPath(g *Group) string {
	return "specification/" + g.Name + "/resource-manager/" + g.Namespace
}
