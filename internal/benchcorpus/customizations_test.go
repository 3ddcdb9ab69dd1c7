package benchcorpus

import (
	"bytes"
	"go/format"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/wiring"
)

// TestHandWrittenMatchesWiring keeps the hand-written files in step with pkg/wiring's table:
// method names, file names and parameter names.
func TestHandWrittenMatchesWiring(t *testing.T) {
	for name, hw := range handWrittenMethods {
		p, ok := wiring.PointNamed(name)
		if !ok {
			t.Fatalf("%s is not an extension point of pkg/wiring", name)
		}
		if p.HandWritten != hw.Method {
			t.Errorf("%s: hand-written method %s, pkg/wiring says %s", name, hw.Method, p.HandWritten)
		}
		for _, param := range p.Params {
			if param.Role == wiring.Pass && !strings.Contains(hw.Params, param.Name+" ") && param.Name != "ctx" {
				t.Errorf("%s: parameter %s missing from %q", name, param.Name, hw.Params)
			}
		}
	}
}

func TestCustomizationFiles(t *testing.T) {
	files := mustFiles(t, opts(60, 2, 1))
	seen := map[string]int{}
	for name, content := range files {
		if !strings.Contains(name, "/customizations/") {
			continue
		}
		formatted, err := format.Source(content)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(formatted, content) {
			t.Errorf("%s is not gofmt-clean:\n%s", name, content)
		}
		for point, hw := range handWrittenMethods {
			if bytes.Contains(content, []byte(") "+hw.Method+"(")) {
				seen[point]++
			}
		}
	}
	if len(seen) != 3 || seen[OwnerChecker]+seen[PreChecker]+seen[PostChecker] != 20 {
		t.Errorf("hand-written methods per extension point: %v, want all three and 20 in all", seen)
	}
}
