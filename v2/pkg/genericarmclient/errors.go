package genericarmclient

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
)

// AsResponseError finds the *azcore.ResponseError in err's chain.
func AsResponseError(err error) (*azcore.ResponseError, bool) {
	var responseError *azcore.ResponseError
	if errors.As(err, &responseError) {
		return responseError, true
	}

	return nil, false
}

// StatusCode returns the HTTP status code of an ARM error, or 0 when err is not one.
func StatusCode(err error) int {
	if responseError, ok := AsResponseError(err); ok {
		return responseError.StatusCode
	}

	return 0
}

// ErrorCode returns the ARM error code (such as "BadRequest" or "ResourceNotFound") of an ARM
// error, or "" when err is not one or ARM gave no code.
func ErrorCode(err error) string {
	if responseError, ok := AsResponseError(err); ok {
		return responseError.ErrorCode
	}

	return ""
}

// IsNotFound reports whether err is an ARM 404 Not Found.
func IsNotFound(err error) bool {
	return StatusCode(err) == http.StatusNotFound
}

// RetryAfter returns how long ARM asked the client to wait before retrying (from the
// retry-after-ms, x-ms-retry-after-ms or Retry-After headers of the response), and false when
// err is not an ARM error or carries no such header.
func RetryAfter(err error) (time.Duration, bool) {
	responseError, ok := AsResponseError(err)
	if !ok || responseError.RawResponse == nil {
		return 0, false
	}

	return retryAfterFromHeader(responseError.RawResponse.Header, time.Now())
}

// retryAfterFromHeader reads the retry headers in order of preference.
func retryAfterFromHeader(header http.Header, now time.Time) (time.Duration, bool) {
	for _, name := range []string{"retry-after-ms", "x-ms-retry-after-ms"} {
		if ms, err := strconv.Atoi(strings.TrimSpace(header.Get(name))); err == nil && ms >= 0 {
			return time.Duration(ms) * time.Millisecond, true
		}
	}

	value := strings.TrimSpace(header.Get("Retry-After"))
	if seconds, err := strconv.Atoi(value); err == nil && seconds >= 0 {
		return time.Duration(seconds) * time.Second, true
	}

	if at, err := http.ParseTime(value); err == nil {
		return max(at.Sub(now), 0), true
	}

	return 0, false
}
