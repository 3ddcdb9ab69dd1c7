package crd

import "github.com/asogen/asogen/pkg/goref"

// knownSchemas are the schemas of the types of goref's table that generated types use (runtime
// types asogen does not generate), as controller-gen derives them from their packages: flattened,
// with the type's description. TestCRDKnownSchemasMatchControllerGen derives them again with
// controller-gen's parser and compares. A type of goref's table missing here is an error when a
// generated field uses it.
var knownSchemas = map[goref.Ref]string{
	goref.TypeMeta: `description: |-
  TypeMeta describes an individual object in an API response or request
  with strings representing the type of the object and its API schema version.
  Structures that are versioned or persisted should inline TypeMeta.
properties:
  apiVersion:
    description: |-
      APIVersion defines the versioned schema of this representation of an object.
      Servers should convert recognized schemas to the latest internal value, and
      may reject unrecognized values.
      More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources
    type: string
  kind:
    description: |-
      Kind is a string value representing the REST resource this object represents.
      Servers may infer this from the endpoint the client submits requests to.
      Cannot be updated.
      In CamelCase.
      More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds
    type: string
type: object
`,
	goref.ObjectMeta: `type: object
`,
	goref.RawJSON: `x-kubernetes-preserve-unknown-fields: true
`,
	goref.ResourceReference: `description: |-
  ResourceReference refers to another resource, either by Kubernetes group, kind and name (in
  the same namespace as the referring resource) or directly by ARM ID. Exactly one form is set.
properties:
  armId:
    description: |-
      ARMID is a string of the form /subscriptions/.../providers/... referring to a resource
      not managed by the operator. Mutually exclusive with Group, Kind and Name.
    pattern: (?i)^/subscriptions/.+
    type: string
  group:
    description: Group is the Kubernetes group of the resource.
    type: string
  kind:
    description: Kind is the Kubernetes kind of the resource.
    type: string
  name:
    description: Name is the Kubernetes name of the resource.
    type: string
type: object
`,
	goref.KnownResourceReference: `description: |-
  KnownResourceReference is the Spec.Owner field: the owner's group and kind are known from the
  generated code, so only its name (or its ARM ID) is given.
properties:
  armId:
    description: ARMID is the ARM ID of an owner not managed by the operator. Mutually
      exclusive with Name.
    pattern: (?i)^/subscriptions/.+
    type: string
  name:
    description: Name is the Kubernetes name of the owner, in the same namespace.
    type: string
type: object
`,
	goref.ArbitraryOwnerReference: `description: |-
  ArbitraryOwnerReference is the Spec.Owner field of an extension resource (a diagnostic setting,
  a lock...): any resource can own it, so the owner's group and kind are given with its name; or
  its ARM ID, for an owner not managed by the operator. The extension's ARM ID is built under the
  owner's: <owner ARM ID>/providers/<namespace>/<type>/<name>.
properties:
  armId:
    description: |-
      ARMID is the ARM ID of an owner not managed by the operator. Mutually exclusive with
      Group, Kind and Name.
    pattern: (?i)^/(subscriptions|providers)/.+
    type: string
  group:
    description: Group is the Kubernetes group of the owner, e.g. resources.azure.com.
    type: string
  kind:
    description: Kind is the Kubernetes kind of the owner, e.g. ResourceGroup.
    type: string
  name:
    description: Name is the Kubernetes name of the owner, in the same namespace.
    type: string
type: object
`,
	goref.SecretReference: `description: |-
  SecretReference names one key of a Kubernetes Secret in the namespace of the object that holds
  the reference. Generated Spec types use it for every secret input (x-ms-secret, format:
  password, or marked secret in the config); the reconciler reads the value when it builds the
  ARM PUT body, so the value is never stored in the object.
properties:
  key:
    description: Key is the key within the Secret's data whose value is used.
    type: string
  name:
    description: Name is the name of the Kubernetes Secret, in the object's namespace.
    type: string
required:
- name
- key
type: object
`,
	goref.SecretDestination: `description: |-
  SecretDestination names where the operator writes a value Azure returns: one key of a
  Kubernetes Secret in the object's namespace. The operator creates or updates that Secret and
  makes the object its owner, so the Secret goes away with the object.
properties:
  key:
    description: Key is the key within the Secret to write the value to.
    type: string
  name:
    description: Name is the name of the Kubernetes Secret to write, in the object's
      namespace.
    type: string
required:
- name
- key
type: object
`,
	goref.ConfigMapReference: `description: |-
  ConfigMapReference names one key of a Kubernetes ConfigMap in the namespace of the object that
  holds the reference. Generated Spec types have one beside every property configured as a config
  input (` + "`" + `...FromConfig` + "`" + `); the reconciler reads the value when it builds the ARM PUT body.
properties:
  key:
    description: Key is the key within the ConfigMap's data whose value is used.
    type: string
  name:
    description: Name is the name of the Kubernetes ConfigMap, in the object's namespace.
    type: string
required:
- name
- key
type: object
`,
	goref.ConfigMapDestination: `description: |-
  ConfigMapDestination names where the operator writes a value of the resource's Status: one key
  of a Kubernetes ConfigMap in the object's namespace. The operator creates or updates that
  ConfigMap and makes the object its controller, so the ConfigMap goes away with the object.
properties:
  key:
    description: Key is the key within the ConfigMap to write the value to.
    type: string
  name:
    description: Name is the name of the Kubernetes ConfigMap to write, in the object's
      namespace.
    type: string
required:
- name
- key
type: object
`,
	goref.DestinationExpression: `description: |-
  DestinationExpression is one entry of spec.operatorSpec.configMapExpressions or
  secretExpressions: the value of a CEL expression, written into one key of a ConfigMap or Secret
  in the object's namespace (owned by the object, like other exports).
properties:
  key:
    description: Key is the key within the ConfigMap or Secret to write the value
      to.
    type: string
  name:
    description: Name is the name of the ConfigMap or Secret to write, in the object's
      namespace.
    type: string
  value:
    description: |-
      Value is a CEL expression returning a string. It reads ` + "`" + `self` + "`" + ` (the object) and, in
      secretExpressions only, ` + "`" + `secret` + "`" + ` (the values the kind exports as secrets, by export name).
    type: string
required:
- name
- key
- value
type: object
`,
	goref.PropertyBag: `additionalProperties:
  type: string
description: |-
  PropertyBag holds properties that a storage variant has no field for, each as JSON, so that
  converting a resource to another API version and back loses nothing.

  Generated conversions follow one pattern: the conversion to the other version copies the bag
  with NewPropertyBag, Adds each property the destination lacks, and stores the bag (or nil when
  it is empty); the conversion back Pulls each property it has a field for, which removes it, and
  keeps whatever is left.
type: object
`,
	goref.Condition: `description: Condition is one observation of the state of a resource.
properties:
  lastTransitionTime:
    description: LastTransitionTime is the last time the condition transitioned from
      one status to another.
    format: date-time
    type: string
  message:
    description: Message is a human readable message indicating details about the
      transition. This field may be empty.
    type: string
  observedGeneration:
    description: ObservedGeneration is the .metadata.generation that the condition
      was set based upon.
    format: int64
    type: integer
  reason:
    description: |-
      Reason for the condition's last transition.
      Reasons are upper CamelCase (PascalCase) with no spaces. A reason is always provided, this field will not be empty.
    type: string
  severity:
    description: |-
      Severity with which to treat failures of this type of condition.
      For conditions which have positive polarity (Status == True is their normal/healthy state), this will be omitted when Status == True.
    type: string
  status:
    description: Status of the condition, one of True, False, or Unknown.
    type: string
  type:
    description: Type of condition.
    type: string
required:
- type
- status
- lastTransitionTime
- reason
type: object
`,
}
