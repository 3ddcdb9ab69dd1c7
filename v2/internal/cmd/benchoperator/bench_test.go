package main

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/asogen/asogen/v2/internal/testing/armserver"
)

// TestScaleBenchHarnessSmall runs the harness end to end at N = 10 (one object of each sample) (operations synchronous in the
// fast and load phases, so it stays short) and checks that every phase produced its numbers. It
// does not check the targets.
func TestScaleBenchHarnessSmall(t *testing.T) {
	if os.Getenv("KUBEBUILDER_ASSETS") == "" {
		t.Skip("KUBEBUILDER_ASSETS is not set (hack/envtest/install.sh)")
	}
	var stdout, stderr bytes.Buffer
	args := []string{"-n", "10", "-no-check", "-polls", "0", "-quiet", "3s", "-probes", "5", "-inflight", "10"}
	if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr.String())
	}
	report := stdout.String()
	for _, want := range []string{
		`\| fast: apply to all Ready +\| +\d+\.\d\d \| +\d+\.\d \| 10 Ready`,
		`\| fast: delete to all gone +\| +\d+\.\d\d \| +\d+\.\d \| 0 left`,
		`\| load \(20% faults\): apply to all Ready +\| +\d+\.\d\d \| +\d+\.\d \| 10 Ready`,
		`\| restart: start to last ARM request +\| +\d+\.\d\d \| +- +\| 10 Ready`,
		`  fast \(apply \+ delete\)( +\d+\.\d\d){6} +10\n`,
		`  load( +\d+\.\d\d){6} +10\n`,
		`  fast \(apply \+ delete\) +total [1-9][\d.]*, `,
		`  load +total [1-9][\d.]*, `,
		`restart with everything Ready: \d+ PUTs, \d+ GETs, \d+ ARM requests, settled \d+\.\d\d s after the start`,
		`apply to first PUT with 10 operations in flight: p50 \d+\.\d{3} s, p99 \d+\.\d{3} s \(5 of 5 probes got a PUT;`,
		`controller peak RSS: [1-9]\d*\.\d MiB with N objects, [1-9]\d*\.\d MiB after`,
		`goroutines \(max sampled\): fast [1-9]\d*, load [1-9]\d*, restart [1-9]\d*, in-flight [1-9]\d*`,
		`targets at N=10:\n(  (PASS|FAIL)  .*\n){3}`,
	} {
		if !regexp.MustCompile(want).MatchString(report) {
			t.Errorf("report lacks %s:\n%s", want, report)
		}
	}
}

func TestSummarizeChecksPutsAgainstFaults(t *testing.T) {
	at := time.Now()
	req := func(method, id string, op, fault bool) armserver.Request {
		return armserver.Request{Method: method, ResourceID: id, Operation: op, Fault: fault, Status: 200, Time: at}
	}
	log := []armserver.Request{
		req("PUT", "/a", false, true), req("PUT", "/a", false, false), req("GET", "/a", true, false),
		req("PUT", "/B", false, false), req("PUT", "/b", false, false), req("GET", "/b", false, true),
		req("DELETE", "/c", false, false),
	}
	s := summarize(log)
	if s.byMethod["PUT"] != 4 || s.byMethod[methodPoll] != 1 || s.byMethod["GET"] != 1 || s.byMethod["DELETE"] != 1 {
		t.Errorf("by method %v", s.byMethod)
	}
	if s.faults != 2 || s.resources != 3 || s.extraPuts != 1 || s.worst != "/b: 2 PUTs, 0 faulted: PUT 200, PUT 200, GET 200 (fault)" {
		t.Errorf("stats %+v", s)
	}
}

func TestParseMetrics(t *testing.T) {
	text := `# HELP go_goroutines Number of goroutines that currently exist.
# TYPE go_goroutines gauge
go_goroutines 123
rest_client_requests_total{code="200",host="127.0.0.1:1",method="GET"} 10
rest_client_requests_total{code="409",host="127.0.0.1:1",method="PUT"} 2
rest_client_requests_total{code="200",host="127.0.0.1:1",method="PUT"} 5
`
	m, err := parseMetrics(strings.NewReader(text))
	if err != nil || m.goroutines != 123 || m.kubeRequests["GET"] != 10 || m.kubeRequests["PUT"] != 7 {
		t.Fatalf("%+v, %v", m, err)
	}
	rss, err := parseVmHWM(strings.NewReader("Name:\tcontroller\nVmHWM:\t  2048 kB\nVmRSS:\t 1024 kB\n"))
	if err != nil || rss != 2<<20 {
		t.Fatalf("VmHWM %d, %v", rss, err)
	}
}

func TestPercentile(t *testing.T) {
	var ds []time.Duration
	for i := 1; i <= 100; i++ {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	if p50, p99 := percentile(ds, 0.5), percentile(ds, 0.99); p50 != 50*time.Millisecond || p99 != 99*time.Millisecond {
		t.Fatalf("p50 %v p99 %v", p50, p99)
	}
	if percentile(nil, 0.99) != 0 || percentile(ds[:1], 0.99) != time.Millisecond {
		t.Fatal("edge cases")
	}
}

func TestObjectSetNamesOwnersPerUnit(t *testing.T) {
	ts, err := readTemplates()
	if err != nil {
		t.Fatal(err)
	}
	objs := objectSet(ts, len(ts)+2, "ns", "x")
	if len(objs) != len(ts)+2 || objs[0].GetKind() != "ResourceGroup" || objs[len(ts)].GetName() != "x1s0" {
		t.Fatalf("objects %d, first %s, unit 1 starts with %s", len(objs), objs[0].GetKind(), objs[len(ts)].GetName())
	}
	names := map[string]bool{}
	for _, o := range objs[:len(ts)] {
		names[o.GetName()] = true
		if strings.HasSuffix(o.GetAPIVersion(), "storage") {
			t.Errorf("%s at the storage version %s", o.GetKind(), o.GetAPIVersion())
		}
	}
	for _, o := range objs[:len(ts)] {
		if owner, ok := o.Object["spec"].(map[string]any)["owner"].(map[string]any); ok && !names[owner["name"].(string)] {
			t.Errorf("%s %s is owned by %v, outside its unit", o.GetKind(), o.GetName(), owner["name"])
		}
	}
}

func TestApplyAllCreatesEveryObjectAndReportsAFailure(t *testing.T) {
	ts, err := readTemplates()
	if err != nil {
		t.Fatal(err)
	}
	objs := objectSet(ts, 3*len(ts), "ns", "a")
	c := fake.NewClientBuilder().Build()
	if err := applyAll(context.Background(), c, objs); err != nil {
		t.Fatal(err)
	}
	// The fake client keeps each version apart (an API server lists every version at any one).
	gvks := map[schema.GroupVersionKind]bool{}
	for _, o := range objs {
		gvks[o.GroupVersionKind()] = true
	}
	n := 0
	for gvk := range gvks {
		items, err := list(context.Background(), c, gvk, "ns")
		if err != nil {
			t.Fatal(err)
		}
		n += len(items)
	}
	if n != len(objs) {
		t.Fatalf("%d of %d objects created", n, len(objs))
	}
	if err := applyAll(context.Background(), c, objs[len(objs)-1:]); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("creating an object twice: %v", err)
	}
}
