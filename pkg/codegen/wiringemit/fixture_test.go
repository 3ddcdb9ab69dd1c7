package wiringemit

import (
	"github.com/asogen/asogen/internal/wiringtest"
	"github.com/asogen/asogen/pkg/wiring"
)

// fixtureLayout is the layout of the default project.
var fixtureLayout = wiring.Layout{Module: wiringtest.Module, APIRoot: wiringtest.APIRoot, RegistryDir: wiringtest.RegistryDir}

// allPointNames lists every extension point of the table.
func allPointNames() []string {
	var names []string
	for _, p := range wiring.Points {
		names = append(names, p.Name)
	}
	return names
}
