package manifests

import (
	"bytes"
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/codegen/gen"
	"github.com/asogen/asogen/pkg/header"
	"github.com/asogen/asogen/pkg/kubemarkers"
)

// webhooksFile is the webhook configurations' file, relative to the manifests root (where
// controller-gen's webhook generator wrote it).
const webhooksFile = "webhook/manifests.yaml"

// Webhooks writes the MutatingWebhookConfiguration and ValidatingWebhookConfiguration of every
// kind's hub webhooks under Root (gen.Generator): the objects controller-gen's webhook generator
// writes from the `+kubebuilder:webhook` markers on the hubs. The file belongs to no group: it
// is written on every run, and not at all without kinds (as controller-gen writes none).
type Webhooks struct {
	Root string
}

// Name names the generator.
func (Webhooks) Name() string { return "webhooks" }

// Files lists the one file of the webhook configurations.
func (g Webhooks) Files(m *astmodel.Model, _ func(group string) bool) ([]gen.Batch, error) {
	if len(m.Kinds) == 0 {
		return nil, nil
	}
	return []gen.Batch{{{Path: path.Join(g.Root, webhooksFile), Render: func(buf *bytes.Buffer) error {
		buf.WriteString(header.YAML + "\n" + webhookConfigurations(m))
		return nil
	}}}}, nil
}

// webhookConfigurations renders the mutating then the validating configuration. Each lists its
// webhooks in controller-gen's order: by the hub package's import path, then by name.
func webhookConfigurations(m *astmodel.Model) string {
	type entry struct {
		pkg string
		w   kubemarkers.Webhook
	}
	var all []entry
	for _, k := range m.Kinds {
		for _, w := range kubemarkers.HubWebhooks(k.Hub, k.Name) {
			all = append(all, entry{k.Hub.ImportPath(m.Module, m.APIRoot), w})
		}
	}
	slices.SortStableFunc(all, func(a, b entry) int {
		return cmp.Or(strings.Compare(a.pkg, b.pkg), strings.Compare(a.w.Name, b.w.Name))
	})
	var w yamlWriter
	for _, mutating := range []bool{true, false} {
		var hooks []kubemarkers.Webhook
		for _, e := range all {
			if e.w.Mutating == mutating {
				hooks = append(hooks, e.w)
			}
		}
		writeConfiguration(&w, mutating, hooks)
	}
	return w.b.String()
}

func writeConfiguration(w *yamlWriter, mutating bool, hooks []kubemarkers.Webhook) {
	if len(hooks) == 0 {
		return
	}
	kind, name := "ValidatingWebhookConfiguration", "validating-webhook-configuration"
	if mutating {
		kind, name = "MutatingWebhookConfiguration", "mutating-webhook-configuration"
	}
	w.b.WriteString("---\n")
	w.scalar(0, "apiVersion", "admissionregistration.k8s.io/v1")
	w.scalar(0, "kind", kind)
	w.key(0, "metadata")
	w.scalar(1, "name", name)
	w.key(0, "webhooks")
	for _, h := range hooks {
		writeWebhook(w, h)
	}
}

// writeWebhook writes one webhook as a list item, its keys sorted as controller-gen's are.
func writeWebhook(w *yamlWriter, h kubemarkers.Webhook) {
	w.item()
	w.list(1, "admissionReviewVersions", []string{h.ReviewVersion})
	w.key(1, "clientConfig")
	w.key(2, "service")
	w.scalar(3, "name", ServiceName)
	w.scalar(3, "namespace", ServiceNamespace)
	w.scalar(3, "path", h.Path)
	w.scalar(1, "failurePolicy", policyName(h.FailurePolicy, "Fail", "Ignore"))
	w.scalar(1, "matchPolicy", policyName(h.MatchPolicy, "Exact", "Equivalent"))
	w.scalar(1, "name", h.Name)
	w.key(1, "rules")
	w.item()
	w.list(2, "apiGroups", h.Groups)
	w.list(2, "apiVersions", h.Versions)
	w.list(2, "operations", operations(h.Verbs))
	w.list(2, "resources", h.Resources)
	w.scalar(1, "sideEffects", policyName(h.SideEffects, "None", "NoneOnDryRun"))
}

// policyName is the API's spelling of a marker value, matched case-insensitively as
// controller-gen does (other values are kept).
func policyName(v string, names ...string) string {
	for _, n := range names {
		if strings.EqualFold(v, n) {
			return n
		}
	}
	return v
}

// operations are the verbs as admission operations (CREATE, UPDATE, ...).
func operations(verbs []string) []string {
	out := make([]string, len(verbs))
	for i, v := range verbs {
		out[i] = policyName(v, "CREATE", "UPDATE", "DELETE", "CONNECT", "*")
	}
	return out
}
