package extensions

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/go-logr/logr"
	"github.com/go-logr/logr/funcr"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// testObject is a minimal MetaObject.
type testObject struct {
	client.Object
	conds conditions.Conditions
}

func (o *testObject) GetConditions() conditions.Conditions      { return o.conds }
func (o *testObject) SetConditions(conds conditions.Conditions) { o.conds = conds }

func newTestObject(name string) *testObject {
	return &testObject{Object: &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{Name: name}}}
}

// plainHost implements no extension interface.
type plainHost struct{}

func (plainHost) GetExtendedResources() []genruntime.KubernetesResource { return nil }

// behaviour is what a test extension does when called.
type behaviour int

const (
	callNext behaviour = iota
	returnResult
	returnError
)

// recorder remembers the calls made to a test extension.
type recorder struct {
	calls     int
	lastObj   genruntime.MetaObject
	lastOwner genruntime.MetaObject
}

var errCheck = errors.New("could not query Azure")

// logLine is one captured log entry.
type logLine struct {
	level   int
	isError bool
	text    string
}

// capturingLogger returns a logger at verbosity 1 and the entries it captures.
func capturingLogger() (logr.Logger, *[]logLine) {
	lines := &[]logLine{}
	log := funcr.New(func(prefix, args string) {
		line := logLine{text: args, isError: strings.Contains(args, `"error"=`)}
		_, _ = fmt.Sscanf(args[strings.Index(args, `"level"=`)+len(`"level"=`):], "%d", &line.level)
		*lines = append(*lines, line)
	}, funcr.Options{Verbosity: 1})
	return log, lines
}

// assertLogged checks exactly one entry was logged, at the given level and kind.
func assertLogged(t *testing.T, lines []logLine, wantLevel int, wantError bool, wantText string) {
	t.Helper()
	if len(lines) != 1 {
		t.Fatalf("logged %d entries, want 1: %v", len(lines), lines)
	}

	got := lines[0]
	if got.level != wantLevel || got.isError != wantError || !strings.Contains(got.text, wantText) {
		t.Errorf("logged %+v; want level %d, error %v, containing %q", got, wantLevel, wantError, wantText)
	}
}

var ctx = context.Background()
