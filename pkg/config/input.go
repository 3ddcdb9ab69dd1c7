package config

import (
	"fmt"
	"go/token"
	"os"
)

// maxConfigSize bounds the config file (a real one is a few KB).
const maxConfigSize = 16 << 20

// readConfig reads a regular file of at most maxConfigSize bytes: --config /dev/zero or a FIFO
// is refused before it is read.
func readConfig(path string) ([]byte, error) {
	info, err := os.Stat(path)
	switch {
	case err != nil:
		return nil, err
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("not a regular file (%s)", info.Mode().Type())
	case info.Size() > maxConfigSize:
		return nil, fmt.Errorf("larger than %d MiB", maxConfigSize>>20)
	}
	data, err := os.ReadFile(path)
	if err == nil && len(data) > maxConfigSize {
		return nil, fmt.Errorf("larger than %d MiB", maxConfigSize>>20)
	}
	return data, err
}

// reservedGroup says why a group name that matches the name rule still cannot be a folder of Go
// packages, or "".
func reservedGroup(name string) string {
	switch {
	case token.IsKeyword(name):
		return "it is a Go keyword"
	case name == "internal":
		return "the go command makes packages under an internal folder unimportable from the registry"
	case name == "vendor", name == "testdata":
		return "the go command ignores packages under a " + name + " folder"
	}
	return ""
}
