package main

import (
	"bytes"
	"errors"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/header"
)

// The resource the walkthrough adds: present in the project's specs, not in its config.
const (
	newEntry = `  - group: network
    kind: NetworkInterface
    versions: ["2024-03-01"]
    extensions: [PreReconciliationChecker]
`
	handWritten = "v2/api/network/customizations/network_interface_pre_reconciliation_checker.go"
	// chartCopies holds the Helm chart's copies of the generated manifests (v2/internal/cmd/chartsync).
	chartCopies = "v2/charts/asogen/files/generated/"
)

// TestAddingANewResource follows the README's "Adding a new resource" with real processes in a
// copy of the project: add an entry with an extension, generate stops and says what to write,
// scaffold, generate (the go:generate line), go build, verify; then remove the entry again.
func TestAddingANewResource(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the project in a copy (minutes)")
	}
	p := newProject(t)
	p.scaffoldConfigured()
	p.asogen(0, "generate")
	baseline := generatedFiles(t, p.dir)
	original := p.read("config.yaml")
	p.write("config.yaml", strings.Replace(original, "\nresources:\n", "\nresources:\n"+newEntry, 1))

	before := p.tree()
	_, stderr := p.asogen(2, "generate")
	for _, want := range []string{"network NetworkInterface is configured with PreReconciliationChecker", "CheckBeforeReconcile", handWritten, "asogen scaffold network/NetworkInterface"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("generate's error lacks %q:\n%s", want, stderr)
		}
	}
	if p.tree() != before {
		t.Fatal("generate wrote files although it stopped with an error")
	}

	stdout, _ := p.asogen(0, "scaffold", "network/NetworkInterface")
	if !strings.Contains(stdout, "created "+handWritten) || header.IsGenerated([]byte(p.read(handWritten))) {
		t.Fatalf("scaffold did not create the hand-written file:\n%s", stdout)
	}
	stdout, _ = p.asogen(0, "generate")
	if !strings.HasPrefix(stdout, "asogen: ") || strings.Count(stdout, "\n") != 1 {
		t.Errorf("generate printed %q, want one summary line", stdout)
	}
	p.run("go", "generate", ".")
	p.run("go", "build", "./...")
	p.asogen(0, "verify")
	added := newFiles(baseline, generatedFiles(t, p.dir))
	if len(added) == 0 {
		t.Fatal("adding the resource generated no new file")
	}

	scaffolded := p.read(handWritten)
	p.write("config.yaml", original)
	stdout, stderr = p.asogen(0, "generate", "-v")
	for _, f := range added {
		if strings.HasPrefix(f, chartCopies) { // the chart's copies of asogen's CRDs: chartsync's, below
			continue
		}
		if !strings.Contains(stdout, "removed   "+f+"\n") {
			t.Errorf("generate -v does not report %s removed:\n%s", f, stdout)
		}
		if _, err := os.Stat(filepath.Join(p.dir, f)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s still exists after its resource was removed", f)
		}
	}
	if p.read(handWritten) != scaffolded {
		t.Error("the hand-written file was modified")
	}
	if !strings.Contains(stderr, handWritten) || !strings.Contains(stderr, "unused") {
		t.Errorf("generate does not say the hand-written file is now unused:\n%s", stderr)
	}
	p.run("go", "generate", ".") // the rest of the go:generate line: chartsync drops the chart's stale copies
	if after := generatedFiles(t, p.dir); !maps.Equal(after, baseline) {
		t.Errorf("generated files differ from before the resource was added: %v", newFiles(baseline, after))
	}
}

// project is a copy of this repository in a temporary folder with the asogen binary built once.
type project struct {
	t      *testing.T
	dir    string
	binary string
}

func newProject(t *testing.T) *project {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	p := &project{t: t, dir: t.TempDir(), binary: filepath.Join(t.TempDir(), "asogen")}
	build := exec.Command("go", "build", "-o", p.binary, "./cmd/asogen")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	copyTracked(t, root, p.dir)
	return p
}

// copyTracked copies the files git tracks or would track (not ignored), as they are on disk.
func copyTracked(t *testing.T, root, dst string) {
	t.Helper()
	list := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	list.Dir = root
	out, err := list.Output()
	if err != nil {
		t.Fatalf("git ls-files (the test copies the project with git): %v", err)
	}
	for _, rel := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(root, rel))
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted in the working tree
		}
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// scaffoldConfigured creates the hand-written methods the committed config asks for when the
// copy lacks them, so that the walkthrough starts from a project that generates.
func (p *project) scaffoldConfigured() {
	p.t.Helper()
	cfg, err := config.Load(filepath.Join(p.dir, "config.yaml"))
	if err != nil {
		p.t.Fatal(err)
	}
	for _, r := range cfg.Resources {
		if len(r.Extensions) > 0 {
			p.asogen(0, "scaffold", r.Group+"/"+r.Kind)
		}
	}
}

// asogen runs the binary in the copy and fails unless it exits with want.
func (p *project) asogen(want int, args ...string) (string, string) {
	p.t.Helper()
	cmd := exec.Command(p.binary, args...)
	stdout, stderr, code := p.exec(cmd)
	if code != want {
		p.t.Fatalf("asogen %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, want, stdout, stderr)
	}
	return stdout, stderr
}

// run runs a command in the copy and fails unless it succeeds.
func (p *project) run(name string, args ...string) {
	p.t.Helper()
	stdout, stderr, code := p.exec(exec.Command(name, args...))
	if code != 0 {
		p.t.Fatalf("%s %s: exit %d\n%s%s", name, strings.Join(args, " "), code, stdout, stderr)
	}
}

func (p *project) exec(cmd *exec.Cmd) (string, string, int) {
	var stdout, stderr bytes.Buffer
	cmd.Dir, cmd.Stdout, cmd.Stderr = p.dir, &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return stdout.String(), stderr.String(), exit.ExitCode()
	case err != nil:
		p.t.Fatalf("%s: %v", cmd, err)
	}
	return stdout.String(), stderr.String(), 0
}

func (p *project) read(rel string) string {
	p.t.Helper()
	data, err := os.ReadFile(filepath.Join(p.dir, rel))
	if err != nil {
		p.t.Fatal(err)
	}
	return string(data)
}

func (p *project) write(rel, content string) {
	p.t.Helper()
	if err := os.WriteFile(filepath.Join(p.dir, rel), []byte(content), 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// tree renders every path and content under the copy's v2 folder, to detect any change.
func (p *project) tree() string {
	p.t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(filepath.Join(p.dir, "v2"), func(name string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := os.ReadFile(name)
		b.WriteString(name + "\n" + string(data))
		return err
	})
	if err != nil {
		p.t.Fatal(err)
	}
	return b.String()
}
