package expressions

import (
	"strings"
	"testing"
)

var obj = map[string]any{"spec": map[string]any{"location": "westus2"}, "status": map[string]any{"hostName": "h.example", "port": 6380}}

// TestChainExpressionsCompile: what admission refuses, per target.
func TestChainExpressionsCompile(t *testing.T) {
	cases := []struct {
		target     Target
		expr, want string // want "" when the expression compiles
	}{
		{ConfigMap, `self.status.hostName + ":" + string(self.status.port)`, ""},
		{Secret, `self.status.hostName + ",password=" + secret.primaryKey`, ""},
		{ConfigMap, `secret.primaryKey`, "undeclared reference to 'secret'"},
		{ConfigMap, `self.status.hostName +`, "Syntax error"},
		{ConfigMap, `1 + 2`, "the expression returns int; it must return a string"},
		{Secret, `secret`, "it must return a string"},
	}
	for _, c := range cases {
		_, err := Compile(c.target, c.expr)
		if (c.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("Compile(%q) = %v, want %q", c.expr, err, c.want)
		}
	}
}

// TestChainExpressionsEval: values from self and secret; a wrong type at run time is an error
// naming the type; errors never hold a secret value.
func TestChainExpressionsEval(t *testing.T) {
	prg, err := Compile(Secret, `self.status.hostName + ":" + string(self.status.port) + ",password=" + secret.primaryKey`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Eval(prg, obj, map[string]string{"primaryKey": "k3y"})
	if err != nil || got != "h.example:6380,password=k3y" {
		t.Fatalf("Eval = %q, %v", got, err)
	}
	prg, _ = Compile(ConfigMap, `self.status.port`)
	if _, err := Eval(prg, obj, nil); err == nil || !strings.Contains(err.Error(), "returned a double; it must return a string") {
		t.Errorf("non-string result: %v", err)
	}
	prg, _ = Compile(Secret, `string(int(secret.primaryKey))`)
	if _, err := Eval(prg, obj, map[string]string{"primaryKey": "k3y-value"}); err == nil || strings.Contains(err.Error(), "k3y-value") {
		t.Errorf("the error should not hold the secret: %v", err)
	}
	prg, _ = Compile(ConfigMap, `self.status.missing`)
	if _, err := Eval(prg, obj, nil); err == nil || !strings.Contains(err.Error(), "no such key") {
		t.Errorf("missing field: %v", err)
	}
}
