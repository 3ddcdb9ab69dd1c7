package extensions

import (
	"context"

	"github.com/go-logr/logr"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// PreReconciliationChecker is implemented by extensions that decide, from the resource's state
// (and its owner's), whether to send a create or update to Azure now. See the package
// documentation.
type PreReconciliationChecker interface {
	// PreReconcileCheck checks the resource before it is created or updated in Azure.
	// ctx is the current operation context.
	// obj is the resource about to be reconciled, with its status freshly read from Azure.
	// owner is the resource's owner, or nil when it has none (or only an ARM ID owner).
	// resourceResolver resolves references to other resources.
	// armClient allows ARM queries.
	// log is the logger for the current operation.
	// next is the next (nested) check; call it to proceed.
	// Returns ProceedWithReconcile, BlockReconcile(reason) or PostponeReconcile, or an error when
	// the check itself could not be made.
	PreReconcileCheck(
		ctx context.Context,
		obj genruntime.MetaObject,
		owner genruntime.MetaObject,
		resourceResolver *resolver.Resolver,
		armClient *genericarmclient.GenericClient,
		log logr.Logger,
		next PreReconcileCheckFunc,
	) (PreReconcileCheckResult, error)
}

// PreReconcileCheckFunc is a resource check: PreReconcileCheck without next.
type PreReconcileCheckFunc func(
	ctx context.Context,
	obj genruntime.MetaObject,
	owner genruntime.MetaObject,
	resourceResolver *resolver.Resolver,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
) (PreReconcileCheckResult, error)

// alwaysProceed is the terminal resource check: it always proceeds.
func alwaysProceed(
	_ context.Context,
	_ genruntime.MetaObject,
	_ genruntime.MetaObject,
	_ *resolver.Resolver,
	_ *genericarmclient.GenericClient,
	_ logr.Logger,
) (PreReconcileCheckResult, error) {
	return ProceedWithReconcile(), nil
}

// CreatePreReconciliationChecker returns the resource check for host.
//
// When host does not implement PreReconciliationChecker, the returned check always proceeds.
// When it does, the returned check calls the extension with a terminal next that always
// proceeds, logs the decision, and turns an error from the extension into a block while
// returning the error too.
func CreatePreReconciliationChecker(host genruntime.ResourceExtension) PreReconcileCheckFunc {
	checker, ok := host.(PreReconciliationChecker)
	if !ok {
		return alwaysProceed
	}

	return func(
		ctx context.Context,
		obj genruntime.MetaObject,
		owner genruntime.MetaObject,
		resourceResolver *resolver.Resolver,
		armClient *genericarmclient.GenericClient,
		log logr.Logger,
	) (PreReconcileCheckResult, error) {
		result, err := checker.PreReconcileCheck(ctx, obj, owner, resourceResolver, armClient, log, alwaysProceed)
		return decidePre(log, resourceCheckName, result, err)
	}
}
