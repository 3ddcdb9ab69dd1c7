// Package install holds the tests of the operator's two installs, the Helm chart
// (v2/charts/asogen) and the kustomization (v2/config/default): TestInstallChartMatchesKustomize
// renders both and compares the objects that matter, TestInstallApplies applies both to a real
// API server (envtest) with server-side apply. It has no code of its own.
package install
