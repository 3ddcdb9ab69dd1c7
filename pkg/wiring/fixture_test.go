package wiring

import (
	"github.com/asogen/asogen/internal/wiringtest"
	"github.com/asogen/asogen/pkg/astmodel"
)

// fixtureLayout is the layout of the default project.
var fixtureLayout = Layout{Module: wiringtest.Module, APIRoot: wiringtest.APIRoot, RegistryDir: wiringtest.RegistryDir}

// fixtureModel has one kind per extension point, a kind with two extensions, and the owner of
// the owner-checked kind.
func fixtureModel() *astmodel.Model { return wiringtest.Model() }
