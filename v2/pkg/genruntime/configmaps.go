package genruntime

// ConfigMapReference names one key of a Kubernetes ConfigMap in the namespace of the object that
// holds the reference. Generated Spec types have one beside every property configured as a config
// input (`...FromConfig`); the reconciler reads the value when it builds the ARM PUT body.
// +kubebuilder:object:generate=true
type ConfigMapReference struct {
	// Name is the name of the Kubernetes ConfigMap, in the object's namespace.
	// +kubebuilder:validation:Required
	Name string `json:"name"`
	// Key is the key within the ConfigMap's data whose value is used.
	// +kubebuilder:validation:Required
	Key string `json:"key"`
}

// String renders the reference for messages: "configmap/key".
func (r ConfigMapReference) String() string {
	return r.Name + "/" + r.Key
}

// Validate checks that both the name and the key are set.
func (r ConfigMapReference) Validate() error {
	return validateNameKey("config map", r.Name, r.Key)
}

// ConfigMapDestination names where the operator writes a value of the resource's Status: one key
// of a Kubernetes ConfigMap in the object's namespace. The operator creates or updates that
// ConfigMap and makes the object its controller, so the ConfigMap goes away with the object.
// +kubebuilder:object:generate=true
type ConfigMapDestination struct {
	// Name is the name of the Kubernetes ConfigMap to write, in the object's namespace.
	// +kubebuilder:validation:Required
	Name string `json:"name"`
	// Key is the key within the ConfigMap to write the value to.
	// +kubebuilder:validation:Required
	Key string `json:"key"`
}

// String renders the destination for messages: "configmap/key".
func (d ConfigMapDestination) String() string {
	return d.Name + "/" + d.Key
}

// FindConfigMapReferences returns every ConfigMapReference reachable from value (typically a
// resource's Spec, or the resource), without duplicates and sorted by String.
func FindConfigMapReferences(value any) []ConfigMapReference {
	return findAll(value, ConfigMapReference.String)
}

// ConfigMapNames returns the names of the ConfigMaps that value's ConfigMapReferences name,
// sorted and without duplicates (for the reconciler's watch on ConfigMaps).
func ConfigMapNames(value any) []string {
	return namesOf(FindConfigMapReferences(value), func(r ConfigMapReference) string { return r.Name })
}
