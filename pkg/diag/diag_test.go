package diag

import (
	"errors"
	"fmt"
	"testing"
)

func TestListSortsAndRenders(t *testing.T) {
	var l List
	l.Add(Pos{File: "b.yaml", Line: 2, Col: 3}, "second %s", "b")
	l.Add(Pos{File: "a.yaml", Line: 9}, "first")
	l.Add(Pos{}, "no position")
	l.Add(Pos{File: "a.yaml", Line: 9}, "first")
	want := "no position\na.yaml:9: first\nb.yaml:2:3: second b"
	if got := l.Err().Error(); got != want {
		t.Fatalf("got %q want %q", got, want)
	}
}

func TestEmptyListIsNil(t *testing.T) {
	var l List
	if l.Err() != nil {
		t.Fatal("empty list must be a nil error")
	}
}

func TestMerge(t *testing.T) {
	var l List
	l.Merge(nil)
	l.Merge(fmt.Errorf("wrapped: %w", List{{Pos: Pos{File: "x", Line: 1, Col: 2}, Msg: "m"}}))
	l.Merge(Errorf(Pos{File: "y"}, "n"))
	l.Merge(errors.New("plain"))
	if len(l) != 3 || l[0].Error() != "x:1:2: m" || l[1].Error() != "y: n" || l[2].Error() != "plain" {
		t.Fatalf("merge: %#v", l)
	}
}
