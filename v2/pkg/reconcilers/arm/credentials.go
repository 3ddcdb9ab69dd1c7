package arm

import (
	"context"

	"github.com/pkg/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"github.com/asogen/asogen/v2/pkg/credentials"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// ClientProvider picks the ARM client of the credential that governs an object and names that
// credential (credentials.Provider).
type ClientProvider interface {
	ClientFor(ctx context.Context, obj client.Object) (*genericarmclient.GenericClient, string, error)
}

// oneClient is the provider of Options.ARMClient alone: every object uses it.
type oneClient struct {
	c *genericarmclient.GenericClient
}

func (o oneClient) ClientFor(context.Context, client.Object) (*genericarmclient.GenericClient, string, error) {
	return o.c, credentials.Global, nil
}

// useCredential sets run.arm to the client of the object's credential. A resource created in
// Azure stays in its subscription: a credential for another one is refused before any request
// (Warning, SubscriptionMismatch; the resource-id annotation records the subscription in use).
func (run *reconcileRun) useCredential(ctx context.Context) error {
	c, source, err := run.opts.Credentials.ClientFor(ctx, run.obj)
	if err != nil {
		return err
	}
	if id, created := genruntime.GetResourceID(run.obj); created {
		if err := resolver.InSubscription(id, c.SubscriptionID(), "its resource"); err != nil {
			return errors.Wrapf(err, "the credential of this object, %s, cannot move it to another subscription", source)
		}
	}
	run.arm = c
	return nil
}

// credentialKey indexes an object by the Secret that holds (or would hold) its credential, so
// that creating, rotating or deleting that Secret reconciles it.
func credentialKey(o client.Object) []string {
	name, _ := credentials.SecretNameFor(o.GetAnnotations())
	return []string{name}
}

// credentialChanged passes an object whose credential-from annotation changed: it may now be
// governed by another credential.
var credentialChanged = predicate.Funcs{
	CreateFunc: func(event.CreateEvent) bool { return false },
	UpdateFunc: func(e event.UpdateEvent) bool {
		return e.ObjectOld.GetAnnotations()[credentials.CredentialFromAnnotation] != e.ObjectNew.GetAnnotations()[credentials.CredentialFromAnnotation]
	},
	DeleteFunc:  func(event.DeleteEvent) bool { return false },
	GenericFunc: func(event.GenericEvent) bool { return false },
}
