package extensions

import (
	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/go-logr/logr"
	"github.com/pkg/errors"

	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// ErrorClassifier is implemented by extensions that decide, for their kind, whether an error
// returned by ARM is worth retrying. See the package documentation.
type ErrorClassifier interface {
	// ClassifyError classifies an error ARM returned for a request about the resource.
	// cloudError is ARM's answer (status, code, message and the request that failed).
	// obj is the resource the request was about.
	// apiVersion is the API version of the failed request.
	// log is the logger for the current operation.
	// next is the default classification; call it for every error you do not recognise.
	// Returns the classification, or an error when the error could not be classified.
	ClassifyError(
		cloudError *azcore.ResponseError,
		obj genruntime.MetaObject,
		apiVersion string,
		log logr.Logger,
		next ErrorClassifierFunc,
	) (CloudErrorDetails, error)
}

// ErrorClassifierFunc is an error classification: ClassifyError without next.
type ErrorClassifierFunc func(
	cloudError *azcore.ResponseError,
	obj genruntime.MetaObject,
	apiVersion string,
	log logr.Logger,
) (CloudErrorDetails, error)

// ErrorClassification says whether an ARM error is worth retrying.
type ErrorClassification string

const (
	// ErrorRetryable: the request may succeed later unchanged (a dependency settling, throttling,
	// a conflict). The Ready condition is a Warning and the reconciler retries with backoff.
	ErrorRetryable ErrorClassification = "Retryable"
	// ErrorFatal: the request will fail until the spec changes. The Ready condition is an Error
	// and the reconciler waits for a new generation.
	ErrorFatal ErrorClassification = "Fatal"
)

// CloudErrorDetails is the classification of an ARM error: what the Ready condition shows.
type CloudErrorDetails struct {
	Classification ErrorClassification
	// Code becomes the reason of the Ready condition (ARM's error code by default).
	Code string
	// Message becomes the message of the Ready condition (ARM's full error by default).
	Message string
}

// Retryable reports whether the reconciler should try again without a spec change.
func (d CloudErrorDetails) Retryable() bool {
	return d.Classification != ErrorFatal
}

// CreateErrorClassifier returns the error classification for host.
//
// When host does not implement ErrorClassifier, the returned function is next itself, the
// reconciler's default classification. When it does, the returned function calls the extension
// with next, logs the classification at V(1) and wraps an error from the extension with the
// check's name; the reconciler then falls back to the default classification.
func CreateErrorClassifier(host genruntime.ResourceExtension, next ErrorClassifierFunc) ErrorClassifierFunc {
	classifier, ok := host.(ErrorClassifier)
	if !ok {
		return next
	}

	return func(cloudError *azcore.ResponseError, obj genruntime.MetaObject, apiVersion string, log logr.Logger) (CloudErrorDetails, error) {
		details, err := classifier.ClassifyError(cloudError, obj, apiVersion, log, next)
		if err != nil {
			err = errors.Wrapf(err, "%s failed", classifyName)
			log.Error(err, "Could not classify the ARM error", "code", cloudError.ErrorCode)
			return CloudErrorDetails{}, err
		}

		log.V(1).Info("Classified the ARM error", "code", cloudError.ErrorCode,
			"classification", details.Classification, "reason", details.Code)
		return details, nil
	}
}

const classifyName = "ClassifyError"
