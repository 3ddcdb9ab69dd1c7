package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/asogen/asogen/internal/benchcorpus"
)

// Step indexes, in the order each run performs them.
const (
	stepCold = iota
	stepNoop
	stepVerify
	stepVerifyNoCache // CI: a fresh runner has no emission cache
	stepEditOne       // a user edits one resource's spec and regenerates
	stepAddOne        // a user adds one resource (its specs and config entry) and regenerates
	stepEndToEnd      // the corpus's `make generate`: asogen, then the controller-gen steps left (e2eLine)
	stepControllerGen
	stepControllerGenAll // every controller-gen generator asogen replaced, in one process
	stepFloor
	stepCount
)

var stepNames = [stepCount]string{
	"asogen generate (cold)", "asogen generate (no-op)", "asogen verify", "asogen verify (no cache)",
	"generate after editing one spec", "generate after adding one kind", "make generate end to end", "controller-gen object",
	"controller-gen, all replaced",
	"floor (read specs, copy output)",
}

// tools are the prebuilt binaries the steps run.
type tools struct{ asogen, controllerGen, floor string }

// stepCommand is the child process of step i on the corpus of opts in dir.
func (t tools) stepCommand(i int, dir, floorOut string, opts benchcorpus.Options) command {
	cfg := filepath.Join(dir, "config.yaml")
	switch i {
	case stepCold, stepNoop:
		return command{dir: dir, name: t.asogen, args: []string{"generate", "--config", cfg}}
	case stepVerify:
		return command{dir: dir, name: t.asogen, args: []string{"verify", "--config", cfg}}
	case stepVerifyNoCache:
		return command{dir: dir, name: t.asogen, args: []string{"verify", "--config", cfg}, env: []string{"ASOGEN_CACHE=off"}}
	case stepEditOne:
		return command{dir: dir, name: t.asogen, args: []string{"generate", "--config", cfg}, prepare: func() error { return editOneSpec(dir) }}
	case stepAddOne:
		return command{dir: dir, name: t.asogen, args: []string{"generate", "--config", cfg}, prepare: func() error { return benchcorpus.Grow(dir, opts) }}
	case stepEndToEnd:
		return command{dir: dir, name: "sh", args: []string{"-c", e2eLine(t)}, env: []string{"ASOGEN_CACHE=off"}}
	case stepControllerGen:
		return command{dir: dir, name: t.controllerGen, args: []string{"object", "paths=./v2/..."}}
	case stepControllerGenAll:
		out := floorOut + "-controller-gen"
		return command{dir: dir, name: t.controllerGen, args: []string{"object", "crd:allowDangerousTypes=true", "webhook",
			"rbac:roleName=manager-role", "paths=./v2/...", "output:crd:artifacts:config=" + out + "/crd",
			"output:webhook:artifacts:config=" + out + "/webhook", "output:rbac:artifacts:config=" + out + "/rbac"}}
	}
	return command{dir: dir, name: t.floor, args: []string{"-specs", filepath.Join(dir, "specs"), "-from", filepath.Join(dir, "v2"), "-to", floorOut}}
}

// e2eLine is the corpus's equivalent of the go:generate line of gen.go, which `make generate`
// runs: asogen (deepcopy functions, CRDs, webhook and RBAC manifests included), then the
// controller-gen steps gen.go still runs on generated code (none: it runs controller-gen only on
// the hand-written runtime under v2/pkg, which a corpus does not have). It runs with the emission
// cache off, as on a fresh clone or CI runner, on the tree the earlier steps left.
func e2eLine(t tools) string {
	return shellQuote(t.asogen) + " generate --config config.yaml"
}

// shellQuote quotes s for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'"'"'`) + "'" }

// sizeResult holds the median of every step for one corpus size.
type sizeResult struct {
	kinds   int
	medians [stepCount]Sample
}

