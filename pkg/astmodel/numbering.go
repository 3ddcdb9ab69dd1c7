package astmodel

import "strconv"

// FreeName returns name, or name with the smallest number from 2 on that taken does not report:
// how a Go name that clashes (a property, an ARM nesting, an enum constant) gets a number.
func FreeName(name string, taken func(string) bool) string {
	n := name
	for i := 2; taken(n); i++ {
		n = name + strconv.Itoa(i)
	}
	return n
}
