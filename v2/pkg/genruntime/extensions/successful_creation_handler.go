package extensions

import (
	"context"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"

	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// SuccessfulCreationHandler is implemented by extensions that act once, when their resource has
// been created in Azure. See the package documentation.
type SuccessfulCreationHandler interface {
	// Success runs once, after the first reconcile in which Azure accepted the resource.
	// ctx is the current operation context.
	// obj is the resource, with its status freshly read from Azure; changes to its metadata,
	// spec and status are saved by the reconciler.
	// log is the logger for the current operation.
	// Returns an error when the handling failed; it is then run again on the next reconcile.
	Success(
		ctx context.Context,
		obj genruntime.MetaObject,
		log logr.Logger,
	) error
}

// SuccessFunc is a creation handler: Success as a function.
type SuccessFunc func(
	ctx context.Context,
	obj genruntime.MetaObject,
	log logr.Logger,
) error

// CreatedAnnotation marks a resource whose SuccessfulCreationHandler has run, so it runs once.
const CreatedAnnotation = "serviceoperator.azure.com/creation-handled"

// CreateSuccessfulCreationHandler returns the creation handler for host and whether host
// implements SuccessfulCreationHandler (the reconciler then keeps CreatedAnnotation).
//
// When host does not implement it, the returned handler does nothing. When it does, the returned
// handler calls the extension, logs at V(1), and logs and returns an error from the extension
// wrapped with the handler's name.
func CreateSuccessfulCreationHandler(host genruntime.ResourceExtension) (SuccessFunc, bool) {
	handler, ok := host.(SuccessfulCreationHandler)
	if !ok {
		return nothingToDo, false
	}

	return func(ctx context.Context, obj genruntime.MetaObject, log logr.Logger) error {
		if err := handler.Success(ctx, obj, log); err != nil {
			err = errors.Wrapf(err, "%s failed", successName)
			log.Error(err, "Handling the creation failed")
			return err
		}

		log.V(1).Info("Handled the creation", "check", successName)
		return nil
	}, true
}

func nothingToDo(_ context.Context, _ genruntime.MetaObject, _ logr.Logger) error {
	return nil
}

const successName = "Success"
