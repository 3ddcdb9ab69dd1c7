package localrun_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/internal/localrun"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/internal/testing/envtestutil"
)

// suite is what every TestOperator test shares: the built binaries, a kube-apiserver with the
// CRDs and webhook configurations, and the armserver program with its admin client.
var suite struct {
	dir        string
	controller string
	env        *envtestutil.Environment
	kubeconfig string
	armURL     string
	arm        armserver.AdminClient
	kube       client.Client
}

func TestMain(m *testing.M) {
	code, err := runSuite(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "operator suite:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

func runSuite(m *testing.M) (int, error) {
	dir, err := os.MkdirTemp("", "asogen-operator-test-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	controller, armBin, err := localrun.Build(context.Background(), dir)
	if err != nil {
		return 0, err
	}
	env, err := localrun.StartControlPlane()
	if err != nil {
		return 0, err
	}
	defer env.Stop()
	kubeconfig, err := localrun.WriteKubeconfig(env, dir)
	if err != nil {
		return 0, err
	}
	arm, addrs, err := startARM(armBin)
	if err != nil {
		return 0, err
	}
	defer arm.Stop(5 * time.Second)
	suite.dir, suite.controller, suite.env, suite.kubeconfig, suite.kube = dir, controller, env, kubeconfig, env.Client
	suite.armURL, suite.arm = "http://"+addrs[0], armserver.AdminClient{URL: "http://" + addrs[1]}
	return m.Run(), nil
}

// startARM starts the armserver program and waits until its admin interface answers.
func startARM(bin string) (*localrun.Process, []string, error) {
	addrs, err := localrun.FreeAddresses(2)
	if err != nil {
		return nil, nil, err
	}
	p, err := localrun.Start("armserver", bin, []string{"--address=" + addrs[0], "--admin-address=" + addrs[1]}, nil)
	if err != nil {
		return nil, addrs, err
	}
	admin := armserver.AdminClient{URL: "http://" + addrs[1]}
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := admin.Requests(); err == nil {
			return p, addrs, nil
		} else if time.Now().After(deadline) || p.Exited() {
			return nil, addrs, fmt.Errorf("armserver did not start: %v\n%s", err, p.Output())
		}
		time.Sleep(50 * time.Millisecond)
	}
}
