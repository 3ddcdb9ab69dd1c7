// Package naming owns asogen's naming conventions: Go identifiers from ARM JSON names, kinds
// from resource types, plurals, snake case for file names, Go package names of API versions and
// the import aliases of generated packages. It is a leaf (it imports no asogen package), so the
// model, the reader, the emitters and the benchmark corpus all name things through it.
package naming