// measureAll builds the tools once, then measures every corpus size.
func measureAll(s settings, log io.Writer) ([]sizeResult, error) {
	root, err := repoRoot()
	if err != nil {
		return nil, err
	}
	work, cleanup, err := workDir(s)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	t, err := buildTools(root, filepath.Join(work, "bin"), log)
	if err != nil {
		return nil, err
	}
	var out []sizeResult
	for _, n := range s.kinds {
		r, err := measureSize(s, t, root, work, n, log)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// measureSize runs every step s.runs times, each run on a freshly written corpus.
func measureSize(s settings, t tools, root, work string, n int, log io.Writer) (sizeResult, error) {
	var samples [stepCount][]Sample
	dir, floorOut := filepath.Join(work, fmt.Sprintf("corpus-%d", n)), filepath.Join(work, fmt.Sprintf("floor-%d", n))
	opts := benchcorpus.Options{Kinds: n, Versions: s.versions, Seed: s.seed, AsogenDir: root}
	for r := range s.runs {
		if err := freshCorpus(dir, floorOut, opts); err != nil {
			return sizeResult{}, err
		}
		fmt.Fprintf(log, "N=%d run %d/%d:", n, r+1, s.runs)
		for i := range stepCount {
			if i == stepControllerGenAll && !s.replaced {
				continue // reported as not measured
			}
			sample, err := measure(t.stepCommand(i, dir, floorOut, opts))
			if err != nil {
				return sizeResult{}, fmt.Errorf("corpus of %d kinds, %s: %w", n, stepNames[i], err)
			}
			samples[i] = append(samples[i], sample)
			fmt.Fprintf(log, " %s %.2fs", stepNames[i], sample.Wall.Seconds())
		}
		fmt.Fprintln(log)
	}
	res := sizeResult{kinds: n}
	for i := range stepCount {
		res.medians[i] = median(samples[i])
	}
	return res, nil
}

func freshCorpus(dir, floorOut string, opts benchcorpus.Options) error {
	for _, d := range []string{dir, floorOut, floorOut + "-controller-gen"} {
		if err := os.RemoveAll(d); err != nil {
			return err
		}
	}
	return benchcorpus.Write(dir, opts)
}

func workDir(s settings) (string, func(), error) {
	dir := s.work
	var err error
	if dir == "" {
		dir, err = os.MkdirTemp("", "asogen-bench-")
	} else {
		err = os.MkdirAll(dir, 0o755)
	}
	if err != nil || s.keep {
		return dir, func() {}, err
	}
	return dir, func() { os.RemoveAll(dir) }, nil
}

// buildTools builds asogen, controller-gen (the version pinned in go.mod) and the floor program.
func buildTools(root, bin string, log io.Writer) (tools, error) {
	t := tools{
		asogen:        filepath.Join(bin, "asogen"),
		controllerGen: filepath.Join(bin, "controller-gen"),
		floor:         filepath.Join(bin, "floor"),
	}
	for target, pkg := range map[string]string{
		t.asogen: "./cmd/asogen", t.controllerGen: "sigs.k8s.io/controller-tools/cmd/controller-gen", t.floor: "./hack/bench/floor",
	} {
		fmt.Fprintf(log, "building %s\n", pkg)
		cmd := exec.Command("go", "build", "-o", target, pkg)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			return tools{}, fmt.Errorf("go build %s: %v\n%s", pkg, err, out)
		}
	}
	return t, nil
}

// repoRoot finds the asogen module's folder from the working directory upwards.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if isAsogenModule(filepath.Join(dir, "go.mod")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("not inside the asogen module (no go.mod with module github.com/asogen/asogen above the working directory)")
		}
		dir = parent
	}
}

func isAsogenModule(gomod string) bool {
	f, err := os.Open(gomod)
	if err != nil {
		return false
	}
	defer f.Close()
	line, _ := bufio.NewReader(f).ReadString('\n')
	return strings.TrimSpace(line) == "module github.com/asogen/asogen"
}
