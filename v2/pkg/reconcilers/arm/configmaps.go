package arm

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/pkg/errors"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/pkg/expressions"
	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// exportConfigMaps writes the Status values named in spec.operatorSpec.configMaps into their
// ConfigMaps, each owned by the object (it goes away with it). Only Status values are exported
// this way: no secret reaches a ConfigMap.
func (run *reconcileRun) exportConfigMaps(ctx context.Context) error {
	dests, err := operatorSpecDestinations(run.obj, "configMaps")
	if err != nil {
		return err
	}
	exprs, err := genruntime.OperatorSpecExpressions(run.obj, "configMapExpressions")
	if err != nil || len(dests)+len(exprs) == 0 {
		return err
	}
	values, err := statusValues(run.obj)
	if err != nil {
		return err
	}
	data, err := exportedData("config map", "configMaps", dests, values)
	if err == nil {
		err = evaluate(data, exprs, expressions.ConfigMap, run.obj, nil)
	}
	if err != nil {
		return err
	}
	for name, keys := range data {
		if err := run.writeConfigMap(ctx, name, keys); err != nil {
			return err
		}
	}
	run.log.V(1).Info("Exported config maps", "configMaps", len(data))
	return nil
}

// statusValues reads the top-level scalar properties of the object's status as strings (a
// string as it is, a number or boolean as JSON writes it).
func statusValues(obj client.Object) (map[string]string, error) {
	var doc struct {
		Status map[string]json.RawMessage `json:"status"`
	}
	data, err := json.Marshal(obj)
	if err == nil {
		err = json.Unmarshal(data, &doc)
	}
	if err != nil {
		return nil, errors.Wrap(err, "reading the status")
	}
	values := map[string]string{}
	for name, raw := range doc.Status {
		var s string
		switch text := strings.TrimSpace(string(raw)); {
		case json.Unmarshal(raw, &s) == nil:
			values[name] = s
		case text == "true" || text == "false" || (text != "" && strings.ContainsAny(text[:1], "-0123456789")):
			values[name] = text
		}
	}
	return values, nil
}

// writeConfigMap creates or updates one ConfigMap with data (key → value), owned by the object. A
// ConfigMap of that name that the object does not own is left alone: the condition says so.
func (run *reconcileRun) writeConfigMap(ctx context.Context, name string, data map[string]string) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: run.obj.GetNamespace()}}
	return run.writeOwned(ctx, cm, "config map", "configMaps", func() error {
		if cm.Data == nil {
			cm.Data = map[string]string{}
		}
		for key, v := range data {
			cm.Data[key] = v
		}
		return nil
	})
}
