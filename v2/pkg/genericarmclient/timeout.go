package genericarmclient

import (
	"context"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/pkg/errors"
)

// timeoutPolicy bounds one request with its retries. azcore reads the response body inside the
// pipeline, so the deadline can end with the policy.
type timeoutPolicy time.Duration

func (t timeoutPolicy) Do(req *policy.Request) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(req.Raw().Context(), time.Duration(t))
	defer cancel()
	resp, err := req.WithContext(ctx).Next()
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return resp, errors.Wrapf(err, "no answer from ARM within %s", time.Duration(t))
	}
	return resp, err
}
