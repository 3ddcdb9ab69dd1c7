package extensions

import (
	"context"
	"reflect"

	"github.com/go-logr/logr"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// PreReconciliationOwnerChecker is implemented by extensions that decide, from the owner's state
// alone, whether the resource may be reconciled now. See the package documentation.
type PreReconciliationOwnerChecker interface {
	// PreReconcileOwnerCheck checks the owner before anything is sent to Azure for the resource
	// itself, not even a GET.
	// ctx is the current operation context.
	// owner is the resource's owner, never nil, with its status freshly read from Azure.
	// resourceResolver resolves references to other resources.
	// armClient allows ARM queries.
	// log is the logger for the current operation.
	// next is the next (nested) check; call it to proceed.
	// Returns ProceedWithReconcile, BlockReconcile(reason) or PostponeReconcile, or an error when
	// the check itself could not be made.
	PreReconcileOwnerCheck(
		ctx context.Context,
		owner genruntime.MetaObject,
		resourceResolver *resolver.Resolver,
		armClient *genericarmclient.GenericClient,
		log logr.Logger,
		next PreReconcileOwnerCheckFunc,
	) (PreReconcileCheckResult, error)
}

// PreReconcileOwnerCheckFunc is an owner check: PreReconcileOwnerCheck without next.
type PreReconcileOwnerCheckFunc func(
	ctx context.Context,
	owner genruntime.MetaObject,
	resourceResolver *resolver.Resolver,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
) (PreReconcileCheckResult, error)

// alwaysProceedOwner is the terminal owner check: it always proceeds.
func alwaysProceedOwner(
	_ context.Context,
	_ genruntime.MetaObject,
	_ *resolver.Resolver,
	_ *genericarmclient.GenericClient,
	_ logr.Logger,
) (PreReconcileCheckResult, error) {
	return ProceedWithReconcile(), nil
}

// CreatePreReconciliationOwnerChecker returns the owner check for host and whether host
// implements PreReconciliationOwnerChecker.
//
// When it does not, the returned check always proceeds. When it does, the returned check calls
// the extension with a terminal next that always proceeds, logs the decision, and turns an error
// from the extension into a block while returning the error too.
//
// The extension is never called without an owner: when owner is nil (a resource owned by the
// subscription, or one whose owner is given only by ARM ID), the returned check proceeds
// without calling it and logs that at V(1). A reconciler may also use the returned bool to skip
// reading the owner from Azure altogether.
func CreatePreReconciliationOwnerChecker(host genruntime.ResourceExtension) (PreReconcileOwnerCheckFunc, bool) {
	checker, ok := host.(PreReconciliationOwnerChecker)
	if !ok {
		return alwaysProceedOwner, false
	}

	check := func(
		ctx context.Context,
		owner genruntime.MetaObject,
		resourceResolver *resolver.Resolver,
		armClient *genericarmclient.GenericClient,
		log logr.Logger,
	) (PreReconcileCheckResult, error) {
		if isNil(owner) {
			log.V(1).Info("Skipping owner check: the resource has no owner object", "check", ownerCheckName)
			return ProceedWithReconcile(), nil
		}

		result, err := checker.PreReconcileOwnerCheck(ctx, owner, resourceResolver, armClient, log, alwaysProceedOwner)
		return decidePre(log, ownerCheckName, result, err)
	}

	return check, true
}

// isNil reports whether obj is nil, including a nil pointer in a non-nil interface.
func isNil(obj genruntime.MetaObject) bool {
	if obj == nil {
		return true
	}

	v := reflect.ValueOf(obj)
	return v.Kind() == reflect.Pointer && v.IsNil()
}
