// Command armserver is a local stand-in for Azure Resource Manager: it stores what is PUT, answers
// GETs, runs long-running operations and keeps a request log, so the operator can run without
// Azure (make run-local). It is the test server of v2/internal/testing/armserver as a process.
// Point the controller at it with --arm-endpoint http://<address> (no credential is sent over
// plain http); read the log at http://<admin-address>/requests.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"github.com/asogen/asogen/v2/internal/testing/armserver"
)

func main() {
	address := flag.String("address", "127.0.0.1:8090", "address ARM requests are served on")
	admin := flag.String("admin-address", "127.0.0.1:8091", "address of the request log and property changes")
	polls := flag.Int("polls", 1, "on which poll a long-running operation completes (0: synchronous)")
	flag.Parse()
	if err := run(*address, *admin, *polls); err != nil {
		fmt.Fprintln(os.Stderr, "armserver:", err)
		os.Exit(1)
	}
}

func run(address, admin string, polls int) error {
	l, err := net.Listen("tcp", address)
	if err != nil {
		return err
	}
	srv := armserver.New(armserver.WithListener(l), armserver.WithPollsToComplete(polls))
	defer srv.Close()
	al, err := net.Listen("tcp", admin)
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
