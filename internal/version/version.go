// Package version is the version and commit the asogen and controller binaries report
// (`asogen version`, `controller --version`). The build sets both with
//
//	-ldflags "-X github.com/asogen/asogen/internal/version.version=v0.1.0 -X github.com/asogen/asogen/internal/version.commit=<sha>"
//
// as `make build` does (the version from the VERSION file, the commit from git; CONTRIBUTING.md,
// "Versions"). A binary built without them reads its build information instead: the main
// module's version (v0.1.0 after `go install github.com/asogen/asogen/cmd/asogen@v0.1.0`, the
// version go build derives from the checkout, or (devel)) and the vcs.revision go build records.
package version

import "runtime/debug"

// Set by the linker (-X); empty in a plain go build.
var (
	version string
	commit  string
)

// Unknown stands for a commit the binary does not know (go install from the module proxy, go run
// outside a checkout).
const Unknown = "unknown"

// Info is what a binary reports about itself.
type Info struct {
	Version string // a semantic version (v0.1.0, v0.2.0-dev, a pseudo-version) or (devel)
	Commit  string // the full commit hash, "-dirty" appended when the tree had changes; Unknown
	Go      string // the toolchain that built the binary
}

// Get returns the running binary's version information.
func Get() Info {
	info, ok := debug.ReadBuildInfo()
	return resolve(version, commit, info, ok)
}

// Line is the line a binary prints for its version: program, version, commit and Go version.
func Line(program string) string {
	return program + " " + Get().String()
}

// String is "v0.1.0 (commit 0123abc..., go1.26.8)".
func (i Info) String() string {
	return i.Version + " (commit " + i.Commit + ", " + i.Go + ")"
}

// resolve prefers the linker's values and falls back to the build information for each one.
func resolve(version, commit string, info *debug.BuildInfo, ok bool) Info {
	out := Info{Version: version, Commit: commit, Go: Unknown}
	if ok && info != nil {
		out.Go = info.GoVersion
		if out.Version == "" {
			out.Version = info.Main.Version
		}
		if out.Commit == "" {
			out.Commit = vcsCommit(info.Settings)
		}
	}
	if out.Version == "" {
		out.Version = "(devel)"
	}
	if out.Commit == "" {
		out.Commit = Unknown
	}
	return out
}

// vcsCommit is the vcs.revision setting, with "-dirty" when vcs.modified is true.
func vcsCommit(settings []debug.BuildSetting) string {
	var revision, dirty string
	for _, s := range settings {
		switch {
		case s.Key == "vcs.revision":
			revision = s.Value
		case s.Key == "vcs.modified" && s.Value == "true":
			dirty = "-dirty"
		}
	}
	if revision == "" {
		return ""
	}
	return revision + dirty
}
