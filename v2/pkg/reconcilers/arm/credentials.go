package arm

import (
	"context"
	"strings"

	"github.com/pkg/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"github.com/asogen/asogen/v2/pkg/credentials"
	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
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

// ReasonSubscriptionMismatch: the object's credential is for another subscription than the one
// its Azure resource was created in.
var ReasonSubscriptionMismatch = conditions.Reason{Name: "SubscriptionMismatch", RetryClassification: conditions.RetrySlow}

// useCredential sets run.arm to the client of the object's credential. A resource created in
// Azure stays in its subscription: a credential for another one is refused before any request.
func (run *reconcileRun) useCredential(ctx context.Context) error {
	c, source, err := run.opts.Credentials.ClientFor(ctx, run.obj)
	if err != nil {
		return err
	}
	if err := sameSubscription(run.obj, c.SubscriptionID(), source); err != nil {
		return err
	}
	run.arm = c
	return nil
}

// sameSubscription refuses a credential for another subscription than the one recorded in the
// object's resource-id annotation.
func sameSubscription(obj genruntime.MetaObject, subscription, source string) error {
	id, ok := genruntime.GetResourceID(obj)
	recorded := subscriptionOf(id)
	if !ok || recorded == "" || strings.EqualFold(recorded, subscription) {
		return nil
	}
	return conditions.NewReadyConditionImpactingError(errors.Errorf(
		"the resource was created in subscription %s (%s) but its credential, %s, is for subscription %s: "+
			"a credential cannot move a resource to another subscription; use a credential for %s, or a new object",
		recorded, id, source, subscription, recorded), conditions.SeverityWarning, ReasonSubscriptionMismatch)
}

// subscriptionOf is the subscription of an ARM ID ("" for a tenant-level ID).
func subscriptionOf(id string) string {
	parts := strings.Split(id, "/")
	if len(parts) > 2 && parts[0] == "" && strings.EqualFold(parts[1], "subscriptions") {
		return parts[2]
	}
	return ""
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
