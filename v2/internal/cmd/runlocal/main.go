// Command runlocal runs the operator on this machine without Azure or a cluster (make run-local):
// kube-apiserver and etcd from envtest, the armserver program standing in for ARM, and the
// controller binary as a real process against them. It prints the kubeconfig and the command to
// apply the samples, and on Ctrl-C stops everything, removes its temporary folder and exits 0.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/asogen/asogen/v2/internal/localrun"
	"github.com/asogen/asogen/v2/internal/testing/envtestutil"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "run-local:", err)
		os.Exit(1)
	}
}

func run() error {
	dir, err := os.MkdirTemp("", "asogen-run-local-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir) // the binaries and the kubeconfig
	fmt.Println("run-local: building the controller and armserver binaries")
	controller, armserver, err := localrun.Build(context.Background(), dir)
	if err != nil {
		return err
	}
	fmt.Println("run-local: starting kube-apiserver and etcd")
	env, err := localrun.StartControlPlane()
	if err != nil {
		return err
	}
	defer env.Stop()
	return serve(env, dir, controller, armserver)
}

func serve(env *envtestutil.Environment, dir, controller, armserver string) error {
	kubeconfig, err := localrun.WriteKubeconfig(env, dir)
	if err != nil {
		return err
	}
	addrs, err := localrun.FreeAddresses(4)
	if err != nil {
		return err
	}
	arm, err := localrun.Start("armserver", armserver, []string{"--address=" + addrs[0], "--admin-address=" + addrs[1]}, prefixed("armserver"))
	if err != nil {
		return err
	}
	defer arm.Stop(5 * time.Second)
	args := localrun.ControllerArgs(env, kubeconfig, "http://"+addrs[0], addrs[2], addrs[3])
	ctl, err := localrun.Start("controller", controller, args, prefixed("controller"))
	if err != nil {
		return err
	}
	defer ctl.Stop(10 * time.Second)
	printHelp(kubeconfig, addrs)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	<-stop
	fmt.Println("\nrun-local: stopping the controller, armserver, kube-apiserver and etcd")
	return nil
}

func printHelp(kubeconfig string, addrs []string) {
	samples := filepath.Join(localrun.RepoDir(), "v2", "samples")
	fmt.Printf(`
run-local: the operator is running (Ctrl-C stops everything).

  export KUBECONFIG=%s
  kubectl apply -R -f %s
  kubectl get resourcegroups,privateendpoints -A      # watch them become Ready

  ARM request log:  curl http://%s/requests
  metrics:          curl http://%s/metrics
  health:           curl http://%s/readyz

`, kubeconfig, samples, addrs[1], addrs[2], addrs[3])
}

// prefixed copies a process's output to stdout, each line led by its name.
func prefixed(name string) *localrun.LinePrefixer {
	return localrun.NewLinePrefixer(os.Stdout, name+" | ")
}
