package arm

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/pkg/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
)

// armError builds the *azcore.ResponseError the ARM client returns for a response.
func armError(status int, code string, header http.Header) error {
	body := `{"error":{"code":"` + code + `","message":"something about ` + code + `"}}`
	u, _ := url.Parse("https://management.azure.com/subscriptions/s/resourceGroups/rg?api-version=2021-04-01")
	h := http.Header{"Content-Type": {"application/json"}, "x-ms-error-code": {code}}
	for k, v := range header {
		h[k] = v
	}
	resp := &http.Response{
		StatusCode: status, Status: http.StatusText(status), Header: h,
		Body: io.NopCloser(bytes.NewBufferString(body)), Request: &http.Request{Method: http.MethodPut, URL: u},
	}
	return runtime.NewResponseError(resp)
}

func TestFailedWithClassifiesARMErrors(t *testing.T) {
	cases := []struct {
		status   int
		code     string
		header   http.Header
		severity conditions.ConditionSeverity
		retry    retryKind
		after    time.Duration
	}{
		{http.StatusBadRequest, "BadRequest", nil, conditions.SeverityError, retrySlow, 0},
		{http.StatusBadRequest, "InvalidParameter", nil, conditions.SeverityError, retrySlow, 0},
		{http.StatusBadRequest, "SomeCodeNotInTheTable", nil, conditions.SeverityError, retrySlow, 0},
		{http.StatusForbidden, "AuthorizationFailed", nil, conditions.SeverityWarning, retryBackoff, 0},
		{http.StatusForbidden, "SomeOtherForbidden", nil, conditions.SeverityError, retrySlow, 0},
		{http.StatusNotFound, "ResourceGroupNotFound", nil, conditions.SeverityWarning, retryBackoff, 0},
		{http.StatusNotFound, "ParentResourceNotFound", nil, conditions.SeverityWarning, retryBackoff, 0},
		{http.StatusBadRequest, "PrincipalNotFound", nil, conditions.SeverityWarning, retryBackoff, 0},
		{http.StatusConflict, "Conflict", nil, conditions.SeverityWarning, retryBackoff, 0},
		{http.StatusTooManyRequests, "TooManyRequests", http.Header{"Retry-After": {"7"}}, conditions.SeverityWarning, retryAfter, 7 * time.Second},
		{http.StatusInternalServerError, "InternalServerError", nil, conditions.SeverityWarning, retryBackoff, 0},
	}
	for _, c := range cases {
		o := failedWith(armError(c.status, c.code, c.header))
		if o.severity != c.severity || o.reason.Name != c.code || o.retry != c.retry || o.after != c.after {
			t.Errorf("%d %s: got severity %s reason %s retry %d after %s", c.status, c.code, o.severity, o.reason.Name, o.retry, o.after)
		}
		for _, want := range []string{"RESPONSE " + http.StatusText(c.status)[:0], "ERROR CODE: " + c.code, "something about " + c.code, "management.azure.com"} {
			if !strings.Contains(o.message, want) {
				t.Errorf("%d %s: message lacks %q:\n%s", c.status, c.code, want, o.message)
			}
		}
	}
}

func TestFailedWithExtensionResults(t *testing.T) {
	blocked := failedWith(extensions.BlockReconcile("Owning cluster is in provisioning state \"Stopped\"").CreateConditionError())
	if blocked.severity != conditions.SeverityWarning || blocked.reason != conditions.ReasonReconciliationBlocked ||
		blocked.message != "Owning cluster is in provisioning state \"Stopped\"" || blocked.retry != retryBackoff {
		t.Errorf("blocked: %+v", blocked)
	}
	post := failedWith(extensions.PostReconcileCheckResultFailure("connection pending").CreateConditionError())
	if post.severity != conditions.SeverityWarning || post.reason != conditions.ReasonPostReconciliationFailure {
		t.Errorf("post failure: %+v", post)
	}
	other := failedWith(errors.New("boom"))
	if other.severity != conditions.SeverityWarning || other.reason != conditions.ReasonFailed || other.retry != retryBackoff {
		t.Errorf("plain error: %+v", other)
	}
}

func TestCheckErrorNamesTheCheck(t *testing.T) {
	o := checkError("PreReconcileCheck", errors.New("could not read"))
	c := o.condition(3, metav1.Now())
	if c.Severity != conditions.SeverityWarning || c.Status != metav1.ConditionFalse || c.ObservedGeneration != 3 ||
		!strings.Contains(c.Message, "PreReconcileCheck failed: could not read") || o.err == nil {
		t.Errorf("condition %+v", c)
	}
}

func TestDelayIsExponentialAndBounded(t *testing.T) {
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 10 * time.Second, 10 * time.Second}
	for n, w := range want {
		if got := delay(time.Second, 10*time.Second, n); got != w {
			t.Errorf("delay(n=%d) = %s, want %s", n, got, w)
		}
	}
}
