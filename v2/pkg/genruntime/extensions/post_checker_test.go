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

// postHost implements PostReconciliationChecker.
type postHost struct {
	plainHost
	recorder
	do     behaviour
	result PostReconcileCheckResult
}

func (h *postHost) PostReconcileCheck(
	ctx context.Context, obj, owner genruntime.MetaObject, rr *resolver.Resolver, arm *genericarmclient.GenericClient,
	log logr.Logger, next PostReconcileCheckFunc,
) (PostReconcileCheckResult, error) {
	h.calls++
	h.lastObj, h.lastOwner = obj, owner
	switch h.do {
	case callNext:
		return next(ctx, obj, owner, rr, arm, log)
	case returnError:
		return PostReconcileCheckResult{}, errCheck
	}
	return h.result, nil
}

func TestCreatePostReconciliationChecker(t *testing.T) {
	cases := []struct {
		name        string
		do          behaviour
		result      PostReconcileCheckResult
		wantSuccess bool
		wantErr     bool
		wantLevel   int
		wantText    string
	}{
		{"calls next", callNext, PostReconcileCheckResult{}, true, false, 1, "succeeded"},
		{"succeeds", returnResult, PostReconcileCheckResultSuccess(), true, false, 1, "succeeded"},
		{"fails", returnResult, PostReconcileCheckResultFailure("awaiting approval"), false, false, 0, "Failure: awaiting approval"},
		{"error fails and is kept", returnError, PostReconcileCheckResult{}, false, true, 0, "could not query Azure"},
	}

	obj, owner := newTestObject("obj"), newTestObject("owner")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			host := &postHost{do: c.do, result: c.result}
			log, lines := capturingLogger()
			result, err := CreatePostReconciliationChecker(host)(ctx, obj, owner, nil, nil, log)
			if host.calls != 1 || host.lastObj != obj || host.lastOwner != owner {
				t.Fatalf("calls=%d, or wrong arguments", host.calls)
			}

			if result.Success() != c.wantSuccess || (err != nil) != c.wantErr {
				t.Fatalf("got %s, %v", result, err)
			}

			if c.wantErr {
				if !errors.Is(err, errCheck) || result.Message() != err.Error() {
					t.Errorf("error %v not kept, or failure message %q differs", err, result.Message())
				}
				assertConditionError(t, result.CreateConditionError(), true, conditions.SeverityWarning, conditions.ReasonPostReconciliationFailure, err.Error())
			}

			assertLogged(t, *lines, c.wantLevel, c.wantErr, c.wantText)
		})
	}
}

func TestPostCheckerNotImplemented(t *testing.T) {
	log, lines := capturingLogger()
	result, err := CreatePostReconciliationChecker(plainHost{})(ctx, newTestObject("obj"), nil, nil, nil, log)
	if !result.Success() || err != nil || len(*lines) != 0 {
		t.Errorf("result=%s err=%v logged=%d", result, err, len(*lines))
	}
}

func TestNilHostIsNotImplemented(t *testing.T) {
	_, implemented := CreatePreReconciliationOwnerChecker(nil)
	pre, preErr := CreatePreReconciliationChecker(nil)(ctx, newTestObject("obj"), nil, nil, nil, logr.Discard())
	post, postErr := CreatePostReconciliationChecker(nil)(ctx, newTestObject("obj"), nil, nil, nil, logr.Discard())
	if implemented || !pre.ShouldProceed() || preErr != nil || !post.Success() || postErr != nil {
		t.Errorf("a nil host must behave as one implementing nothing")
	}
}
