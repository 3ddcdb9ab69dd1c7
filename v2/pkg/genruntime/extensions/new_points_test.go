package extensions

import (
	"context"
	"net/http"
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/go-logr/logr"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// classifierHost reclassifies "Settling" as retryable and passes anything else to next.
type classifierHost struct {
	plainHost
	recorder
	fail bool
}

func (h *classifierHost) ClassifyError(
	cloudError *azcore.ResponseError, obj genruntime.MetaObject, apiVersion string, log logr.Logger, next ErrorClassifierFunc,
) (CloudErrorDetails, error) {
	h.calls++
	h.lastObj = obj
	if h.fail {
		return CloudErrorDetails{}, errCheck
	}
	if cloudError.ErrorCode == "Settling" {
		return CloudErrorDetails{Classification: ErrorRetryable, Code: "Settling", Message: apiVersion}, nil
	}
	return next(cloudError, obj, apiVersion, log)
}

func fatalByDefault(e *azcore.ResponseError, _ genruntime.MetaObject, _ string, _ logr.Logger) (CloudErrorDetails, error) {
	return CloudErrorDetails{Classification: ErrorFatal, Code: e.ErrorCode, Message: "default"}, nil
}

func armErr(code string) *azcore.ResponseError {
	return &azcore.ResponseError{ErrorCode: code, StatusCode: http.StatusBadRequest}
}

func TestExtensionErrorClassifierNotImplementedIsNext(t *testing.T) {
	classify := CreateErrorClassifier(plainHost{}, fatalByDefault)
	got, err := classify(armErr("Settling"), newTestObject("a"), "2024-01-01", logr.Discard())
	if err != nil || got.Retryable() || got.Message != "default" {
		t.Fatalf("got %+v, %v; want the default classification", got, err)
	}
}

func TestExtensionErrorClassifierReclassifiesAndDelegates(t *testing.T) {
	host := &classifierHost{}
	classify := CreateErrorClassifier(host, fatalByDefault)
	log, lines := capturingLogger()
	obj := newTestObject("a")
	got, err := classify(armErr("Settling"), obj, "2024-01-01", log)
	if err != nil || !got.Retryable() || got.Code != "Settling" || got.Message != "2024-01-01" {
		t.Fatalf("got %+v, %v; want retryable Settling with the API version", got, err)
	}
	if host.lastObj != obj {
		t.Error("the extension did not receive the object")
	}
	assertLogged(t, *lines, 1, false, "Classified the ARM error")
	got, _ = classify(armErr("InvalidSku"), obj, "2024-01-01", logr.Discard())
	if got.Retryable() || got.Message != "default" {
		t.Errorf("an unrecognised code must reach next: %+v", got)
	}
}

func TestExtensionErrorClassifierError(t *testing.T) {
	classify := CreateErrorClassifier(&classifierHost{fail: true}, fatalByDefault)
	log, lines := capturingLogger()
	_, err := classify(armErr("Settling"), newTestObject("a"), "v", log)
	if err == nil || err.Error() != "ClassifyError failed: "+errCheck.Error() {
		t.Fatalf("error %v", err)
	}
	assertLogged(t, *lines, 0, true, "Could not classify")
}

// modifierHost sets a tag on a map payload.
type modifierHost struct {
	plainHost
	recorder
	fail bool
}

func (h *modifierHost) ModifyARMResource(
	_ context.Context, obj genruntime.MetaObject, payload ARMPayload, _ *resolver.Resolver,
	_ *genericarmclient.GenericClient, _ logr.Logger,
) error {
	h.calls++
	h.lastObj = obj
	if h.fail {
		return errCheck
	}
	payload.(map[string]string)["modified"] = obj.GetName()
	return nil
}

func TestExtensionARMResourceModifier(t *testing.T) {
	payload := map[string]string{}
	if err := CreateARMResourceModifier(plainHost{})(ctx, newTestObject("a"), payload, nil, nil, logr.Discard()); err != nil || len(payload) != 0 {
		t.Fatalf("not implemented: %v, payload %v; want it unchanged", err, payload)
	}
	log, lines := capturingLogger()
	host := &modifierHost{}
	if err := CreateARMResourceModifier(host)(ctx, newTestObject("a"), payload, nil, nil, log); err != nil {
		t.Fatal(err)
	}
	if payload["modified"] != "a" || host.calls != 1 {
		t.Errorf("payload %v after %d calls", payload, host.calls)
	}
	assertLogged(t, *lines, 1, false, "Modified the ARM payload")
}

func TestExtensionARMResourceModifierError(t *testing.T) {
	log, lines := capturingLogger()
	err := CreateARMResourceModifier(&modifierHost{fail: true})(ctx, newTestObject("a"), map[string]string{}, nil, nil, log)
	if err == nil || err.Error() != "ModifyARMResource failed: "+errCheck.Error() {
		t.Fatalf("error %v", err)
	}
	assertLogged(t, *lines, 0, true, "Not sending the PUT")
}

// deleterHost skips, blocks, fails or calls next.
type deleterHost struct {
	plainHost
	recorder
	do     behaviour
	result DeleteResult
}

func (h *deleterHost) Delete(
	ctx context.Context, obj genruntime.MetaObject, rr *resolver.Resolver, arm *genericarmclient.GenericClient,
	log logr.Logger, next DeleteFunc,
) (DeleteResult, error) {
	h.calls++
	switch h.do {
	case callNext:
		return next(ctx, obj, rr, arm, log)
	case returnError:
		return DeleteResult{}, errCheck
	}
	return h.result, nil
}

// countingDelete is a default deletion that counts its calls.
func countingDelete(calls *int) DeleteFunc {
	return func(context.Context, genruntime.MetaObject, *resolver.Resolver, *genericarmclient.GenericClient, logr.Logger) (DeleteResult, error) {
		*calls++
		return DeleteCompleted(), nil
	}
}

func TestExtensionDeleterDefaultAndNext(t *testing.T) {
	var defaults int
	for _, host := range []genruntime.ResourceExtension{plainHost{}, &deleterHost{do: callNext}} {
		result, err := CreateDeleter(host, countingDelete(&defaults))(ctx, newTestObject("a"), nil, nil, logr.Discard())
		if err != nil || !result.Completed() {
			t.Fatalf("%T: %v, %v", host, result, err)
		}
	}
	if defaults != 2 {
		t.Errorf("the default deletion ran %d times, want 2", defaults)
	}
}

func TestExtensionDeleterSkipsAndBlocks(t *testing.T) {
	var defaults int
	log, lines := capturingLogger()
	skip := &deleterHost{do: returnResult, result: DeleteCompleted()}
	if r, err := CreateDeleter(skip, countingDelete(&defaults))(ctx, newTestObject("a"), nil, nil, log); err != nil || !r.Completed() {
		t.Fatalf("skip: %v, %v", r, err)
	}
	assertLogged(t, *lines, 1, false, "Deletion completed")
	block := &deleterHost{do: returnResult, result: BlockDelete("waiting for the owner")}
	log, lines = capturingLogger()
	r, err := CreateDeleter(block, countingDelete(&defaults))(ctx, newTestObject("a"), nil, nil, log)
	if err != nil || r.Completed() || r.Message() != "waiting for the owner" {
		t.Fatalf("block: %v, %v", r, err)
	}
	assertLogged(t, *lines, 0, false, "Deletion blocked")
	if defaults != 0 {
		t.Errorf("the default deletion ran %d times; the extension did not call next", defaults)
	}
	assertConditionError(t, r.CreateConditionError(), true, conditions.SeverityWarning, ReasonDeletionBlocked, "waiting for the owner")
	if DeleteCompleted().CreateConditionError() != nil {
		t.Error("a completed deletion has no condition error")
	}
}

func TestExtensionDeleterError(t *testing.T) {
	var defaults int
	log, lines := capturingLogger()
	_, err := CreateDeleter(&deleterHost{do: returnError}, countingDelete(&defaults))(ctx, newTestObject("a"), nil, nil, log)
	if err == nil || err.Error() != "Delete failed: "+errCheck.Error() {
		t.Fatalf("error %v", err)
	}
	assertLogged(t, *lines, 0, true, "Deletion failed")
}

// creationHost records the object it was called with.
type creationHost struct {
	plainHost
	recorder
	fail bool
}

func (h *creationHost) Success(_ context.Context, obj genruntime.MetaObject, _ logr.Logger) error {
	h.calls++
	h.lastObj = obj
	if h.fail {
		return errCheck
	}
	return nil
}

func TestExtensionSuccessfulCreationHandler(t *testing.T) {
	handle, implemented := CreateSuccessfulCreationHandler(plainHost{})
	if implemented || handle(ctx, newTestObject("a"), logr.Discard()) != nil {
		t.Fatal("not implemented: must report so and do nothing")
	}
	host := &creationHost{}
	handle, implemented = CreateSuccessfulCreationHandler(host)
	log, lines := capturingLogger()
	obj := newTestObject("a")
	if !implemented || handle(ctx, obj, log) != nil || host.lastObj != obj {
		t.Fatalf("implemented %v, calls %d", implemented, host.calls)
	}
	assertLogged(t, *lines, 1, false, "Handled the creation")
	handle, _ = CreateSuccessfulCreationHandler(&creationHost{fail: true})
	log, lines = capturingLogger()
	if err := handle(ctx, obj, log); err == nil || err.Error() != "Success failed: "+errCheck.Error() {
		t.Fatalf("error %v", err)
	}
	assertLogged(t, *lines, 0, true, "Handling the creation failed")
}
