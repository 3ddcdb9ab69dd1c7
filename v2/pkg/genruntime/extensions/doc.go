// Package extensions defines the points at which hand-written code can change how the generic
// ARM reconciler treats a resource kind. A kind's extension host (a genruntime.ResourceExtension)
// opts in by implementing one of the interfaces here; the reconciler asks for a callable check
// with the matching Create... helper, which works whether or not the host implements it.
//
// # The flow
//
// For a resource with an owner, one reconcile runs:
//
//  1. read the owner from the cluster and GET it from Azure;
//  2. PreReconciliationOwnerChecker — may stop here, before the resource is even read;
//  3. GET the resource from Azure;
//  4. PreReconciliationChecker — may stop here, before anything is written;
//  5. ARMResourceModifier — adjusts the payload; then PUT it and follow the operation to its end;
//  6. PostReconciliationChecker — decides whether the resource is marked Ready;
//  7. SuccessfulCreationHandler — once, the first time the resource is Ready;
//  8. KubernetesSecretExporter — after every reconcile that ends Ready, for a kind that exports
//     secrets (config exportSecrets): the values written into the Secrets the user named;
//  9. KubernetesExporter — after every reconcile that ends Ready: arbitrary Kubernetes objects,
//     owned by the resource.
//
// ErrorClassifier runs whenever ARM answers with an error, and Deleter when the object is deleted.
//
// Each check is given next, the rest of the chain. Calling next means "no objection"; the
// terminal next always proceeds (pre-checks) or succeeds (post-check). The ErrorClassifier's and
// the Deleter's next is the reconciler's default behaviour: the classification by HTTP status,
// and the ARM DELETE.
//
// # PreReconciliationOwnerChecker
//
// Use it when the owner's state decides whether the child can be touched at all: some services
// refuse even a GET of a child while the parent is stopped, updating or in maintenance (a
// database on a stopped cluster is the classic case). Blocking here saves request quota and
// keeps the logs free of failures that were certain.
//
// Do not use it when the child can safely be read whatever the owner's state, or when the
// decision needs the child's own state: use PreReconciliationChecker. The check receives only the
// owner, freshly read from Azure, never the resource itself.
//
// It is never called without an owner. The function returned by
// CreatePreReconciliationOwnerChecker proceeds, without calling the extension, when the owner is
// nil (a resource owned directly by the subscription, or whose owner is given only by ARM ID,
// so there is no owner object to inspect); its second result lets the reconciler skip reading
// the owner when no extension wants it.
//
// # PreReconciliationChecker
//
// Use it when a PUT is certain to fail, or to do harm, in the resource's current state: for
// example a cluster whose provisioningState is transient (Creating, Updating) rejects every PUT,
// so retrying only fills the logs. It receives the resource, freshly read from Azure, and its
// owner (nil when there is none).
//
// Do not use it to validate the spec (that belongs in admission webhooks), to change the
// resource, or when the check depends only on the owner and must happen before the GET.
//
// # PostReconciliationChecker
//
// Use it when Azure accepting the resource does not make it usable: a private endpoint whose
// connection awaits manual approval, a deployment still rolling out, a certificate not yet
// issued. It receives the resource with its status freshly read from Azure and decides whether
// the Ready condition may become True. Prefer reading the status over making further ARM calls:
// the check runs on every reconcile.
//
// Do not use it when ARM success means the resource is ready (the default), for checks that
// belong before the PUT, or to modify the resource.
//
// # ARMResourceModifier
//
// Use it when the PUT body the spec produces would do harm, or lacks something only known when
// the request is made: child resources that ARM deletes when the parent's PUT omits them (the
// agent pools of a managed cluster, the subnets of a virtual network, when they are managed as
// resources of their own), or a field computed from another resource. It receives the payload
// just before it is sent — typed by the generated dispatch as the <Kind>_Spec_ARM of the API
// version being sent — and changes it in place.
//
// Do not use it for defaults the user could write in the spec, for validation (admission
// webhooks), or to hold the PUT back (PreReconciliationChecker). An error stops the PUT and shows
// as a Warning naming ModifyARMResource.
//
// # KubernetesSecretExporter
//
// Use it when the values a kind exports (config exportSecrets, written into the Secrets named in
// spec.operatorSpec.secrets) cannot all come from one ARM action's response: a second action, a
// connection string built from a key and the status's host name. It receives the values the
// config's action returned (nil when the config names none) and returns the values to write,
// by export name; return them unchanged to keep them. Never log the values or put them in the
// status. An error leaves the resource not Ready (Warning) and the export runs again.
//
// # KubernetesExporter
//
// Use it to export Kubernetes objects the config's exports cannot describe: a ServiceAccount
// annotated for workload identity, a ConfigMap in a shape of its own. It returns the objects; the
// reconciler puts them in the resource's namespace (another namespace is refused), makes the
// resource their controller and creates or merge-patches them, refusing one of that name it does
// not control (Warning). Never return a secret value in anything but a Secret. Do not use it
// for values a config export names (exportSecrets, exportConfigMaps, expressions).
//
// # SuccessfulCreationHandler
//
// Use it for one-time work after Azure has created the resource: recording something ARM only
// returns then (an ID assigned by the service, the name of a resource group it created), or
// initialisation that must not be repeated. It runs once, after the first reconcile that ends
// Ready, with the status freshly read from Azure; changes it makes to the object are saved, and
// the annotation CreatedAnnotation records that it ran. An error leaves the resource not Ready
// and the handler runs again on the next reconcile, so make it safe to repeat.
//
// Do not use it for work needed on every reconcile (PostReconciliationChecker), or to write
// secrets into the status.
//
// # ErrorClassifier
//
// Use it when the default classification is wrong for a kind: by default a 4xx answer other than
// 408, 409 and 429 is fatal (the Ready condition is an Error and nothing happens until the spec
// changes), everything else is retryable with backoff. Some services answer 400 for conditions
// that settle by themselves — a referenced resource still provisioning, a role assignment whose
// principal has not replicated yet — and a classifier can mark those codes retryable. It receives
// ARM's error, the object and the API version of the failed request, and must call next for every
// code it does not recognise. The Code it returns becomes the condition's reason and Message its
// message.
//
// Do not use it to hide errors (a retryable error is still shown), or to classify errors that do
// not come from ARM: those never reach it. When it returns an error, the default classification
// is used.
//
// # Deleter
//
// Use it when a kind cannot simply be deleted with an ARM DELETE: a resource Azure does not allow
// to delete, one deleted together with its owner anyway, or one whose deletion must wait for a
// precondition. Return DeleteCompleted without calling next to leave the Azure resource in place
// and let the object go; BlockDelete(reason) to keep the object and try again later (a Warning,
// reason DeletionBlocked); or call next for the ARM DELETE.
//
// Do not use it to clean up other Kubernetes objects (owner references do that), and do not
// leave Azure resources behind silently: say in the kind's documentation when deletion skips ARM.
//
// # Results: failure versus error
//
// A check returns a result and an error, and the two mean different things:
//
//   - A block, postponement or failure result says "I checked, and the answer is not yet".
//     That is expected; it is returned with a nil error. The reconciler shows it on the Ready
//     condition through the result's CreateConditionError (block: Warning,
//     ReconciliationBlocked; postpone: Info, ReconciliationPostponed; post-check failure:
//     Warning, PostReconciliationFailure) and tries again later. Write the message for the user:
//     say what is awaited.
//   - An error says "I could not find out" — an ARM query failed, the status made no sense.
//     The helpers returned by the Create...Checker functions log it, turn it into a block
//     (pre-checks) or failure (post-check) whose message is the error's, and return the error
//     as well, wrapped with the check's name, so the reconciler keeps it: a
//     conditions.ReadyConditionImpactingError returned by the extension keeps its severity and
//     reason, and anything else shows as a plain reconcile failure.
//
// Results can only be built with the factories (ProceedWithReconcile, BlockReconcile,
// PostponeReconcile, PostReconcileCheckResultSuccess, PostReconcileCheckResultFailure); the zero
// value of each result type means proceed or success, which is what an extension returns beside
// an error.
//
// # Logging
//
// The helpers log each decision on the logger passed in: proceed and success at V(1), since
// they happen on every reconcile; block, postpone and failure at Info; errors with log.Error.
// A host that does not implement an interface gets the terminal check, which logs nothing.
package extensions
