package benchcorpus

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// KindsPerGroup is how many kinds share one Azure resource provider (group).
const KindsPerGroup = 20

// Extension point names, as config.yaml spells them.
const (
	OwnerChecker = "PreReconciliationOwnerChecker"
	PreChecker   = "PreReconciliationChecker"
	PostChecker  = "PostReconciliationChecker"
)

// Corpus is the plan of a synthetic corpus: groups of kinds, each with its properties per version.
type Corpus struct {
	Groups   []*Group
	Versions []string // API versions, oldest first
}

// Group is one resource provider, e.g. group "bench01" with namespace "Microsoft.Bench01".
type Group struct {
	Name      string
	Namespace string
	Kinds     []*Kind
}

// Kind is one synthetic ARM resource type.
type Kind struct {
	Name      string // Go-style kind name, e.g. "AmberVault"
	Group     *Group
	Owner     *Kind  // parent resource in the same group; nil means resource-group owned
	Extension string // configured extension point, or "" for none
	Props     []*Prop
}

// Plan lays out the corpus for opts: the same options always give the same plan.
func Plan(opts Options) *Corpus {
	c := &Corpus{Versions: versions(opts.Versions)}
	for i := range opts.Kinds {
		if i%KindsPerGroup == 0 {
			c.Groups = append(c.Groups, newGroup(len(c.Groups)+1, opts.Kinds))
		}
		g := c.Groups[len(c.Groups)-1]
		k := &Kind{Name: kindName(i), Group: g}
		if pos := len(g.Kinds); pos%4 == 3 {
			k.Owner = g.Kinds[pos-1]
		}
		k.Extension = extensionFor(i, k.Owner != nil)
		rng := rand.New(rand.NewPCG(uint64(opts.Seed), uint64(i)))
		k.Props = kindProps(rng, k.Name, len(c.Versions))
		g.Kinds = append(g.Kinds, k)
	}
	return c
}

// Kinds lists every kind of the corpus in order.
func (c *Corpus) Kinds() []*Kind {
	var out []*Kind
	for _, g := range c.Groups {
		out = append(out, g.Kinds...)
	}
	return out
}

func newGroup(n, kinds int) *Group {
	width := len(fmt.Sprint((kinds + KindsPerGroup - 1) / KindsPerGroup))
	width = max(width, 2)
	name := fmt.Sprintf("bench%0*d", width, n)
	return &Group{Name: name, Namespace: "Microsoft." + upperFirst(name)}
}

// versions returns n stable API versions, one a year from 2021.
func versions(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%d-03-01", 2021+i)
	}
	return out
}

// kindName gives kind i a unique two-word name; past the word lists' product it adds a number.
func kindName(i int) string {
	n := len(kindFirst)
	a, b := i%n, (i/n+i%n)%len(kindSecond)
	name := upperFirst(kindFirst[a]) + upperFirst(kindSecond[b])
	if round := i / (n * len(kindSecond)); round > 0 {
		name += fmt.Sprint(round + 1)
	}
	return name
}

// extensionFor configures an extension on every third kind: the owner checker where the kind
// has a parent resource, otherwise the resource pre-check and post-check in turn.
func extensionFor(i int, hasOwner bool) string {
	switch {
	case i%3 != 0:
		return ""
	case hasOwner:
		return OwnerChecker
	case (i/3)%2 == 0:
		return PreChecker
	}
	return PostChecker
}

// Plural is the ARM path segment of the kind ("amberVaults").
func (k *Kind) Plural() string {
	name := lowerFirst(k.Name)
	if strings.HasSuffix(name, "s") || strings.HasSuffix(name, "x") {
		return name + "es" // "harness" → "harnesses", as ARM spells such types
	}
	return name + "s"
}

// NameParam is the path parameter naming the kind ("amberVaultName").
func (k *Kind) NameParam() string { return lowerFirst(k.Name) + "Name" }

// FileName is the spec file holding the kind in each version folder ("amberVault.json").
func (k *Kind) FileName() string { return lowerFirst(k.Name) + ".json" }

// PutPath is the ARM resource path of the kind, nested under its owner when it has one.
func (k *Kind) PutPath() string {
	return "/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/" +
		k.Group.Namespace + k.pathTail()
}

func (k *Kind) pathTail() string {
	tail := "/" + k.Plural() + "/{" + k.NameParam() + "}"
	if k.Owner != nil {
		return k.Owner.pathTail() + tail
	}
	return tail
}

// PropsIn lists the kind's top-level properties present in version index v.
func (k *Kind) PropsIn(v int) []*Prop {
	var out []*Prop
	for _, p := range k.Props {
		if p.presentIn(v) {
			out = append(out, p)
		}
	}
	return out
}

func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

func lowerFirst(s string) string { return strings.ToLower(s[:1]) + s[1:] }
