package arm

import (
	"context"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/go-logr/logr"
	"github.com/pkg/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
)

// classify lets the kind's ErrorClassifier decide about an ARM error; without one, or when it
// fails (it logs why), the default classification failedWith made stands.
func (r *Reconciler) classify(obj genruntime.MetaObject, log logr.Logger, o outcome) outcome {
	cloudError, ok := genericarmclient.AsResponseError(o.err)
	if !ok || !r.checkers.hasClassifier {
		return o
	}
	details, err := r.checkers.classify(cloudError, obj, requestAPIVersion(cloudError), log)
	if err != nil {
		return o
	}
	return classified(o.err, details)
}

// defaultClassification is the reconciler's classification of an ARM error, by code and then HTTP
// status (errorclass.go): the next of every ErrorClassifier.
func defaultClassification(cloudError *azcore.ResponseError, _ genruntime.MetaObject, _ string, _ logr.Logger) (extensions.CloudErrorDetails, error) {
	code := cloudError.ErrorCode
	if code == "" {
		code = http.StatusText(cloudError.StatusCode)
	}
	class := extensions.ErrorRetryable
	if classOf(cloudError.StatusCode, cloudError.ErrorCode) == classUser {
		class = extensions.ErrorFatal
	}
	return extensions.CloudErrorDetails{Classification: class, Code: code, Message: cloudError.Error()}, nil
}

// requestAPIVersion is the api-version of the request that failed.
func requestAPIVersion(cloudError *azcore.ResponseError) string {
	if cloudError.RawResponse == nil || cloudError.RawResponse.Request == nil {
		return ""
	}
	return cloudError.RawResponse.Request.URL.Query().Get("api-version")
}

// handleCreation runs the SuccessfulCreationHandler once: the first time the resource is Ready.
// What the handler changed, and CreatedAnnotation, are saved with a merge patch (so the spec as
// converted for ARM is not written back); the in-memory status, fresh from Azure and as the
// handler left it, is kept for the status update that ends the reconcile.
func (run *reconcileRun) handleCreation(ctx context.Context) error {
	if !run.checkers.hasSuccess || run.obj.GetAnnotations()[extensions.CreatedAnnotation] != "" {
		return nil
	}
	before := run.obj.DeepCopyObject().(client.Object)
	if err := run.checkers.success(ctx, run.obj, run.log); err != nil {
		return err
	}
	genruntime.SetAnnotation(run.obj, extensions.CreatedAnnotation, "true")
	saved := run.obj.DeepCopyObject().(client.Object)
	if err := run.kube.Patch(ctx, saved, client.MergeFrom(before)); err != nil {
		return errors.Wrap(err, "recording that the creation was handled")
	}
	run.obj.SetResourceVersion(saved.GetResourceVersion())
	return nil
}
