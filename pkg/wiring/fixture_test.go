package wiring

import (
	"github.com/asogen/asogen/internal/wiringtest"
	"github.com/asogen/asogen/pkg/astmodel"
)

// fixtureModel has one kind per extension point, a kind with two extensions, and the owner of
// the owner-checked kind.
func fixtureModel() *astmodel.Model { return wiringtest.Model() }
