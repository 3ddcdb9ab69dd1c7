package operator

import (
	"errors"
	"flag"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/types"

	"github.com/asogen/asogen/v2/internal/crdinstall"
	"github.com/asogen/asogen/v2/pkg/reconcilers/arm"
)

// option is one setting: a flag, its environment variable, its default and a parser.
type option struct {
	flag, env, def, help string
	parser
}

// parser checks a value and stores it; its error is a predicate such as "must be true or false".
type parser struct {
	parse    func(string) error
	boolFlag bool // the flag may be given without a value (--leader-elect)
}

// bad is the usage error for value: the flag, its environment variable, the value and why.
func (o option) bad(value string, err error) error {
	if o.env == "" {
		return usage("--%s %q %v", o.flag, value, err)
	}
	return usage("--%s (%s) %q %v", o.flag, o.env, value, err)
}

// rawValue is a flag's text, parsed after flag.Parse so that every error names the setting.
type rawValue struct {
	value    string
	boolFlag bool
}

func (v *rawValue) String() string     { return v.value }
func (v *rawValue) Set(s string) error { v.value = s; return nil }
func (v *rawValue) IsBoolFlag() bool   { return v.boolFlag }

// register defines every option's flag on fs with the environment's value, or the default, as
// its initial value; the returned values hold what flag.Parse leaves.
func register(fs *flag.FlagSet, opts []option, getenv func(string) string) []*rawValue {
	values := make([]*rawValue, len(opts))
	for i, o := range opts {
		v := &rawValue{value: o.def, boolFlag: o.boolFlag}
		help := o.help
		if o.env != "" {
			help += " (" + o.env + ")"
			if e := getenv(o.env); e != "" {
				v.value = e
			}
		}
		fs.Var(v, o.flag, help)
		values[i] = v
	}
	return values
}

func text(p *string) parser {
	return parser{parse: func(s string) error { *p = s; return nil }}
}

func boolean(p *bool) parser {
	return parser{boolFlag: true, parse: func(s string) error {
		b, err := strconv.ParseBool(s)
		*p = b
		return check(err == nil, "must be true or false")
	}}
}

func positiveInt(p *int) parser {
	return parser{parse: func(s string) error {
		n, err := strconv.Atoi(s)
		*p = n
		return check(err == nil && n > 0, "must be a whole number above 0")
	}}
}

func portNumber(p *int) parser {
	return parser{parse: func(s string) error {
		n, err := strconv.Atoi(s)
		*p = n
		return check(err == nil && n >= 0 && n <= 65535, "must be a port number (0 for the default)")
	}}
}

func positiveFloat32(p *float32) parser {
	return parser{parse: func(s string) error {
		f, err := strconv.ParseFloat(s, 32)
		*p = float32(f)
		return check(err == nil && f > 0, "must be a number above 0")
	}}
}

func positiveDuration(p *time.Duration) parser {
	return parser{parse: func(s string) error {
		d, err := time.ParseDuration(s)
		*p = d
		return check(err == nil && d > 0, "must be a duration above 0 with its unit, such as 90s, 15m or 1h")
	}}
}

// oneOf accepts the listed values ("" among them means the setting may be left empty).
func oneOf(p *string, values ...string) parser {
	var named []string
	for _, v := range values {
		if v != "" {
			named = append(named, v)
		}
	}
	return parser{parse: func(s string) error {
		*p = s
		for _, v := range values {
			if s == v {
				return nil
			}
		}
		return errors.New("is not one of " + strings.Join(named, ", "))
	}}
}

func httpURL(p *string) parser {
	return parser{parse: func(s string) error {
		*p = s
		u, err := url.ParseRequestURI(s)
		return check(err == nil && u.Host != "" && (u.Scheme == "https" || u.Scheme == "http"), "is not an http(s) URL")
	}}
}

func httpsURL(p *string) parser {
	return parser{parse: func(s string) error {
		*p = s
		u, err := url.ParseRequestURI(s)
		return check(err == nil && u.Host != "" && u.Scheme == "https", "is not an https URL")
	}}
}

// optional accepts "" besides what p accepts.
func optional(p parser) parser {
	return parser{parse: func(s string) error {
		if s == "" {
			return nil
		}
		return p.parse(s)
	}}
}

func namespacedName(p *types.NamespacedName) parser {
	return parser{parse: func(s string) error {
		ns, name, ok := strings.Cut(s, "/")
		*p = types.NamespacedName{Namespace: ns, Name: name}
		return check(ok && ns != "" && name != "" && !strings.Contains(name, "/"), "is not namespace/name")
	}}
}

// crdPatterns accepts patterns each of which selects at least one embedded CRD.
func crdPatterns(p *crdinstall.Patterns) parser {
	return parser{parse: func(s string) error {
		*p = crdinstall.ParsePatterns(s)
		crds, err := crdinstall.Embedded()
		if err != nil {
			return err
		}
		unmatched := p.Unmatched(crdinstall.Kinds(crds))
		return check(len(unmatched) == 0, fmt.Sprintf("selects no CRD of the operator: pattern %s (patterns are group/Kind)", quoted(unmatched)))
	}}
}

// quoted is the values quoted and separated by commas.
func quoted(values []string) string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = strconv.Quote(v)
	}
	return strings.Join(out, ", ")
}

func level(p *string) parser {
	return parser{parse: func(s string) error {
		*p = s
		_, err := logLevel(s)
		return err
	}}
}

func resyncPut(p *arm.ResyncPut) parser {
	return parser{parse: func(s string) error {
		v, err := arm.ParseResyncPut(s)
		*p = v
		return check(err == nil, "is not one of "+string(arm.ResyncPutOnChange)+", "+string(arm.ResyncPutAlways))
	}}
}

func reconcilePolicy(p *arm.ReconcilePolicy) parser {
	return parser{parse: func(s string) error {
		v, err := arm.ParseReconcilePolicy(s)
		*p = v
		return check(err == nil && s != "", "is not one of manage, skip, detach-on-delete")
	}}
}

// check is nil when ok, else the predicate as an error.
func check(ok bool, predicate string) error {
	if ok {
		return nil
	}
	return errors.New(predicate)
}
