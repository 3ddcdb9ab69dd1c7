{{/* The controller's environment: the credential first (as v2/config/manager/manager.yaml), then
the settings given in values. */}}
{{- define "asogen.env" -}}
{{- $secret := .Values.credential.settingsSecret -}}
- name: AZURE_SUBSCRIPTION_ID
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: AZURE_SUBSCRIPTION_ID
{{- if eq .Values.credential.kind "global" }}
- name: AZURE_CREDENTIAL
  value: client-secret
{{- range list "AZURE_TENANT_ID" "AZURE_CLIENT_ID" "AZURE_CLIENT_SECRET" }}
- name: {{ . }}
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ . }}
{{- end }}
{{- else }}
- name: AZURE_CREDENTIAL
  value: workload-identity
{{- end }}
- name: POD_NAMESPACE
  valueFrom:
    fieldRef:
      fieldPath: metadata.namespace
{{- $optional := dict
  "AZURE_TARGET_NAMESPACES" (join "," .Values.targetNamespaces)
  "AZURE_OPERATOR_MODE" .Values.operatorMode
  "CRD_PATTERN" .Values.crdPattern
  "AZURE_SYNC_PERIOD" .Values.syncPeriod
  "MAX_CONCURRENT_RECONCILES" (toString .Values.maxConcurrentReconciles)
  "KUBE_API_QPS" (toString .Values.kubeAPI.qps)
  "KUBE_API_BURST" (toString .Values.kubeAPI.burst)
  "METRICS_SECURE" (ternary "true" "" .Values.metrics.secure) }}
{{- range $name := keys $optional | sortAlpha }}
{{- with get $optional $name }}
- name: {{ $name }}
  value: {{ . | quote }}
{{- end }}
{{- end }}
{{- end -}}
