package extensions

import (
	"context"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// Deleter is implemented by extensions that change how their kind is deleted from Azure.
// See the package documentation.
type Deleter interface {
	// Delete deletes the resource from Azure, or decides not to.
	// ctx is the current operation context.
	// obj is the resource being deleted (it carries a deletion timestamp).
	// resourceResolver resolves references to other resources, and the owner.
	// armClient allows ARM requests.
	// log is the logger for the current operation.
	// next is the default deletion: the ARM DELETE of the resource, followed to its end.
	// Returns DeleteCompleted when the object may go, BlockDelete(reason) to try again later, or
	// an error when the deletion failed.
	Delete(
		ctx context.Context,
		obj genruntime.MetaObject,
		resourceResolver *resolver.Resolver,
		armClient *genericarmclient.GenericClient,
		log logr.Logger,
		next DeleteFunc,
	) (DeleteResult, error)
}

// DeleteFunc is a deletion: Delete without next.
type DeleteFunc func(
	ctx context.Context,
	obj genruntime.MetaObject,
	resourceResolver *resolver.Resolver,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
) (DeleteResult, error)

// CreateDeleter returns the deletion for host.
//
// When host does not implement Deleter, the returned function is next itself, the reconciler's
// default deletion. When it does, the returned function calls the extension with next, logs the
// result (completed at V(1), blocked at Info) and wraps an error from the extension with the
// deleter's name.
func CreateDeleter(host genruntime.ResourceExtension, next DeleteFunc) DeleteFunc {
	deleter, ok := host.(Deleter)
	if !ok {
		return next
	}

	return func(
		ctx context.Context,
		obj genruntime.MetaObject,
		resourceResolver *resolver.Resolver,
		armClient *genericarmclient.GenericClient,
		log logr.Logger,
	) (DeleteResult, error) {
		result, err := deleter.Delete(ctx, obj, resourceResolver, armClient, log, next)
		if err != nil {
			err = errors.Wrapf(err, "%s failed", deleteName)
			log.Error(err, "Deletion failed")
			return DeleteResult{}, err
		}

		logDeletion(log, result)
		return result, nil
	}
}

func logDeletion(log logr.Logger, result DeleteResult) {
	if result.Completed() {
		log.V(1).Info("Deletion completed", "check", deleteName)
		return
	}

	log.Info("Deletion blocked", "check", deleteName, "result", result.String())
}

const deleteName = "Delete"
