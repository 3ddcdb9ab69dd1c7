package extensions

import (
	"context"
	"fmt"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// ARMPayload is the body of the PUT about to be sent to ARM: what genruntime.ARMResource's
// SpecToARM returned, a pointer to the generated <Kind>_Spec_ARM type of the API version being
// sent. Generated dispatch hands it to hand-written code typed.
type ARMPayload = any

// ARMResourceModifier is implemented by extensions that adjust the ARM payload of their kind
// just before the PUT. See the package documentation.
type ARMResourceModifier interface {
	// ModifyARMResource changes payload in place before it is sent.
	// ctx is the current operation context.
	// obj is the resource being reconciled (its status is not necessarily fresh).
	// payload is the PUT body (see ARMPayload).
	// resourceResolver resolves references to other resources.
	// armClient allows ARM queries (for example a GET of the resource as it is in Azure).
	// log is the logger for the current operation.
	// Returns an error when the payload could not be completed; no PUT is sent then.
	ModifyARMResource(
		ctx context.Context,
		obj genruntime.MetaObject,
		payload ARMPayload,
		resourceResolver *resolver.Resolver,
		armClient *genericarmclient.GenericClient,
		log logr.Logger,
	) error
}

// ARMResourceModifierFunc is a payload modification: ModifyARMResource as a function.
type ARMResourceModifierFunc func(
	ctx context.Context,
	obj genruntime.MetaObject,
	payload ARMPayload,
	resourceResolver *resolver.Resolver,
	armClient *genericarmclient.GenericClient,
	log logr.Logger,
) error

// leaveUnchanged is the modification of a kind without ARMResourceModifier.
func leaveUnchanged(
	_ context.Context,
	_ genruntime.MetaObject,
	_ ARMPayload,
	_ *resolver.Resolver,
	_ *genericarmclient.GenericClient,
	_ logr.Logger,
) error {
	return nil
}

// CreateARMResourceModifier returns the payload modification for host.
//
// When host does not implement ARMResourceModifier, the returned function leaves the payload
// unchanged and logs nothing. When it does, the returned function calls the extension, logs the
// modification at V(1), and logs and returns an error from the extension wrapped with the
// modifier's name.
func CreateARMResourceModifier(host genruntime.ResourceExtension) ARMResourceModifierFunc {
	modifier, ok := host.(ARMResourceModifier)
	if !ok {
		return leaveUnchanged
	}

	return func(
		ctx context.Context,
		obj genruntime.MetaObject,
		payload ARMPayload,
		resourceResolver *resolver.Resolver,
		armClient *genericarmclient.GenericClient,
		log logr.Logger,
	) error {
		if err := modifier.ModifyARMResource(ctx, obj, payload, resourceResolver, armClient, log); err != nil {
			err = errors.Wrapf(err, "%s failed", modifyName)
			log.Error(err, "Not sending the PUT: the ARM payload could not be modified")
			return err
		}

		log.V(1).Info("Modified the ARM payload", "payload", typeName(payload))
		return nil
	}
}

const modifyName = "ModifyARMResource"

// typeName renders the dynamic type of v, for logs.
func typeName(v any) string {
	return fmt.Sprintf("%T", v)
}
