package sizelist

import (
	"fmt"
	"testing"
)

func TestParse(t *testing.T) {
	cases := []struct {
		list, want string
	}{
		{"100, 300,1000", "[100 300 1000] <nil>"},
		{"5", "[5] <nil>"},
		{"10,0", `[] -n: "0" is not a positive number`},
		{"10,x", `[] -n: "x" is not a positive number`},
		{"", `[] -n: "" is not a positive number`},
	}
	for _, c := range cases {
		got, err := Parse("n", c.list)
		if s := fmt.Sprint(got, " ", err); s != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.list, s, c.want)
		}
	}
}
