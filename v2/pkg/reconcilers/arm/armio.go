package arm

import (
	"context"
	"encoding/json"

	"github.com/pkg/errors"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// PollerAnnotation keeps the resume token of a create or update in progress between reconciles.
const PollerAnnotation = "serviceoperator.azure.com/poller-resume-token"

// refreshOwner GETs the owner from ARM and updates its status in memory. It runs only when
// the resolver found the owner in Kubernetes, so obj.Owner() names its kind.
func (run *reconcileRun) refreshOwner(ctx context.Context) error {
	gk := run.obj.Owner().GroupKind()
	ownerReg, ok := run.kinds[gk]
	if !ok {
		return errors.Errorf("no registration for owner kind %s", gk)
	}
	return getInto(ctx, run.opts.ARMClient, ownerReg, run.owner, run.ownerID)
}

// refreshStatus GETs the resource from ARM and updates the object's status.
func (run *reconcileRun) refreshStatus(ctx context.Context) error {
	return getInto(ctx, run.opts.ARMClient, run.reg, run.obj, run.id)
}

// getInto GETs id at the API version of reg and copies the fresh status into hub.
func getInto(ctx context.Context, arm *genericarmclient.GenericClient, reg kind, hub genruntime.KubernetesResource, id string) error {
	v, err := reg.toARMVersion(hub)
	if err != nil {
		return err
	}
	status := v.NewARMStatus()
	if err := arm.GetByID(ctx, id, v.GetAPIVersion(), status); err != nil {
		return err
	}
	if err := v.StatusFromARM(status); err != nil {
		return errors.Wrapf(err, "reading the status of %s", id)
	}
	return reg.refreshHub(v, hub)
}

// put sends the spec to ARM and follows the operation; an unfinished operation is kept on the
// object as a resume token and the flow ends until the next reconcile.
func (run *reconcileRun) put(ctx context.Context) (outcome, bool) {
	refs, err := run.resolve(ctx)
	if err != nil {
		return failedWith(err), true
	}
	body, err := run.armObj.SpecToARM(refs)
	if err != nil {
		return failedWith(errors.Wrap(err, "converting the spec for ARM")), true
	}
	if err := run.checkers.modify(ctx, run.obj, body, run.opts.Resolver, run.opts.ARMClient, run.log); err != nil {
		return checkError("ModifyARMResource", err), true
	}
	poller, err := run.opts.ARMClient.BeginCreateOrUpdateByID(ctx, run.id, run.armObj.GetAPIVersion(), body)
	if err != nil {
		return failedWith(err), true
	}
	run.log.V(1).Info("Sent PUT", "resourceID", run.id)
	return run.follow(ctx, poller)
}

// resolve finds the ARM IDs of the spec's references and the values of its secrets.
func (run *reconcileRun) resolve(ctx context.Context) (genruntime.ResolvedReferences, error) {
	refs, err := run.opts.Resolver.ResolveResourceReferences(ctx, run.armObj)
	if err != nil {
		return refs, err
	}
	secrets, err := run.opts.Resolver.ResolveSecrets(ctx, run.armObj)
	if err != nil {
		return refs, err
	}
	return refs.WithSecrets(secrets), nil
}

// followOperation resumes an operation started by an earlier reconcile.
func (run *reconcileRun) followOperation(ctx context.Context) (outcome, bool) {
	token, ok := run.obj.GetAnnotations()[PollerAnnotation]
	if !ok {
		return outcome{}, false
	}
	poller, err := run.opts.ARMClient.ResumeCreateOrUpdate(ctx, token)
	if err != nil {
		return run.dropToken(ctx, err)
	}
	if err := poller.Poll(ctx); err != nil {
		return failedWith(err), true
	}
	o, done := run.follow(ctx, poller)
	if done {
		return o, true
	}
	// The operation finished: skip the checks and PUT, go straight to the final status.
	return run.finishAfterOperation(ctx), true
}

// follow ends the flow while the operation runs, and reports its failure when it failed.
func (run *reconcileRun) follow(ctx context.Context, poller *genericarmclient.Poller) (outcome, bool) {
	if !poller.Done() {
		return run.keepToken(ctx, poller)
	}
	if err := run.setToken(ctx, ""); err != nil {
		return failedWith(err), true
	}
	var body json.RawMessage
	if err := poller.Result(ctx, &body); err != nil {
		return failedWith(err), true
	}
	run.finalBody = body
	return outcome{}, false
}

// statusAfterOperation updates the status from the operation's final response when it carried
// the resource (ARM's final GET of a PUT does), and otherwise GETs the resource.
func (run *reconcileRun) statusAfterOperation(ctx context.Context) error {
	if len(run.finalBody) == 0 {
		return run.refreshStatus(ctx)
	}
	v, err := run.reg.toARMVersion(run.obj)
	if err != nil {
		return err
	}
	status := v.NewARMStatus()
	if err := json.Unmarshal(run.finalBody, status); err != nil {
		return errors.Wrapf(err, "decoding the final response for %s", run.id)
	}
	if err := v.StatusFromARM(status); err != nil {
		return errors.Wrapf(err, "reading the status of %s", run.id)
	}
	return run.reg.refreshHub(v, run.obj)
}

func (run *reconcileRun) keepToken(ctx context.Context, poller *genericarmclient.Poller) (outcome, bool) {
	token, err := poller.ResumeToken()
	if err == nil {
		err = run.setToken(ctx, token)
	}
	if err != nil {
		return failedWith(errors.Wrap(err, "keeping the operation's resume token")), true
	}
	return inProgress(run.opts.PollInterval), true
}

// dropToken forgets a token that cannot be resumed, so the next reconcile starts afresh.
func (run *reconcileRun) dropToken(ctx context.Context, cause error) (outcome, bool) {
	if err := run.setToken(ctx, ""); err != nil {
		return failedWith(err), true
	}
	return failedWith(cause), true
}

// setToken stores (or, when empty, removes) the resume token annotation.
func (run *reconcileRun) setToken(ctx context.Context, token string) error {
	annotations := run.obj.GetAnnotations()
	if annotations[PollerAnnotation] == token {
		return nil
	}
	if annotations == nil {
		annotations = map[string]string{}
	}
	if token == "" {
		delete(annotations, PollerAnnotation)
	} else {
		annotations[PollerAnnotation] = token
	}
	run.obj.SetAnnotations(annotations)
	return errors.Wrap(run.kube.Update(ctx, run.obj), "updating the resume token")
}
