package arm

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

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
	_, err := getInto(ctx, run.arm, ownerReg, run.owner, run.ownerID)
	return err
}

// refreshStatus GETs the resource from ARM (once per reconcile) and updates the object's status.
// A resource Azure does not have is not an error here: run.missing says so.
func (run *reconcileRun) refreshStatus(ctx context.Context) error {
	if run.azureBody != nil || run.missing {
		return nil
	}
	body, err := getInto(ctx, run.arm, run.reg, run.obj, run.id)
	if genericarmclient.IsNotFound(err) {
		run.missing = true
		return nil
	}
	run.azureBody = body
	return err
}

// getInto GETs id at the API version of reg, copies the fresh status into hub and returns the body.
func getInto(ctx context.Context, arm *genericarmclient.GenericClient, reg kind, hub genruntime.KubernetesResource, id string) ([]byte, error) {
	v, err := reg.toARMVersion(hub)
	if err != nil {
		return nil, err
	}
	var body json.RawMessage
	if err := arm.GetByID(ctx, id, v.GetAPIVersion(), &body); err != nil {
		return nil, err
	}
	return body, statusInto(reg, v, hub, body, id)
}

// statusInto decodes an ARM body into the status of v and copies it into hub.
func statusInto(reg kind, v ARMVersion, hub genruntime.KubernetesResource, body []byte, id string) error {
	status := v.NewARMStatus()
	if err := json.Unmarshal(body, status); err != nil {
		return errors.Wrapf(err, "decoding the resource %s", id)
	}
	if err := v.StatusFromARM(status); err != nil {
		return errors.Wrapf(err, "reading the status of %s", id)
	}
	return reg.refreshHub(v, hub)
}

// upToDate ends the flow's PUT when nothing changed since the last PUT succeeded: the same
// body, and Azure still holding what it answered then (a GET, unless one was made already).
// A resource missing in Azure, or changed there by someone else, is PUT again.
func (run *reconcileRun) upToDate(ctx context.Context) (outcome, bool) {
	if run.opts.ResyncPut == ResyncPutAlways || run.last.Body != run.bodyHash || run.last.Azure == "" {
		return outcome{}, false
	}
	if err := run.refreshStatus(ctx); err != nil {
		return failedWith(err), true
	}
	switch {
	case run.missing:
		run.event(eventWarning, "Recreating", "The resource is missing in Azure (deleted outside the operator); creating it again")
	case run.last.Azure == azureUnknown:
		return run.settleUnknown(ctx)
	case azureHash(run.azureBody) != run.last.Azure:
		run.event(eventNormal, "DriftCorrected", "The resource was changed in Azure outside the operator; sending the spec again")
	default:
		return run.finishAfterOperation(ctx), true
	}
	return outcome{}, false
}

// settleUnknown decides about an operation that finished while its result could not be read (a
// transient error on the final GET): a resource Azure now holds as Succeeded is what that PUT
// made, so it is recorded and nothing is sent again; anything else is PUT again.
func (run *reconcileRun) settleUnknown(ctx context.Context) (outcome, bool) {
	if state := provisioningStateOf(run.azureBody); state != "" && !strings.EqualFold(state, "Succeeded") {
		return outcome{}, false
	}
	run.last.Azure = azureHash(run.azureBody)
	if err := run.saveOperation(ctx, ""); err != nil {
		return failedWith(err), true
	}
	return run.finishAfterOperation(ctx), true
}

// put sends the body to ARM and follows the operation; an unfinished operation is kept on the
// object as a resume token, with what was sent, and the flow ends until the next reconcile.
func (run *reconcileRun) put(ctx context.Context) (outcome, bool) {
	body := run.body
	if err := run.checkers.modify(ctx, run.obj, body, run.opts.Resolver, run.arm, run.log); err != nil {
		return checkError("ModifyARMResource", err), true
	}
	poller, err := run.arm.BeginCreateOrUpdateByID(ctx, run.id, run.armObj.GetAPIVersion(), body)
	if err != nil {
		return failedWith(err), true
	}
	run.log.V(1).Info("Sent PUT", "resourceID", run.id, "generation", run.obj.GetGeneration())
	run.last = applied{Generation: run.obj.GetGeneration(), Body: run.bodyHash}
	if poller.StatusCode() == http.StatusOK && run.obj.GetAnnotations()[AppliedAnnotation] == "" {
		run.event(eventNormal, "Adopted", "The resource already existed in Azure: the operator now manages it and made it match the spec")
	}
	o, done := run.follow(ctx, poller)
	if !done {
		run.finished = true
	}
	return o, done
}

