package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestQuickEndToEnd runs `go run ./hack/bench -quick` in process: real corpora, real asogen,
// controller-gen and floor processes. It skips only while cmd/asogen does not exist yet.
func TestQuickEndToEnd(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "cmd", "asogen", "main.go")); errors.Is(err, fs.ErrNotExist) {
		t.Skip("cmd/asogen does not exist yet")
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-quick", "-work", t.TempDir()}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimRight(stdout.String(), "\n"), "\n")
	if last := lines[len(lines)-1]; !regexp.MustCompile(`^asogen/controller-gen wall ratio: \d+\.\d\d$`).MatchString(last) {
		t.Errorf("last line %q", last)
	}
	for _, want := range []string{"N=20 kinds", "N=40 kinds", "growth from N=20 to N=40", stepNames[stepControllerGen]} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, stdout.String())
		}
	}
}

func TestMedianPerMetric(t *testing.T) {
	got := median([]Sample{
		{Wall: 3 * time.Second, CPU: 1 * time.Second, RSS: 30},
		{Wall: 1 * time.Second, CPU: 5 * time.Second, RSS: 10},
		{Wall: 2 * time.Second, CPU: 3 * time.Second, RSS: 20},
	})
	want := Sample{Wall: 2 * time.Second, CPU: 3 * time.Second, RSS: 20}
	if got != want {
		t.Errorf("median = %+v, want %+v", got, want)
	}
	if got := median([]Sample{{Wall: 1}, {Wall: 3}}); got.Wall != 2 {
		t.Errorf("median of two = %v, want their mean", got.Wall)
	}
}

func TestReportRatiosAndLastLine(t *testing.T) {
	sample := func(sec float64) Sample { return Sample{Wall: time.Duration(sec * float64(time.Second)), RSS: 1 << 20} }
	small := sizeResult{kinds: 100, medians: [stepCount]Sample{sample(1), sample(0.2), sample(0.2), sample(0.8), sample(0.9), sample(0.9), sample(1.2), sample(4), sample(8), sample(0.1)}}
	large := sizeResult{kinds: 1000, medians: [stepCount]Sample{sample(12), sample(2), sample(2), sample(6), sample(3), sample(1.5), sample(24), sample(40), sample(100), sample(1)}}
	var out bytes.Buffer
	printReport(&out, settings{versions: 3, runs: 3}, []sizeResult{small, large})
	text := out.String()
	for _, want := range []string{
		"|    0.30x |",  // cold / controller-gen at N=1000: 12 / 40
		"12.00x",        // cold growth 100 → 1000
		"MISSED by 9%",  // growth 12x against the 11x target
		"MISSED by 25%", // verify without cache 6 / 40 = 0.15 against 0.12
		"MISSED by 50%", // one edited spec: 3 s against 2 s
		"MISSED by 33%", // no-op 2 s against 1.5 × the floor's 1 s
		"MISSED by 20%", // make generate end to end: 24 s against 20 s
		"verify w/o cache / controller-gen all replaced <= 0.12     0.06  met", // 6 / 100
		"\nasogen/controller-gen wall ratio: 0.30\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
	if !strings.HasSuffix(text, "asogen/controller-gen wall ratio: 0.30\n") {
		t.Errorf("last line is not the ratio:\n%s", text)
	}
}

func TestMeasureReportsChildFailure(t *testing.T) {
	_, err := measure(command{dir: t.TempDir(), name: "go", args: []string{"no-such-subcommand"}})
	if err == nil || !strings.Contains(err.Error(), "no-such-subcommand") {
		t.Errorf("error = %v", err)
	}
}

func TestMeasureCountsChildResources(t *testing.T) {
	s, err := measure(command{dir: t.TempDir(), name: "go", args: []string{"version"}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Wall <= 0 || s.RSS <= 0 {
		t.Errorf("sample %+v: wall and RSS must be positive", s)
	}
}
