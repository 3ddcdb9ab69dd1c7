# asogen's tasks. `make generate` regenerates the tree; `make test` runs every test.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := build

# Real Azure specs for the tests that read them (see README). An explicit value wins.
SPECS_DIR := ../shared/schemas/azure-rest-api-specs
FUZZTIME ?= 5s
# Folders searched for fuzz targets (func FuzzXxx in *_test.go).
FUZZ_DIRS := pkg

# The version and commit stamped into bin/asogen and bin/controller (internal/version; see
# CONTRIBUTING.md, "Versions"). VERSION names the next release: a build of the commit tagged
# v$(VERSION) is that version, any other build is v$(VERSION)-dev.
RELEASE = v$(shell cat VERSION)
STAMP_VERSION = $(shell git describe --tags --exact-match --match '$(RELEASE)' 2>/dev/null || echo '$(RELEASE)-dev')
STAMP_COMMIT = $(shell git rev-parse HEAD 2>/dev/null || echo unknown)$(shell [ -z "$$(git status --porcelain 2>/dev/null)" ] || echo -dirty)
LDFLAGS = -X github.com/asogen/asogen/internal/version.version=$(STAMP_VERSION) -X github.com/asogen/asogen/internal/version.commit=$(STAMP_COMMIT)

# make image: the controller's OCI image archive, built without a container engine
# (v2/internal/cmd/image). Every timestamp in it is SOURCE_DATE_EPOCH (default: the commit time),
# so two builds of one commit give the same digest. IMAGE names it; make image-push pushes it there.
IMAGE_REPO := ghcr.io/asogen/controller
IMAGE ?= $(IMAGE_REPO):$(STAMP_VERSION)
IMAGE_ARCH ?= amd64
IMAGE_ARCHIVE := bin/controller-image.tar
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)

.PHONY: build ldflags image image-push helm-lint generate verify verify-asogen verify-controller-gen test fuzz lint bench bench-quick bench-operator run-local

## build: the asogen and controller binaries (bin/), version and commit stamped, and every package
build:
	go build -ldflags '$(LDFLAGS)' -o bin/asogen ./cmd/asogen
	go build -ldflags '$(LDFLAGS)' -o bin/controller ./v2/cmd/controller
	go build ./...

## ldflags: print the -ldflags that stamp the version and commit (for other builds of the binaries)
ldflags:
	@echo '$(LDFLAGS)'

## image: bin/controller-image.tar, the controller's OCI image (static binary, CA bundle, user 65532), reproducible
image:
	CGO_ENABLED=0 GOOS=linux GOARCH=$(IMAGE_ARCH) go build -trimpath -ldflags '$(LDFLAGS)' -o bin/image/controller ./v2/cmd/controller
	go run ./v2/internal/cmd/image build -binary bin/image/controller -out $(IMAGE_ARCHIVE) -ref '$(IMAGE)' \
		-version '$(STAMP_VERSION)' -revision '$(STAMP_COMMIT)' -epoch '$(SOURCE_DATE_EPOCH)' -os linux -arch '$(IMAGE_ARCH)'

## image-push: make image, then push it to IMAGE (credentials from docker login / crane auth login)
image-push: image
	go run ./v2/internal/cmd/image push -archive $(IMAGE_ARCHIVE) -ref '$(IMAGE)'

## generate: the one go:generate line in gen.go (asogen with the API deepcopy files, then controller-gen)
generate:
	go generate ./...

## verify: fail on any drift in asogen's or controller-gen's output; writes nothing in the tree
verify: verify-asogen verify-controller-gen

verify-asogen:
	go run ./cmd/asogen verify

# Runs the go:generate line in a temporary copy of the tree (git's tracked and untracked,
# not ignored, files) and diffs with the tree's: every deepcopy file (controller-gen's of the
# runtime, asogen's in v2/api), the CRDs and the chart's copies. The webhook configurations and the
# role are asogen's alone (verify-asogen).
verify-controller-gen:
	tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	git ls-files -z -co --exclude-standard | tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C "$$tmp"; \
	(cd "$$tmp" && go generate .); \
	outputs() { find v2 -name zz_generated.deepcopy.go; find v2/config/crd/bases v2/charts/asogen/files/generated -type f 2>/dev/null || true; }; \
	status=0; \
	for f in $$( { outputs; (cd "$$tmp" && outputs); } | sort -u); do \
		diff -uN --label "a/$$f" --label "b/$$f" "$$f" "$$tmp/$$f" || status=1; \
	done; \
	if [ $$status -ne 0 ]; then echo "controller-gen output is out of date; run: make generate" >&2; fi; \
	exit $$status

