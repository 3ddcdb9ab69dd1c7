// Package asogen is the root of the asogen module; see README.md. This file holds the one
// generate directive that regenerates the whole tree: asogen's own output first, then
// controller-gen's deepcopy functions and CRDs for it (both tools pinned by go.mod's tool
// directive). `make generate` runs exactly this. controller-gen never removes what it wrote
// earlier, so its old outputs are deleted first and rewritten from the current API.
package asogen

//go:generate sh -c "go run ./cmd/asogen generate && find v2 -name zz_generated.deepcopy.go -delete && go tool controller-gen object paths=./v2/... && rm -rf v2/config/crd/bases && go tool controller-gen crd:allowDangerousTypes=true paths=./v2/api/... output:crd:artifacts:config=v2/config/crd/bases"
