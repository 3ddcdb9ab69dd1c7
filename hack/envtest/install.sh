#!/usr/bin/env bash
# Builds the envtest binaries (kube-apiserver and etcd, and kube-controller-manager for the
# tests that need Kubernetes' garbage collector) from the Go module proxy, once,
# into a cache outside the source tree, and prints that directory as the last line of stdout:
#
#   export KUBEBUILDER_ASSETS="$(hack/envtest/install.sh | tail -1)"
#
# ASOGEN_ENVTEST_DIR overrides the cache directory. The build is skipped when the binaries
# exist and answer --version. Any failure exits non-zero.
set -euo pipefail

K8S_VERSION=v1.34.2
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dir="${ASOGEN_ENVTEST_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/asogen/envtest/k8s-${K8S_VERSION#v}}"

log() { echo "envtest: $*" >&2; }

# healthy reports whether the binary exists and prints its version.
healthy() {
	[[ -x "$1" ]] && "$1" --version >/dev/null 2>&1
}

# build compiles package $2 into $dir/$1 through a temporary file, so an interrupted
# build never leaves a binary that looks complete.
build() {
	local name="$1" pkg="$2" ldflags="$3" start tmp
	start=$(date +%s)
	tmp="$dir/.$name.tmp.$$"
	log "building $name from $pkg (this takes minutes)"
	(cd "$here" && GOWORK=off CGO_ENABLED=0 go build -trimpath -ldflags "$ldflags" -o "$tmp" "$pkg") || {
		rm -f "$tmp"
		log "FAILED to build $name"
		exit 1
	}
	mv -f "$tmp" "$dir/$name"
	healthy "$dir/$name" || { log "FAILED: $dir/$name --version does not run"; exit 1; }
	log "built $name in $(($(date +%s) - start))s"
}

apiserver_ldflags() {
	local v=k8s.io/component-base/version minor=${K8S_VERSION#v1.}
	minor=${minor%%.*}
	echo "-s -w -X $v.gitVersion=$K8S_VERSION -X $v.gitMajor=1 -X $v.gitMinor=$minor" \
		"-X $v.gitTreeState=clean -X $v.buildDate=1970-01-01T00:00:00Z"
}

main() {
	mkdir -p "$dir"
	if healthy "$dir/kube-apiserver" && healthy "$dir/etcd" && healthy "$dir/kube-controller-manager"; then
		log "binaries present in $dir"
	else
		healthy "$dir/etcd" || build etcd ./etcd "-s -w"
		healthy "$dir/kube-apiserver" || build kube-apiserver k8s.io/kubernetes/cmd/kube-apiserver "$(apiserver_ldflags)"
		healthy "$dir/kube-controller-manager" ||
			build kube-controller-manager k8s.io/kubernetes/cmd/kube-controller-manager "$(apiserver_ldflags)"
	fi
	echo "$dir"
}

main "$@"
