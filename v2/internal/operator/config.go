// Package operator is the generated operator's process: configuration from flags and the
// environment, the Azure credential, and a controller-runtime manager running every configured
// kind's controller, the webhooks, probes, metrics, leader election and the storage version
// migration. v2/cmd/controller is its main.
package operator

import (
	"errors"
	"flag"
	"fmt"
	"net/url"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/types"

	"github.com/asogen/asogen/v2/internal/crdinstall"
	"github.com/asogen/asogen/v2/pkg/reconcilers/arm"
)

// Config is everything the operator reads at start-up. Every flag has an environment variable
// (the flag wins); credentials are never flags: azidentity reads them from its own environment.
type Config struct {
	SubscriptionID          string
	TenantID                string
	Namespaces              []string // namespaces to watch; all when empty
	SyncPeriod              time.Duration
	MaxConcurrentReconciles int
	ARMEndpoint             string
	Credential              string // see credentialKinds
	LogLevel                string
	OperatorMode            string // see operatorModes
	MetricsAddress          string
	MetricsSecure           bool // HTTPS with authentication and authorization, or plain HTTP
	ProbeAddress            string
	PprofAddress            string // net/http/pprof's address; off when empty or 0
	WebhookPort             int
	WebhookCertDir          string
	LeaderElect             bool
	LeaderElectionNamespace string
	Kubeconfig              string  // the cluster; KUBECONFIG, ~/.kube/config or in-cluster when empty
	KubeAPIQPS              float32 // sustained requests per second to the Kubernetes API server
	KubeAPIBurst            int     // requests allowed above KubeAPIQPS in a burst
	ARMRequestTimeout       time.Duration
	ReconcileTimeout        time.Duration
	ResyncPut               arm.ResyncPut
	DefaultReconcilePolicy  arm.ReconcilePolicy
	CRDPatterns             crdinstall.Patterns  // embedded CRDs to install or upgrade; none when empty
	WebhookService          types.NamespacedName // conversion webhook of the installed CRDs
	WebhookCertificate      types.NamespacedName // cert-manager Certificate whose CA is injected into them
	WebhookURL              string               // outside the cluster: the webhook server's https URL
}

// UsageError is bad configuration: the process exits with code 2 and the message.
type UsageError struct{ msg string }

func (e UsageError) Error() string { return e.msg }

func usage(format string, args ...any) error { return UsageError{fmt.Sprintf(format, args...)} }

// HelpRequested carries the flags' description for --help.
type HelpRequested struct{ Text string }

func (h HelpRequested) Error() string { return h.Text }

// VersionRequested is --version: the process prints its version and commit and exits 0.
type VersionRequested struct{}

func (VersionRequested) Error() string { return "version requested" }

