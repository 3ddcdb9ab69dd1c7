// Command etcd is the etcd server built from go.etcd.io/etcd/server/v3 for envtest.
// It mirrors the upstream server main package: all behaviour lives in etcdmain.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() {
	etcdmain.Main(os.Args)
}
