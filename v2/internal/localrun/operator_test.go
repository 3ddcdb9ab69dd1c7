package localrun_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/internal/localrun"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
)

const readyTimeout = 90 * time.Second

// readSamples reads every generated sample.
func readSamples(t *testing.T) []*unstructured.Unstructured {
	t.Helper()
	out, err := localrun.ReadSamples()
	if err != nil {
		t.Fatalf("reading the samples: %v", err)
	}
	return out
}

// readyStatus returns the status and reason of obj's Ready condition.
func readyStatus(obj *unstructured.Unstructured) (status, reason, message string) {
	conds, _, _ := unstructured.NestedSlice(obj.Object, "status", "conditions")
	for _, c := range conds {
		m, _ := c.(map[string]any)
		if m["type"] == "Ready" {
			return fmt.Sprint(m["status"]), fmt.Sprint(m["reason"]), fmt.Sprint(m["message"])
		}
	}
	return "", "", ""
}

// waitReady waits until obj is Ready and returns when it became Ready (the condition's
// lastTransitionTime, whole seconds).
func waitReady(t *testing.T, obj *unstructured.Unstructured) time.Time {
	t.Helper()
	return waitAllReady(t, []*unstructured.Unstructured{obj})[obj.GetName()]
}

// waitAllReady waits until every object of objs has been Ready and returns, by name, when each
// first became Ready. All are polled together: an object polled only after the others could
// be caught in a later reconcile (Ready=Unknown while it checks the resource against Azure) and
// its first Ready missed.
func waitAllReady(t *testing.T, objs []*unstructured.Unstructured) map[string]time.Time {
	t.Helper()
	since := map[string]time.Time{}
	eventually(t, readyTimeout, "every object Ready", func() error {
		var waiting []string
		for _, obj := range objs {
			if _, ok := since[obj.GetName()]; ok {
				continue
			}
			got := &unstructured.Unstructured{}
			got.SetGroupVersionKind(obj.GroupVersionKind())
			if err := suite.kube.Get(context.Background(), client.ObjectKeyFromObject(obj), got); err != nil {
				return err
			}
			if status, reason, msg := readyStatus(got); status != "True" {
				waiting = append(waiting, fmt.Sprintf("%s %s: Ready=%s %s %s", obj.GetKind(), obj.GetName(), status, reason, msg))
				continue
			}
			since[obj.GetName()] = readySince(got)
		}
		if len(waiting) > 0 {
			return errors.New(strings.Join(waiting, "; "))
		}
		return nil
	})
	return since
}

// readySince is the lastTransitionTime of obj's Ready condition (zero when unreadable).
func readySince(obj *unstructured.Unstructured) time.Time {
	conds, _, _ := unstructured.NestedSlice(obj.Object, "status", "conditions")
	for _, c := range conds {
		m, _ := c.(map[string]any)
		if m["type"] == "Ready" {
			at, _ := time.Parse(time.RFC3339, fmt.Sprint(m["lastTransitionTime"]))
			return at
		}
	}
	return time.Time{}
}

// armAPIVersion is the ARM api-version of a Kubernetes version: v1api20220701 → 2022-07-01,
// v1api20210501preview → 2021-05-01-preview.
func armAPIVersion(apiVersion string) string {
	v := strings.TrimPrefix(apiVersion[strings.Index(apiVersion, "/")+1:], "v1api")
	out := v[0:4] + "-" + v[4:6] + "-" + v[6:8]
	if v[8:] != "" {
		out += "-" + v[8:]
	}
	return out
}

// putsFor lists the resource PUTs (not polls) whose path ends with the Azure name.
func putsFor(requests []armserver.Request, name string) []armserver.Request {
	var out []armserver.Request
	for _, r := range requests {
		if r.Method == http.MethodPut && !r.Operation && strings.HasSuffix(strings.ToLower(r.Path), "/"+name) {
			out = append(out, r)
		}
	}
	return out
}

// putsBefore keeps the requests sent before t.
func putsBefore(puts []armserver.Request, t time.Time) []armserver.Request {
	var out []armserver.Request
	for _, p := range puts {
		if p.Time.Before(t) {
			out = append(out, p)
		}
	}
	return out
}

// The controller binary, as a process, takes every generated sample applied through the API
// server to Ready: one PUT per resource at the sample's API version, the configured extensions
// on the way (owner check of the Kusto database, post-check of the private endpoints).
func TestOperatorRunsEverySample(t *testing.T) {
	ctl := startController(t, suite.kubeconfig, "--log-level=debug")
	eventually(t, time.Minute, "readyz", func() error { _, err := get("http://" + ctl.probes + "/readyz"); return err })
	samples := readSamples(t)
	for _, s := range samples {
		if err := suite.kube.Create(context.Background(), s.DeepCopy()); err != nil {
			t.Fatalf("applying %s %s: %v", s.GetKind(), s.GetName(), err)
		}
	}
	readyAt := waitAllReady(t, samples)
	requests, err := suite.arm.Requests()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range samples {
		name := s.GetName()
		if azureName, _, _ := unstructured.NestedString(s.Object, "spec", "azureName"); azureName != "" {
			name = azureName // a sample of a fixed-name kind, or whose metadata.name Azure would refuse
		}
		// Creation takes exactly one PUT. A reconcile after Ready (the requeue an operation in
		// progress asked for, arriving after the operation's own event made it Ready) checks the
		// resource against Azure with a PUT again; those are not counted.
		puts := putsBefore(putsFor(requests, name), readyAt[s.GetName()].Add(time.Second))
		if len(puts) != 1 || puts[0].APIVersion != armAPIVersion(s.GetAPIVersion()) {
			t.Errorf("%s %s: PUTs %+v, want one at %s", s.GetKind(), s.GetName(), puts, armAPIVersion(s.GetAPIVersion()))
		}
	}
	out := ctl.Output()
	for _, want := range [][]string{
		{"Proceeding with reconciliation", "database20221229", "PreReconcileOwnerCheck"},
		{"Post-reconciliation check succeeded", "privateendpoint20220701", "PostReconcileCheck"},
	} {
		if !anyLineHas(out, want...) {
			t.Errorf("no log line with %q", want)
		}
	}
}

func anyLineHas(output string, parts ...string) bool {
	for _, l := range strings.Split(output, "\n") {
		all := true
		for _, p := range parts {
			all = all && strings.Contains(l, p)
		}
		if all {
			return true
		}
	}
	return false
}