// options lists every setting: its flag, environment variable (none for --kubeconfig, whose
// variable KUBECONFIG the Kubernetes client reads itself), default, help, and the parser that
// checks and stores the value. Adding a setting is adding a line.
func options(c *Config, namespaces *string) []option {
	return []option{
		{"subscription-id", "AZURE_SUBSCRIPTION_ID", "", "Azure subscription of the managed resources; required", text(&c.SubscriptionID)},
		{"tenant-id", "AZURE_TENANT_ID", "", "Microsoft Entra tenant", text(&c.TenantID)},
		{"namespaces", "AZURE_TARGET_NAMESPACES", "", "comma-separated namespaces to watch, all when empty", text(namespaces)},
		{"arm-endpoint", "AZURE_RESOURCE_MANAGER_ENDPOINT", "https://management.azure.com", "Resource Manager endpoint: a sovereign cloud, or a local ARM server", httpURL(&c.ARMEndpoint)},
		{"credential", "AZURE_CREDENTIAL", "", "how to authenticate: " + strings.Join(credentialKinds, ", ") + "; default for https endpoints, none for loopback http", oneOf(&c.Credential, append(credentialKinds, "")...)},
		{"log-level", "LOG_LEVEL", "info", "info, debug, error, or a verbosity number", level(&c.LogLevel)},
		{"operator-mode", "AZURE_OPERATOR_MODE", modeBoth, "what this process runs: webhooks, watchers (the controllers) or both", oneOf(&c.OperatorMode, operatorModes...)},
		{"metrics-bind-address", "METRICS_BIND_ADDRESS", ":8080", "metrics endpoint address, 0 to disable", text(&c.MetricsAddress)},
		{"metrics-secure", "METRICS_SECURE", "true", "serve metrics over HTTPS to callers the API server authenticates and authorizes for GET /metrics; false serves plain HTTP to anyone", boolean(&c.MetricsSecure)},
		{"health-probe-bind-address", "HEALTH_PROBE_BIND_ADDRESS", ":8081", "/healthz and /readyz address, 0 to disable", text(&c.ProbeAddress)},
		{"pprof-bind-address", "PPROF_BIND_ADDRESS", "0", "net/http/pprof's address (such as 127.0.0.1:6060) for CPU and memory profiles; 0 to disable", text(&c.PprofAddress)},
		{"webhook-port", "WEBHOOK_PORT", "9443", "webhook server port", portNumber(&c.WebhookPort)},
		{"webhook-cert-dir", "WEBHOOK_CERT_DIR", "", "folder with tls.crt and tls.key of the webhook server (controller-runtime's default when empty)", text(&c.WebhookCertDir)},
		{"kubeconfig", "", "", "kubeconfig of the cluster (KUBECONFIG, ~/.kube/config or the pod's service account when empty)", text(&c.Kubeconfig)},
		{"kube-api-qps", "KUBE_API_QPS", "100", "requests per second to the Kubernetes API server (API Priority and Fairness protects the server)", positiveFloat32(&c.KubeAPIQPS)},
		{"kube-api-burst", "KUBE_API_BURST", "200", "requests to the Kubernetes API server allowed above --kube-api-qps in a burst", positiveInt(&c.KubeAPIBurst)},
		{"leader-elect", "LEADER_ELECT", "true", "run one active replica through a lease", boolean(&c.LeaderElect)},
		{"leader-election-namespace", "POD_NAMESPACE", "", "namespace of the leader election lease (the in-cluster namespace when empty)", text(&c.LeaderElectionNamespace)},
		{"sync-period", "AZURE_SYNC_PERIOD", "1h", "how often a Ready resource is checked against Azure", positiveDuration(&c.SyncPeriod)},
		{"max-concurrent-reconciles", "MAX_CONCURRENT_RECONCILES", "1", "reconciles in parallel per kind", positiveInt(&c.MaxConcurrentReconciles)},
		{"arm-request-timeout", "ARM_REQUEST_TIMEOUT", "1m", "longest wait for one ARM request; a hung call fails that object's reconcile, which is retried", positiveDuration(&c.ARMRequestTimeout)},
		{"reconcile-timeout", "RECONCILE_TIMEOUT", "5m", "longest one reconcile of one object may take", positiveDuration(&c.ReconcileTimeout)},
		{"resync-put", "RESYNC_PUT", string(arm.ResyncPutOnChange), "when a reconcile that finds nothing changed PUTs: on-change (only when the spec, its inputs or Azure differ from the last PUT) or always", resyncPut(&c.ResyncPut)},
		{"crd-pattern", "CRD_PATTERN", "", "semicolon-separated group/Kind globs (case-insensitive * and ?, such as resources.azure.com/*;storage.azure.com/StorageAccount) of the CRDs to install or upgrade at start-up; CRDs already installed are kept; none when empty", crdPatterns(&c.CRDPatterns)},
		{"webhook-service", "WEBHOOK_SERVICE", "asogen-system/asogen-webhook-service", "namespace/name of the Service through which the API server calls the conversion webhook of the CRDs --crd-pattern installs", namespacedName(&c.WebhookService)},
		{"webhook-certificate", "WEBHOOK_CERTIFICATE", "asogen-system/asogen-serving-cert", "namespace/name of the cert-manager Certificate whose CA cert-manager injects into the CRDs --crd-pattern installs", namespacedName(&c.WebhookCertificate)},
		{"webhook-url", "WEBHOOK_URL", "", "for an operator outside the cluster: the https URL of its webhook server, called instead of --webhook-service by the CRDs --crd-pattern installs, trusted with <webhook-cert-dir>/ca.crt", optional(httpsURL(&c.WebhookURL))},
		{"default-reconcile-policy", "DEFAULT_RECONCILE_POLICY", string(arm.PolicyManage), "reconcile policy of objects whose own and namespace's serviceoperator.azure.com/reconcile-policy annotations name none: manage, skip or detach-on-delete", reconcilePolicy(&c.DefaultReconcilePolicy)},
	}
}

// ParseConfig reads flags from args (without the program name) and the environment from getenv.
// A bad value is a UsageError naming the flag, its environment variable and the value.
func ParseConfig(args []string, getenv func(string) string) (Config, error) {
	var c Config
	var namespaces string
	opts := options(&c, &namespaces)
	fs := flag.NewFlagSet("controller", flag.ContinueOnError)
	help := new(strings.Builder)
	fs.SetOutput(help)
	fs.Usage = fs.PrintDefaults
	values := register(fs, opts, getenv)
	printVersion := fs.Bool("version", false, "print the version and commit, and exit")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return c, HelpRequested{help.String()}
	} else if err != nil {
		return c, usage("%v", err)
	} else if *printVersion {
		return c, VersionRequested{}
	}
	for i, o := range opts {
		if err := o.parse(values[i].value); err != nil {
			return c, o.bad(values[i].value, err)
		}
	}
	c.Namespaces = splitList(namespaces)
	return c, c.validate()
}

func (c *Config) validate() error {
	if c.SubscriptionID == "" {
		return usage("no subscription: set --subscription-id or AZURE_SUBSCRIPTION_ID")
	}
	u, _ := url.Parse(c.ARMEndpoint) // checked by httpURL
	if c.Credential == "" {
		c.Credential = defaultCredential(u)
	}
	if u.Scheme == "http" && c.Credential != credentialNone {
		return usage("--arm-endpoint (AZURE_RESOURCE_MANAGER_ENDPOINT) %q is plain http: tokens are only sent over https (use --credential=none for a local ARM server)", c.ARMEndpoint)
	}
	return nil
}

func splitList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}
