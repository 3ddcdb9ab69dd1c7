package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/internal/localrun"
	"github.com/asogen/asogen/v2/internal/testing/armserver"
	"github.com/asogen/asogen/v2/internal/testing/envtestutil"
)

// startTimeout bounds the start of the armserver and controller processes.
const startTimeout = 60 * time.Second

// binaries are the built programs.
type binaries struct{ controller, armserver string }

// rig is one control plane with the armserver program and, between startController and
// stop, one controller process.
type rig struct {
	opts       options
	bins       binaries
	dir        string
	env        *envtestutil.Environment
	kube       client.Client
	kubeconfig string
	armURL     string
	arm        armserver.AdminClient
	armProc    *localrun.Process
	tee        io.Writer // process output copy when -v; nil otherwise
	log        io.Writer // progress lines
}

// startRig starts kube-apiserver and etcd (with the CRDs and webhook configurations) and the
// armserver program.
func startRig(opts options, bins binaries, dir string, tee, log io.Writer) (*rig, error) {
	start := localrun.StartControlPlaneWithoutFsync
	if opts.etcdFsync {
		start = localrun.StartControlPlane
	}
	env, err := start()
	if err != nil {
		return nil, err
	}
	r := &rig{opts: opts, bins: bins, dir: dir, env: env, tee: tee, log: log}
	if err := r.init(); err != nil {
		r.stop()
		return nil, err
	}
	return r, nil
}

func (r *rig) init() error {
	cfg := *r.env.Config
	cfg.QPS, cfg.Burst = 1000, 2000 // the harness must not be what throttles
	kube, err := client.New(&cfg, client.Options{Scheme: r.env.Client.Scheme()})
	if err != nil {
		return err
	}
	r.kube = kube
	if r.kubeconfig, err = localrun.WriteKubeconfig(r.env, r.dir); err != nil {
		return err
	}
	return r.startARM()
}

// startARM starts the armserver program and waits until its admin interface answers.
func (r *rig) startARM() error {
	addrs, err := localrun.FreeAddresses(2)
	if err != nil {
		return err
	}
	r.armURL, r.arm = "http://"+addrs[0], armserver.AdminClient{URL: "http://" + addrs[1]}
	r.armProc, err = localrun.Start("armserver", r.bins.armserver,
		[]string{"--address=" + addrs[0], "--admin-address=" + addrs[1]}, prefixed(r.tee, "armserver"))
	if err != nil {
		return err
	}
	return waitUntil(startTimeout, r.armProc, func() error { _, err := r.arm.Settings(); return err })
}

func (r *rig) stop() {
	if r.armProc != nil {
		r.armProc.Stop(5 * time.Second)
	}
	_ = r.env.Stop()
}

// controller is one running controller process with its sampler.
type controller struct {
	*localrun.Process
	metrics, probes string
	sampler         *sampler
}

// startController starts the controller and waits until it is ready. The client limits go
// through the environment (KUBE_API_QPS, KUBE_API_BURST), which a controller without those
// settings ignores.
func (r *rig) startController() (*controller, error) {
	addrs, err := localrun.FreeAddresses(2)
	if err != nil {
		return nil, err
	}
	args := append(localrun.ControllerArgs(r.env, r.kubeconfig, r.armURL, addrs[0], addrs[1]),
		fmt.Sprintf("--max-concurrent-reconciles=%d", r.opts.concurrency))
	env := []string{fmt.Sprintf("KUBE_API_QPS=%d", r.opts.kubeQPS), fmt.Sprintf("KUBE_API_BURST=%d", 2*r.opts.kubeQPS)}
	p, err := localrun.StartWithEnv("controller", r.bins.controller, args, env, prefixed(r.tee, "controller"))
	if err != nil {
		return nil, err
	}
	c := &controller{Process: p, metrics: addrs[0], probes: addrs[1]}
	if err := waitUntil(startTimeout, p, func() error { return httpOK("http://" + c.probes + "/readyz") }); err != nil {
		p.Stop(5 * time.Second)
		return nil, err
	}
	c.sampler = startSampler(p.PID(), c.metrics)
	return c, nil
}

// stop stops the controller; it reports whether it ended within the timeout.
func (c *controller) stop() bool {
	c.sampler.stop()
	_, ok := c.Stop(30 * time.Second)
	return ok
}

// waitUntil polls ok until it succeeds, p exits or timeout passes.
func waitUntil(timeout time.Duration, p *localrun.Process, ok func() error) error {
	deadline := time.Now().Add(timeout)
	for {
		err := ok()
		switch {
		case err == nil:
			return nil
		case p.Exited() || time.Now().After(deadline):
			return fmt.Errorf("%s did not start: %v\n%s", p.Name, err, lastLines(p.Output(), 30))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func httpOK(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", url, resp.Status)
	}
	return nil
}

// prefixed copies a process's output to w with its name leading every line; nil when w is.
func prefixed(w io.Writer, name string) io.Writer {
	if w == nil {
		return nil
	}
	return localrun.NewLinePrefixer(w, name+" | ")
}

// build compiles the controller and armserver programs into dir.
func build(ctx context.Context, dir string) (binaries, error) {
	c, a, err := localrun.Build(ctx, dir)
	return binaries{controller: c, armserver: a}, err
}
