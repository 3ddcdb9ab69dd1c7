package operator

// The operator's own permissions besides those of each kind (which asogen puts on every hub):
// the storage version migration reads CRDs and trims their status.storedVersions; leader
// election keeps a lease and records events in the operator's namespace.

// +kubebuilder:rbac:groups=apiextensions.k8s.io,resources=customresourcedefinitions,verbs=get
// +kubebuilder:rbac:groups=apiextensions.k8s.io,resources=customresourcedefinitions/status,verbs=update
// +kubebuilder:rbac:groups=coordination.k8s.io,namespace=system,resources=leases,verbs=get;create;update
// +kubebuilder:rbac:groups="",namespace=system,resources=events,verbs=create;patch
// Secrets: the reconciler reads and watches the Secrets specs reference (secret inputs), and
// writes, and deletes with their resource, the Secrets named in spec.operatorSpec.secrets.
// +kubebuilder:rbac:groups="",resources=secrets,verbs=get;list;watch;create;update;patch;delete
// Metrics: with --metrics-secure (the default) the metrics server asks the API server who a
// scraper is (TokenReview) and whether it may GET /metrics (SubjectAccessReview).
// +kubebuilder:rbac:groups=authentication.k8s.io,resources=tokenreviews,verbs=create
// +kubebuilder:rbac:groups=authorization.k8s.io,resources=subjectaccessreviews,verbs=create
