package extensions

import (
	"context"
	"errors"
	"testing"

	"github.com/go-logr/logr"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// ownerHost implements PreReconciliationOwnerChecker.
type ownerHost struct {
	plainHost
	recorder
	do     behaviour
	result PreReconcileCheckResult
}

func (h *ownerHost) PreReconcileOwnerCheck(
	ctx context.Context, owner genruntime.MetaObject, rr *resolver.Resolver, arm *genericarmclient.GenericClient,
	log logr.Logger, next PreReconcileOwnerCheckFunc,
) (PreReconcileCheckResult, error) {
	h.calls++
	h.lastOwner = owner
	switch h.do {
	case callNext:
		return next(ctx, owner, rr, arm, log)
	case returnError:
		return PreReconcileCheckResult{}, errCheck
	}
	return h.result, nil
}

// preHost implements PreReconciliationChecker.
type preHost struct {
	plainHost
	recorder
	do     behaviour
	result PreReconcileCheckResult
}

func (h *preHost) PreReconcileCheck(
	ctx context.Context, obj, owner genruntime.MetaObject, rr *resolver.Resolver, arm *genericarmclient.GenericClient,
	log logr.Logger, next PreReconcileCheckFunc,
) (PreReconcileCheckResult, error) {
	h.calls++
	h.lastObj, h.lastOwner = obj, owner
	switch h.do {
	case callNext:
		return next(ctx, obj, owner, rr, arm, log)
	case returnError:
		return PreReconcileCheckResult{}, errCheck
	}
	return h.result, nil
}

// preCase is one expectation of a pre-reconciliation check.
type preCase struct {
	name      string
	do        behaviour
	result    PreReconcileCheckResult
	wantBlock bool
	wantPost  bool
	wantErr   bool
	wantLevel int
	wantText  string
}

var preCases = []preCase{
	{"calls next", callNext, PreReconcileCheckResult{}, false, false, false, 1, "Proceeding"},
	{"proceeds", returnResult, ProceedWithReconcile(), false, false, false, 1, "Proceeding"},
	{"blocks", returnResult, BlockReconcile("owner updating"), true, false, false, 0, "Blocked: owner updating"},
	{"postpones", returnResult, PostponeReconcile(), false, true, false, 0, "Postponed"},
	{"error blocks and is kept", returnError, PreReconcileCheckResult{}, true, false, true, 0, "could not query Azure"},
}

// assertPre checks a pre-reconciliation outcome against c.
func assertPre(t *testing.T, c preCase, result PreReconcileCheckResult, err error, lines []logLine) {
	t.Helper()
	if result.ShouldBlock() != c.wantBlock || result.ShouldPostpone() != c.wantPost || (err != nil) != c.wantErr {
		t.Fatalf("got %s, %v", result, err)
	}

	if c.wantErr {
		if !errors.Is(err, errCheck) || result.Message() != err.Error() {
			t.Errorf("error %v not kept, or block message %q differs", err, result.Message())
		}
		assertConditionError(t, result.CreateConditionError(), true, conditions.SeverityWarning, conditions.ReasonReconciliationBlocked, err.Error())
	}

	assertLogged(t, lines, c.wantLevel, c.wantErr, c.wantText)
}

func TestCreatePreReconciliationOwnerChecker(t *testing.T) {
	owner := newTestObject("owner")
	for _, c := range preCases {
		t.Run(c.name, func(t *testing.T) {
			host := &ownerHost{do: c.do, result: c.result}
			check, implemented := CreatePreReconciliationOwnerChecker(host)
			log, lines := capturingLogger()
			result, err := check(ctx, owner, nil, nil, log)
			if !implemented || host.calls != 1 || host.lastOwner != owner {
				t.Fatalf("implemented=%v calls=%d", implemented, host.calls)
			}
			assertPre(t, c, result, err, *lines)
		})
	}
}

func TestOwnerCheckerNotImplemented(t *testing.T) {
	check, implemented := CreatePreReconciliationOwnerChecker(plainHost{})
	log, lines := capturingLogger()
	result, err := check(ctx, newTestObject("owner"), nil, nil, log)
	if implemented || !result.ShouldProceed() || err != nil || len(*lines) != 0 {
		t.Errorf("implemented=%v result=%s err=%v logged=%d", implemented, result, err, len(*lines))
	}
}

func TestOwnerCheckerNeverCalledWithoutOwner(t *testing.T) {
	var typedNil *testObject
	cases := []struct {
		name  string
		owner genruntime.MetaObject
	}{
		{"nil interface", nil},
		{"nil pointer", typedNil},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			host := &ownerHost{do: returnResult, result: BlockReconcile("must not be called")}
			check, _ := CreatePreReconciliationOwnerChecker(host)
			log, lines := capturingLogger()
			result, err := check(ctx, c.owner, nil, nil, log)
			if host.calls != 0 || !result.ShouldProceed() || err != nil {
				t.Errorf("calls=%d result=%s err=%v", host.calls, result, err)
			}
			assertLogged(t, *lines, 1, false, "no owner")
		})
	}
}

func TestCreatePreReconciliationChecker(t *testing.T) {
	obj, owner := newTestObject("obj"), newTestObject("owner")
	for _, c := range preCases {
		t.Run(c.name, func(t *testing.T) {
			host := &preHost{do: c.do, result: c.result}
			log, lines := capturingLogger()
			result, err := CreatePreReconciliationChecker(host)(ctx, obj, owner, nil, nil, log)
			if host.calls != 1 || host.lastObj != obj || host.lastOwner != owner {
				t.Fatalf("calls=%d, or wrong arguments", host.calls)
			}
			assertPre(t, c, result, err, *lines)
		})
	}
}

func TestPreCheckerNotImplemented(t *testing.T) {
	log, lines := capturingLogger()
	result, err := CreatePreReconciliationChecker(plainHost{})(ctx, newTestObject("obj"), nil, nil, nil, log)
	if !result.ShouldProceed() || err != nil || len(*lines) != 0 {
		t.Errorf("result=%s err=%v logged=%d", result, err, len(*lines))
	}
}

func TestPreCheckerKeepsImpactingError(t *testing.T) {
	impacting := conditions.NewReadyConditionImpactingError(errCheck, conditions.SeverityError, conditions.MakeReason("AuthorizationFailed", conditions.RetryNone))
	host := &errorHost{err: impacting}
	_, err := CreatePreReconciliationChecker(host)(ctx, newTestObject("obj"), nil, nil, nil, logr.Discard())
	got, ok := conditions.AsReadyConditionImpactingError(err)
	if !ok || got != impacting {
		t.Errorf("error %v lost the extension's ReadyConditionImpactingError", err)
	}
}

// errorHost's pre-check returns a fixed error.
type errorHost struct {
	plainHost
	err error
}

func (h *errorHost) PreReconcileCheck(
	context.Context, genruntime.MetaObject, genruntime.MetaObject, *resolver.Resolver, *genericarmclient.GenericClient,
	logr.Logger, PreReconcileCheckFunc,
) (PreReconcileCheckResult, error) {
	return PreReconcileCheckResult{}, h.err
}
