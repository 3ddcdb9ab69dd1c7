package main

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/asogen/asogen/pkg/fileset"
	"github.com/asogen/asogen/pkg/header"
)

// killRounds and raceRounds bound the loops below.
const (
	killRounds = 25
	raceRounds = 8
)

// TestKillLoopThenOneRunRestores kills `asogen generate` with SIGKILL at random points of a run
// that rewrites every generated file, many times; then one run restores the exact tree, removes
// every temporary file the kills left, and verify exits 0.
func TestKillLoopThenOneRunRestores(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: runs the binary many times")
	}
	p := racingProject(t)
	want := p.tree()
	full := p.timeFullRun()
	for range killRounds {
		p.dropGenerated()
		cmd := p.command("generate")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rand.Int64N(int64(full) + 1)))
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
	}
	t.Logf("%d kills left %d temporary files", killRounds, p.countTemps())
	p.asogen(0, "generate")
	if p.tree() != want {
		t.Fatal("the run after the kills did not restore the tree")
	}
	p.asogen(0, "verify")
	p.noLeftovers()
}

// TestVerifyReportsLeftovers: a temporary file left empty by a killed run is drift for verify
// (exit 1, named) and the next generate removes it.
func TestVerifyReportsLeftovers(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	p := racingProject(t)
	left := "v2/api/network/v1api20240301/.asogen-tmp.private_endpoint_types_gen.go.123456"
	p.write(left, "")
	stdout, _ := p.asogen(1, "verify")
	if !strings.Contains(stdout, "leftover: "+left) {
		t.Fatalf("verify does not name the leftover:\n%s", stdout)
	}
	stdout, _ = p.asogen(0, "generate", "-v")
	if !strings.Contains(stdout, "removed   "+left) {
		t.Errorf("generate -v does not report the leftover removed:\n%s", stdout)
	}
	p.asogen(0, "verify")
}

// TestConcurrentGeneratesSerialize starts two `asogen generate` on one tree at once, many
// times: both exit 0 every time and the tree is the right one, with no temporary or lock file.
func TestConcurrentGeneratesSerialize(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: runs the binary many times")
	}
	p := racingProject(t)
	want := p.tree()
	for round := range raceRounds {
		p.dropGenerated()
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				stdout, stderr, code := p.exec(p.command("generate"))
				if code != 0 {
					t.Errorf("round %d: exit %d\n%s%s", round, code, stdout, stderr)
				}
			})
		}
		wg.Wait()
		if p.tree() != want {
			t.Fatalf("round %d: the tree is not what one run writes", round)
		}
	}
	p.noLeftovers()
}

// racingProject is a copy of the project that generates, with the emission cache off (every
// run writes what differs) and one generate run done.
func racingProject(t *testing.T) *project {
	t.Setenv("ASOGEN_CACHE", "off")
	p := newProject(t)
	p.scaffoldConfigured()
	p.asogen(0, "generate")
	return p
}

func (p *project) command(args ...string) *exec.Cmd {
	cmd := exec.Command(p.binary, args...)
	cmd.Dir = p.dir
	return cmd
}

// timeFullRun measures a generate that writes every generated file.
func (p *project) timeFullRun() time.Duration {
	p.dropGenerated()
	start := time.Now()
	p.asogen(0, "generate")
	return time.Since(start)
}

// dropGenerated deletes every generated file under v2/api, so the next run writes them all.
func (p *project) dropGenerated() {
	p.t.Helper()
	for _, name := range p.files() {
		data, err := os.ReadFile(name)
		if err == nil && header.IsGenerated(data) {
			err = os.Remove(name)
		}
		if err != nil {
			p.t.Fatal(err)
		}
	}
}

// noLeftovers fails when any temporary file of asogen or its lock file is left in the copy.
func (p *project) noLeftovers() {
	p.t.Helper()
	if _, err := os.Stat(filepath.Join(p.dir, fileset.LockName)); err == nil {
		p.t.Errorf("the lock file %s is left behind", fileset.LockName)
	}
	if n := p.countTemps(); n > 0 {
		p.t.Errorf("%d temporary files left", n)
	}
}

// countTemps counts asogen's temporary files under v2/api.
func (p *project) countTemps() int {
	n := 0
	for _, name := range p.files() {
		if strings.HasPrefix(filepath.Base(name), ".asogen-tmp.") {
			n++
		}
	}
	return n
}

// files lists every regular file under the copy's v2/api.
func (p *project) files() []string {
	p.t.Helper()
	var names []string
	err := filepath.WalkDir(filepath.Join(p.dir, "v2", "api"), func(name string, e fs.DirEntry, err error) error {
		if err == nil && e.Type().IsRegular() {
			names = append(names, name)
		}
		return err
	})
	if err != nil {
		p.t.Fatal(err)
	}
	return names
}
