package extensions

import (
	"context"

	"github.com/go-logr/logr"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// PostReconciliationChecker is implemented by extensions that decide whether a resource Azure
// has accepted is really ready. See the package documentation.
type PostReconciliationChecker interface {
	// PostReconcileCheck checks the resource after Azure has accepted it, before it is marked Ready.
	// ctx is the current operation context.
	// obj is the reconciled resource, with its status freshly read from Azure.
	// owner is the resource's owner, or nil when it has none (or only an ARM ID owner).
	// resourceResolver resolves references to other resources.
	// armClient allows ARM queries.
	// log is the logger for the current operation.
	// next is the next (nested) check; call it to succeed.
	// Returns PostReconcileCheckResultSuccess, or PostReconcileCheckResultFailure(reason) when the
	// resource is not ready yet, or an error when readiness could not be determined.
	PostReconcileCheck(
		ctx context.Context,
		obj genruntime.MetaObject,
		owner genruntime.MetaObject,
		resourceResolver *resolver.Resolver,
		armClient *genericarmclient.GenericClient,
		log logr.Logger,
		next PostReconcileCheckFunc,
	) (PostReconcileCheckResult, error)
}

// PostReconcileCheckFunc is a post-reconciliation check: PostReconcileCheck without next.
type PostReconcileCheckFunc func(
	ctx context.Context,
	obj genruntime.MetaObject,
	owner genruntime.MetaObject,
	resourceResolver *resolver.Resolver,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
) (PostReconcileCheckResult, error)

// alwaysSucceed is the terminal post-reconciliation check: it always succeeds.
func alwaysSucceed(
	_ context.Context,
	_ genruntime.MetaObject,
	_ genruntime.MetaObject,
	_ *resolver.Resolver,
	_ *genericarmclient.GenericClient,
	_ logr.Logger,
) (PostReconcileCheckResult, error) {
	return PostReconcileCheckResultSuccess(), nil
}

// CreatePostReconciliationChecker returns the post-reconciliation check for host.
//
// When host does not implement PostReconciliationChecker, the returned check always succeeds.
// When it does, the returned check calls the extension with a terminal next that always
// succeeds, logs the decision, and turns an error from the extension into a failure while
// returning the error too.
func CreatePostReconciliationChecker(host genruntime.ResourceExtension) PostReconcileCheckFunc {
	checker, ok := host.(PostReconciliationChecker)
	if !ok {
		return alwaysSucceed
	}

	return func(
		ctx context.Context,
		obj genruntime.MetaObject,
		owner genruntime.MetaObject,
		resourceResolver *resolver.Resolver,
		armClient *genericarmclient.GenericClient,
		log logr.Logger,
	) (PostReconcileCheckResult, error) {
		result, err := checker.PostReconcileCheck(ctx, obj, owner, resourceResolver, armClient, log, alwaysSucceed)
		return decidePost(log, result, err)
	}
}