// resolve finds the ARM IDs of the spec's references and the values of its secrets and config
// inputs.
func (run *reconcileRun) resolve(ctx context.Context) (genruntime.ResolvedReferences, error) {
	refs, err := run.opts.Resolver.ResolveResourceReferences(ctx, run.armObj)
	if err != nil {
		return refs, err
	}
	secrets, err := run.opts.Resolver.ResolveSecrets(ctx, run.armObj)
	if err != nil {
		return refs, err
	}
	configs, err := run.opts.Resolver.ResolveConfigMaps(ctx, run.armObj)
	if err != nil {
		return refs, err
	}
	return refs.WithSecrets(secrets).WithConfigMaps(configs), nil
}

// followOperation resumes an operation started by an earlier reconcile. When it finished, the
// flow goes on: finishedAsSent decides whether what it carried is still what the object asks.
func (run *reconcileRun) followOperation(ctx context.Context) (outcome, bool) {
	token, ok := run.obj.GetAnnotations()[PollerAnnotation]
	if !ok {
		return outcome{}, false
	}
	poller, err := run.arm.ResumeCreateOrUpdate(ctx, token)
	if err != nil {
		return run.dropToken(ctx, err)
	}
	if err := poller.Poll(ctx); err != nil {
		return failedWith(err), true
	}
	o, done := run.follow(ctx, poller)
	run.finished = !done
	return o, done
}

// follow ends the flow while the operation runs, and reports its failure when it failed. A
// finished operation's token goes, and Azure's answer is recorded beside what was sent.
func (run *reconcileRun) follow(ctx context.Context, poller *genericarmclient.Poller) (outcome, bool) {
	if !poller.Done() {
		return run.keepToken(ctx, poller)
	}
	var body json.RawMessage
	resultErr := poller.Result(ctx, &body)
	run.last.Azure = outcomeHash(body, resultErr)
	if resultErr == nil {
		run.azureBody = body
	}
	if err := run.saveOperation(ctx, ""); err != nil {
		return failedWith(err), true
	}
	if resultErr != nil {
		return failedWith(resultErr), true
	}
	return outcome{}, false
}

// statusAfterOperation updates the status from Azure's answer in this reconcile (an operation's
// final response or a GET), and otherwise GETs the resource.
func (run *reconcileRun) statusAfterOperation(ctx context.Context) error {
	if len(run.azureBody) == 0 {
		run.azureBody, run.missing = nil, false
		if err := run.refreshStatus(ctx); err != nil || !run.missing {
			return err
		}
		return errors.Errorf("Azure has no resource %s after the operation finished", run.id)
	}
	v, err := run.reg.toARMVersion(run.obj)
	if err != nil {
		return err
	}
	return statusInto(run.reg, v, run.obj, run.azureBody, run.id)
}

func (run *reconcileRun) keepToken(ctx context.Context, poller *genericarmclient.Poller) (outcome, bool) {
	token, err := poller.ResumeToken()
	if err == nil {
		err = run.saveOperation(ctx, token)
	}
	if err != nil {
		return failedWith(errors.Wrap(err, "keeping the operation's resume token")), true
	}
	return inProgress(), true
}

// dropToken forgets a token that cannot be resumed, so the next reconcile starts afresh.
func (run *reconcileRun) dropToken(ctx context.Context, cause error) (outcome, bool) {
	run.last.Azure = ""
	if err := run.saveOperation(ctx, ""); err != nil {
		return failedWith(err), true
	}
	return failedWith(cause), true
}

// saveOperation writes the resume token (removed when empty) and what was last sent, in one patch.
func (run *reconcileRun) saveOperation(ctx context.Context, token string) error {
	return run.setAnnotations(ctx, run.obj, map[string]string{
		PollerAnnotation:  token,
		AppliedAnnotation: run.last.String(),
	})
}
