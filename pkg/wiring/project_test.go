package wiring

import (
	"github.com/asogen/asogen/internal/wiringtest"
)

// The project helpers of internal/wiringtest, by their short names.
var (
	copyProject = wiringtest.CopyProject
	loadConfig  = wiringtest.LoadConfig
	treeDigest  = wiringtest.TreeDigest
	writeFile   = wiringtest.WriteFile
	replaceIn   = wiringtest.ReplaceIn
	removeFile  = wiringtest.RemoveFile
)