## test: every test (envtest binaries built once and cached, real specs when present), then a short fuzz run
test:
	if [ -z "$${KUBEBUILDER_ASSETS:-}" ] && [ -x hack/envtest/install.sh ]; then \
		KUBEBUILDER_ASSETS="$$(hack/envtest/install.sh | tail -1)"; export KUBEBUILDER_ASSETS; \
	fi; \
	if [ -z "$${ASOGEN_AZURE_SPECS:-}" ] && [ -d $(SPECS_DIR) ]; then \
		ASOGEN_AZURE_SPECS="$$(cd $(SPECS_DIR) && pwd)"; export ASOGEN_AZURE_SPECS; \
	fi; \
	go test ./...
	$(MAKE) --no-print-directory fuzz

## run-local: the operator as a process against a local kube-apiserver, etcd and ARM stand-in; Ctrl-C stops all
# (built, not `go run`: go run exits 1 when interrupted, whatever the program's status)
run-local:
	if [ -z "$${KUBEBUILDER_ASSETS:-}" ]; then \
		KUBEBUILDER_ASSETS="$$(hack/envtest/install.sh | tail -1)"; export KUBEBUILDER_ASSETS; \
	fi; \
	bin=$$(mktemp -d); trap 'rm -rf "$$bin"' EXIT; \
	go build -o "$$bin/runlocal" ./v2/internal/cmd/runlocal && "$$bin/runlocal"

## fuzz: each fuzz target for FUZZTIME (default 5s); longer: make fuzz FUZZTIME=10m (hack/fuzz.sh: Go 1.26's deadline race, golang/go#75804, is run again once)
fuzz:
	{ grep -rE --include='*_test.go' '^func Fuzz[A-Za-z0-9_]+\(' $(FUZZ_DIRS) || true; } \
		| sed -E 's#^(.*)/[^/]+_test\.go:func (Fuzz[A-Za-z0-9_]+)\(.*#\1 \2#' | sort -u \
		| while read -r dir name; do \
			echo "fuzz: $$name in ./$$dir for $(FUZZTIME)"; \
			hack/fuzz.sh "$$dir" "$$name" "$(FUZZTIME)" || exit 1; \
		done

## lint: gofmt, go vet and staticcheck (pinned in go.mod) over the module, and helm-lint
lint: helm-lint
	unformatted=$$(find . -name '*.go' -not -path './.git/*' -not -path '*/testdata/*' -not -path './.cache/*' -print0 | xargs -0 gofmt -l); \
	if [ -n "$$unformatted" ]; then echo "gofmt -w needed:"; echo "$$unformatted"; exit 1; fi
	go vet ./...
	go tool staticcheck ./...

## helm-lint: helm lint --strict of v2/charts/asogen with the helm CLI pinned in go.mod (both credential kinds)
helm-lint:
	go tool helm lint --strict v2/charts/asogen
	go tool helm lint --strict v2/charts/asogen --set credential.kind=global

## bench: asogen vs controller-gen at N=100,300,1000 kinds, V=3 (see BENCHMARKS.md)
bench:
	go run ./hack/bench

## bench-quick: smoke run of the benchmark harness (N=20,40, one run)
bench-quick:
	go run ./hack/bench -quick

## bench-operator: the controller and armserver as processes at N=1000 and 5000 objects (N=100 for one size; see BENCHMARKS.md)
bench-operator:
	if [ -z "$${KUBEBUILDER_ASSETS:-}" ]; then \
		KUBEBUILDER_ASSETS="$$(hack/envtest/install.sh | tail -1)"; export KUBEBUILDER_ASSETS; \
	fi; \
	go run ./v2/internal/cmd/benchoperator $(if $(N),-n $(N))
