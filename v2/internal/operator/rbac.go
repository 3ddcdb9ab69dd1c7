package operator

// The operator's own permissions besides those of each kind (which asogen puts on every hub):
// the storage version migration reads CRDs and trims their status.storedVersions; start-up
// reads which CRDs are installed and, with --crd-pattern, installs or upgrades the selected
// ones by server-side apply (a patch, which needs create when the CRD is new); leader
// election keeps a lease; the reconcilers record Events on the objects, in their namespaces.

// +kubebuilder:rbac:groups=apiextensions.k8s.io,resources=customresourcedefinitions,verbs=get;create;patch
// +kubebuilder:rbac:groups=apiextensions.k8s.io,resources=customresourcedefinitions/status,verbs=update
// +kubebuilder:rbac:groups=coordination.k8s.io,namespace=system,resources=leases,verbs=get;create;update
// +kubebuilder:rbac:groups="",resources=events,verbs=create;patch
// Namespaces: their serviceoperator.azure.com/reconcile-policy annotation is the default policy
// of the objects in them.
// +kubebuilder:rbac:groups="",resources=namespaces,verbs=get;list;watch
// Secrets: the reconciler reads and watches the Secrets specs reference (secret inputs), and
// creates, patches, and deletes with their resource, the Secrets named in spec.operatorSpec.secrets.
// +kubebuilder:rbac:groups="",resources=secrets,verbs=get;list;watch;create;patch;delete
// ConfigMaps: likewise for the ConfigMaps specs reference (...FromConfig inputs) and those named in
// spec.operatorSpec.configMaps.
// +kubebuilder:rbac:groups="",resources=configmaps,verbs=get;list;watch;create;patch;delete
// Metrics: with --metrics-secure (the default) the metrics server asks the API server who a
// scraper is (TokenReview) and whether it may GET /metrics (SubjectAccessReview).
// +kubebuilder:rbac:groups=authentication.k8s.io,resources=tokenreviews,verbs=create
// +kubebuilder:rbac:groups=authorization.k8s.io,resources=subjectaccessreviews,verbs=create
