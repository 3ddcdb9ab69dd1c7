//go:build tools

// Package envtest pins the sources of the binaries controller-runtime's envtest runs:
// kube-apiserver from k8s.io/kubernetes and etcd from go.etcd.io/etcd/server/v3.
// install.sh builds them into a cache outside the source tree.
package envtest

import (
	_ "go.etcd.io/etcd/server/v3/etcdmain"
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager"
)
