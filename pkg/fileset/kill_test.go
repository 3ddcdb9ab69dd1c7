package fileset

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

const killHelperEnv = "ASOGEN_FILESET_KILL_HELPER"

// bigFile is large enough that writing it slowly takes seconds.
func bigFile() []byte {
	return gen(strings.Repeat("// padding line to make the file large\n", 8000))
}

// slowWriter writes in small chunks with a pause between them, so the process can be killed mid-write.
type slowWriter struct{ w io.Writer }

func (s slowWriter) Write(p []byte) (int, error) {
	written := 0
	for len(p) > 0 {
		n := min(len(p), 512)
		m, err := s.w.Write(p[:n])
		written += m
		if err != nil {
			return written, err
		}
		p = p[n:]
		time.Sleep(5 * time.Millisecond)
	}
	return written, nil
}

// TestKilledWriteHelper runs only as the child process of TestKilledWriteNeverHalfWritten.
func TestKilledWriteHelper(t *testing.T) {
	root := os.Getenv(killHelperEnv)
	if root == "" {
		t.Skip("helper process only")
	}
	opts := Options{wrap: func(w io.Writer) io.Writer { return slowWriter{w} }}
	if _, err := Write(root, FileSet{"api/a_gen.go": bigFile()}, roots, opts); err != nil {
		t.Fatal(err)
	}
}

func TestKilledWriteNeverHalfWritten(t *testing.T) {
	root := t.TempDir()
	old := gen("type A int")
	put(t, root, "api/a_gen.go", old)
	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledWriteHelper$")
	cmd.Env = append(os.Environ(), killHelperEnv+"="+root)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tmp := waitForPartialTemp(t, filepath.Join(root, "api"))
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if got := read(t, root, "api/a_gen.go"); got != string(old) {
		t.Fatalf("target half-written or replaced after kill (%d bytes)", len(got))
	}
	assertPartial(t, tmp)

	// The next run removes the leftover temporary file (it carries the header) and writes the target.
	sum, err := Write(root, FileSet{"api/a_gen.go": bigFile()}, roots, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := tree(t, root); !slices.Equal(got, []string{"api/a_gen.go"}) || len(sum.Removed) != 1 {
		t.Errorf("after rerun: tree %v, removed %v", got, sum.Removed)
	}
}

// waitForPartialTemp waits until the child has started writing a temporary file in dir.
func waitForPartialTemp(t *testing.T, dir string) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		matches, _ := filepath.Glob(filepath.Join(dir, ".asogen-tmp."+"a_gen.go.*"))
		for _, m := range matches {
			if info, err := os.Stat(m); err == nil && info.Size() > 0 {
				return m
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatal("child never started writing")
	return ""
}

// assertPartial checks that the kill really happened mid-write: the temporary file holds a
// strict prefix of the content.
func assertPartial(t *testing.T, tmp string) {
	t.Helper()
	got, err := os.ReadFile(tmp)
	if err != nil {
		t.Fatalf("temporary file gone after kill: %v", err)
	}
	want := bigFile()
	if len(got) >= len(want) || !bytes.HasPrefix(want, got) {
		t.Fatalf("temporary file has %d of %d bytes; the kill did not land mid-write", len(got), len(want))
	}
}
