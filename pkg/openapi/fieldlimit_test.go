package openapi

import (
	"fmt"
	"strings"
	"testing"
)

// TestFieldSetLimit: a field table past what a seenSet records cannot be built (the package would
// fail to initialise), and every table in use stays within it with repeats detected at its last
// index.
func TestFieldSetLimit(t *testing.T) {
	t.Parallel()
	for name, n := range map[string]int{"Schema": len(schemaFields.list), "Operation": len(operationFields.list),
		"Parameter": len(paramFields.list), "Response": len(responseFields.list)} {
		if n > maxFields {
			t.Errorf("%s has %d fields, more than %d", name, n, maxFields)
		}
	}
	var s seenSet
	s.add(maxFields - 1)
	if !s.has(maxFields-1) || s.has(0) {
		t.Errorf("seenSet does not record index %d alone: %b", maxFields-1, s)
	}
	defer func() {
		msg := fmt.Sprint(recover())
		if !strings.Contains(msg, "65 fields") {
			t.Errorf("newFieldSet with 65 fields: recovered %q, want a panic naming the count", msg)
		}
	}()
	list := make([]field[struct{}], maxFields+1)
	for i := range list {
		list[i].name = fmt.Sprintf("f%d", i)
	}
	newFieldSet(list...)
}
