package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWritesCorpus(t *testing.T) {
	out := filepath.Join(t.TempDir(), "corpus")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-out", out, "-kinds", "21", "-versions", "2", "-seed", "4", "-asogen", "../.."}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	cfg, err := os.ReadFile(filepath.Join(out, "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(cfg), "  - group: "); n != 21 {
		t.Errorf("config.yaml has %d resources, want 21", n)
	}
	spec := filepath.Join(out, "specs/specification/bench02/resource-manager/Microsoft.Bench02/stable/2022-03-01/common.json")
	if _, err := os.Stat(spec); err != nil {
		t.Error(err)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{}, {"-kinds", "x", "-out", "d"}, {"-out", "d", "extra"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestWriteFailureExitsOne(t *testing.T) {
	out := t.TempDir()
	if err := os.WriteFile(filepath.Join(out, "keep.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-out", out, "-asogen", "../.."}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "not empty") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}
