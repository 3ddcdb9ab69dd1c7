package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
)

// bugReportURL is where a recovered panic asks to be reported.
const bugReportURL = "https://github.com/asogen/asogen/issues"

// reportBug prints a short message for a panic recovered in Run (a bug in asogen, never the
// user's input): what panicked and where, and where the full stack went, instead of a goroutine
// dump. It returns ExitInternal.
func reportBug(stderr io.Writer, value any, stack []byte) int {
	fmt.Fprintf(stderr, "asogen: internal error (a bug in asogen, not in your input): %v\n", value)
	if at := panicSite(string(stack)); at != "" {
		fmt.Fprintf(stderr, "  at %s\n", at)
	}
	if path, err := saveStack(stack); err == nil {
		fmt.Fprintf(stderr, "  full stack: %s\n", path)
	}
	fmt.Fprintf(stderr, "Please report it at %s with the command line, `asogen version` and the stack file.\n", bugReportURL)
	return ExitInternal
}

// stackOf is the stack where value was raised: a worker's (parallel.Panic) or this goroutine's.
func stackOf(value any) []byte {
	if p, ok := value.(interface{ PanicStack() []byte }); ok {
		return p.PanicStack()
	}
	return debug.Stack()
}

// panicSite is the first frame of the stack below the runtime's panic machinery and this
// package's recovery: "function (file:line)".
func panicSite(stack string) string {
	lines := strings.Split(stack, "\n")
	for i := 1; i+1 < len(lines); i += 2 {
		fn := strings.TrimSpace(lines[i])
		if strings.HasPrefix(fn, "runtime/") || strings.HasPrefix(fn, "panic(") || strings.Contains(fn, "pkg/cli.runCommands.func") || strings.Contains(fn, "pkg/cli.stackOf(") ||
			strings.Contains(fn, "internal/parallel.(*Catcher)") {
			continue
		}
		file, _, _ := strings.Cut(strings.TrimSpace(lines[i+1]), " +")
		if open := strings.LastIndexByte(fn, '('); open > 0 {
			fn = fn[:open]
		}
		return fmt.Sprintf("%s (%s)", fn, file)
	}
	return ""
}

// saveStack writes the stack to a file in the temporary folder and returns its path.
func saveStack(stack []byte) (string, error) {
	f, err := os.CreateTemp("", "asogen-panic-*.txt")
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, err := f.Write(stack); err != nil {
		return "", err
	}
	return filepath.Clean(f.Name()), nil
}
