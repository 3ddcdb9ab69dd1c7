package version

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestHygieneVersionResolve(t *testing.T) {
	t.Parallel()
	built := &debug.BuildInfo{
		GoVersion: "go1.26.8",
		Main:      debug.Module{Path: "github.com/asogen/asogen", Version: "v0.0.0-20261127120000-dac88f4c1a2b+dirty"},
		Settings:  []debug.BuildSetting{{Key: "vcs.revision", Value: "dac88f4c1a2b"}, {Key: "vcs.modified", Value: "true"}},
	}
	installed := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/asogen/asogen", Version: "v0.3.1"}}
	for _, tc := range []struct {
		name            string
		version, commit string
		info            *debug.BuildInfo
		ok              bool
		want            Info
	}{
		{"linker values win", "v0.1.0", "0123abc", built, true, Info{"v0.1.0", "0123abc", "go1.26.8"}},
		{"build information of a checkout", "", "", built, true, Info{built.Main.Version, "dac88f4c1a2b-dirty", "go1.26.8"}},
		{"go install from the proxy: no commit", "", "", installed, true, Info{"v0.3.1", Unknown, "go1.26.8"}},
		{"linker version, commit from the checkout", "v0.2.0-dev", "", built, true, Info{"v0.2.0-dev", "dac88f4c1a2b-dirty", "go1.26.8"}},
		{"clean checkout", "", "", &debug.BuildInfo{GoVersion: "go1.26.8", Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"}}}, true, Info{"(devel)", "abc", "go1.26.8"}},
		{"no build information", "", "", nil, false, Info{"(devel)", Unknown, Unknown}},
	} {
		if got := resolve(tc.version, tc.commit, tc.info, tc.ok); got != tc.want {
			t.Errorf("%s: resolve = %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

func TestHygieneVersionLine(t *testing.T) {
	t.Parallel()
	got := (Info{"v0.1.0", "0123abc", "go1.26.8"}).String()
	if want := "v0.1.0 (commit 0123abc, go1.26.8)"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	line := Line("asogen")
	if !strings.HasPrefix(line, "asogen ") || !strings.Contains(line, " (commit ") {
		t.Errorf("Line = %q, want the program, version and commit", line)
	}
}
