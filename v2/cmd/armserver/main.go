// Command armserver is a local stand-in for Azure Resource Manager: it stores what is PUT, answers
// GETs, runs long-running operations and keeps a request log, so the operator can run without
// Azure (make run-local) and be load-tested (make bench-operator). It is the test server of
// v2/internal/testing/armserver as a process. Point the controller at it with --arm-endpoint
// http://<address> (no credential is sent over plain http). The admin address serves the request
// log (/requests), fault rules (/faults) and settings (/settings); see armserver.Server.Admin.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/asogen/asogen/v2/internal/testing/armserver"
)

// config is the program's flags.
type config struct {
	address, admin string
	polls          int
	operation      time.Duration
	latency        time.Duration
	faultMethods   string
	faultRate      float64
	faultEvery     int
	faultStatus    int
}

func main() {
	var c config
	flag.StringVar(&c.address, "address", "127.0.0.1:8090", "address ARM requests are served on")
	flag.StringVar(&c.admin, "admin-address", "127.0.0.1:8091", "address of the request log, fault rules and settings")
	flag.IntVar(&c.polls, "polls", 1, "on which poll a long-running operation completes (0: synchronous)")
	flag.DurationVar(&c.operation, "operation-duration", 0, "least time a long-running operation takes")
	flag.DurationVar(&c.latency, "latency", 0, "delay added to every ARM request")
	flag.StringVar(&c.faultMethods, "fault-methods", "PUT,GET,DELETE,POLL", "methods -fault-rate and -fault-every apply to (POLL: operation polls)")
	flag.Float64Var(&c.faultRate, "fault-rate", 0, "share of requests of each fault method answered with -fault-status, spread evenly (0.2: every 5th)")
	flag.IntVar(&c.faultEvery, "fault-every", 0, "answer every N-th request of each fault method with -fault-status (overrides -fault-rate)")
	flag.IntVar(&c.faultStatus, "fault-status", http.StatusInternalServerError, "status of injected faults")
	flag.Parse()
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "armserver:", err)
		os.Exit(1)
	}
}

func run(c config) error {
	l, err := net.Listen("tcp", c.address)
	if err != nil {
		return err
	}
	srv := armserver.New(armserver.WithListener(l), armserver.WithPollsToComplete(c.polls),
		armserver.WithOperationDuration(c.operation), armserver.WithLatency(c.latency))
	defer srv.Close()
	if err := setFaults(srv, c); err != nil {
		return err
	}
	al, err := net.Listen("tcp", c.admin)
	if err != nil {
		return err
	}
	go func() { _ = http.Serve(al, srv.Admin()) }()
	fmt.Printf("armserver: ARM at %s, admin at http://%s\n", srv.URL(), al.Addr())
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	<-stop
	return al.Close()
}

// setFaults sets a fault rule for each fault method when a rate or period is given.
func setFaults(srv *armserver.Server, c config) error {
	if c.faultRate == 0 && c.faultEvery == 0 {
		return nil
	}
	for _, m := range strings.Split(c.faultMethods, ",") {
		rule := armserver.FaultRule{Method: strings.TrimSpace(m), Rate: c.faultRate, Every: c.faultEvery, Status: c.faultStatus}
		if err := srv.SetFaultRule(rule); err != nil {
			return err
		}
	}
	return nil
}
