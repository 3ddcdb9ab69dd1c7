// Package expressions compiles and evaluates the CEL expressions of spec.operatorSpec
// (configMapExpressions, secretExpressions) with cel-go. An expression reads `self` (the object,
// as its JSON) and, for a Secret only, `secret` (the values the kind exports as secrets); it
// returns a string. It cannot read other objects: those two variables are all it is given.
package expressions

import (
	"encoding/json"
	"strings"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"github.com/pkg/errors"
)

// Target is where an expression's value goes; it decides which variables the expression sees.
type Target int

const (
	ConfigMap Target = iota // `self` only: no secret value can reach a ConfigMap
	Secret                  // `self` and `secret`
)

// costLimit bounds the work of one evaluation (CEL's cost units), so a user's expression cannot
// stall a reconcile.
const costLimit = 1_000_000

// env returns the CEL environment of a target.
func env(t Target) (*cel.Env, error) {
	vars := []cel.EnvOption{cel.Variable("self", cel.DynType)}
	if t == Secret {
		vars = append(vars, cel.Variable("secret", cel.MapType(cel.StringType, cel.StringType)))
	}
	return cel.NewEnv(vars...)
}

// Compile parses and type-checks an expression for a target: a syntax error, an unknown
// variable (`secret` in a ConfigMap expression) or a result that cannot be a string is an error.
func Compile(t Target, expr string) (cel.Program, error) {
	e, err := env(t)
	if err != nil {
		return nil, err
	}
	ast, issues := e.Compile(expr)
	if issues != nil && issues.Err() != nil {
		return nil, errors.New(strings.TrimSpace(issues.Err().Error()))
	}
	if out := ast.OutputType(); !out.IsAssignableType(cel.StringType) && out != cel.DynType {
		return nil, errors.Errorf("the expression returns %s; it must return a string", out)
	}
	return e.Program(ast, cel.CostLimit(costLimit))
}

// Eval runs a compiled expression on the object (any value that marshals to JSON) and, for a
// Secret, the exported secret values. A result that is not a string is an error naming its type.
// Errors never hold a secret value: each one is replaced by "<redacted>".
func Eval(prg cel.Program, obj any, secrets map[string]string) (string, error) {
	self, err := asMap(obj)
	if err != nil {
		return "", err
	}
	vars := map[string]any{"self": self}
	if secrets != nil {
		vars["secret"] = secrets
	}
	out, _, err := prg.Eval(vars)
	if err != nil {
		return "", errors.New(redact(err.Error(), secrets))
	}
	if out.Type() != types.StringType {
		return "", errors.Errorf("the expression returned a %s; it must return a string", out.Type().TypeName())
	}
	return out.Value().(string), nil
}

// asMap is obj as CEL reads it: its JSON as maps, lists and scalars.
func asMap(obj any) (map[string]any, error) {
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, errors.Wrap(err, "reading the object")
	}
	var m map[string]any
	return m, errors.Wrap(json.Unmarshal(data, &m), "reading the object")
}

// redact replaces every secret value in text.
func redact(text string, secrets map[string]string) string {
	for _, v := range secrets {
		if v != "" {
			text = strings.ReplaceAll(text, v, "<redacted>")
		}
	}
	return text
}
