package arm

import (
	"github.com/pkg/errors"

	"github.com/asogen/asogen/v2/pkg/expressions"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/conditions"
)

// evaluate adds the value of each expression to data (object name → key → value). An expression
// that does not compile or fails to evaluate (a field the object lacks, a result that is not a
// string) is a Warning naming it: the export runs again at the next reconcile. Errors never hold
// a secret value (expressions.Eval redacts them). Two writes into one key are refused at
// admission; here an expression does not override a destination of the same key.
func evaluate(data map[string]map[string]string, exprs []genruntime.DestinationExpression, target expressions.Target,
	obj any, secrets map[string]string) error {
	field := map[expressions.Target]string{expressions.ConfigMap: "configMapExpressions", expressions.Secret: "secretExpressions"}[target]
	for i, e := range exprs {
		prg, err := expressions.Compile(target, e.Value)
		var value string
		if err == nil {
			value, err = expressions.Eval(prg, obj, secrets)
		}
		if err != nil {
			return conditions.NewReadyConditionImpactingError(
				errors.Errorf("spec.operatorSpec.%s[%d] (%q key %q): %v", field, i, e.Name, e.Key, err),
				conditions.SeverityWarning, conditions.ReasonFailed)
		}
		if data[e.Name] == nil {
			data[e.Name] = map[string]string{}
		}
		if _, taken := data[e.Name][e.Key]; !taken {
			data[e.Name][e.Key] = value
		}
	}
	return nil
}
