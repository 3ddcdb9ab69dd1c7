{{/* The prefix of every object's name. */}}
{{- define "asogen.prefix" -}}
{{- default .Release.Name .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- end -}}

{{- define "asogen.labels" -}}
app.kubernetes.io/part-of: asogen
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ .Chart.Name }}-{{ .Chart.Version }}
{{- end -}}

{{/* The Deployment's pod selector, also the Service's. */}}
{{- define "asogen.selector" -}}
app.kubernetes.io/name: asogen
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "asogen.serviceName" -}}{{ include "asogen.prefix" . }}-webhook-service{{- end -}}
{{- define "asogen.serviceAccountName" -}}{{ include "asogen.prefix" . }}-controller-manager{{- end -}}

{{/* cert-manager's CA injection annotation: the serving Certificate, namespace/name. */}}
{{- define "asogen.caFrom" -}}{{ .Release.Namespace }}/{{ include "asogen.prefix" . }}-serving-cert{{- end -}}

{{/* The documents of a generated multi-document YAML file, as a list of objects (parts holding
   only comments, such as asogen's header before the first ---, are no documents). */}}
{{- define "asogen.documents" -}}
{{- $docs := list -}}
{{- range regexSplit "(?m)^---\\s*$" . -1 -}}
{{- $doc := fromYaml . -}}{{- if $doc -}}{{- $docs = append $docs $doc -}}{{- end -}}
{{- end -}}
{{- toJson $docs -}}
{{- end -}}
