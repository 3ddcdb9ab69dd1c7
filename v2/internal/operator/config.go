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
	"strconv"
	"strings"
	"time"

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
	MetricsAddress          string
	ProbeAddress            string
	WebhookPort             int
	WebhookCertDir          string
	LeaderElect             bool
	LeaderElectionNamespace string
	Kubeconfig              string // the cluster; KUBECONFIG, ~/.kube/config or in-cluster when empty
	ARMRequestTimeout       time.Duration
	ReconcileTimeout        time.Duration
	ResyncPut               arm.ResyncPut
	DefaultReconcilePolicy  arm.ReconcilePolicy
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

// ParseConfig reads flags from args (without the program name) and the environment from getenv.
func ParseConfig(args []string, getenv func(string) string) (Config, error) {
	var c Config
	var namespaces, resyncPut, policy string
	var printVersion bool
	fs := flag.NewFlagSet("controller", flag.ContinueOnError)
	env := func(name, def string) string {
		if v := getenv(name); v != "" {
			return v
		}
		return def
	}
	fs.StringVar(&c.SubscriptionID, "subscription-id", env("AZURE_SUBSCRIPTION_ID", ""), "Azure subscription of the managed resources (AZURE_SUBSCRIPTION_ID); required")
	fs.StringVar(&c.TenantID, "tenant-id", env("AZURE_TENANT_ID", ""), "Microsoft Entra tenant (AZURE_TENANT_ID)")
	fs.StringVar(&namespaces, "namespaces", env("AZURE_TARGET_NAMESPACES", ""), "comma-separated namespaces to watch, all when empty (AZURE_TARGET_NAMESPACES)")
	fs.StringVar(&c.ARMEndpoint, "arm-endpoint", env("AZURE_RESOURCE_MANAGER_ENDPOINT", "https://management.azure.com"), "Resource Manager endpoint: a sovereign cloud, or a local ARM server (AZURE_RESOURCE_MANAGER_ENDPOINT)")
	fs.StringVar(&c.Credential, "credential", env("AZURE_CREDENTIAL", ""), "how to authenticate: "+strings.Join(credentialKinds, ", ")+"; default for https endpoints, none for loopback http (AZURE_CREDENTIAL)")
	fs.StringVar(&c.LogLevel, "log-level", env("LOG_LEVEL", "info"), "info, debug, error, or a verbosity number (LOG_LEVEL)")
	fs.StringVar(&c.MetricsAddress, "metrics-bind-address", env("METRICS_BIND_ADDRESS", ":8080"), "metrics endpoint address, 0 to disable")
	fs.StringVar(&c.ProbeAddress, "health-probe-bind-address", env("HEALTH_PROBE_BIND_ADDRESS", ":8081"), "/healthz and /readyz address")
	fs.StringVar(&c.WebhookCertDir, "webhook-cert-dir", env("WEBHOOK_CERT_DIR", ""), "folder with tls.crt and tls.key of the webhook server (controller-runtime's default when empty)")
	fs.StringVar(&c.Kubeconfig, "kubeconfig", "", "kubeconfig of the cluster (KUBECONFIG, ~/.kube/config or the pod's service account when empty)")
	fs.StringVar(&c.LeaderElectionNamespace, "leader-election-namespace", env("POD_NAMESPACE", ""), "namespace of the leader election lease (POD_NAMESPACE; the in-cluster namespace when empty)")
	durationVar(fs, &c.SyncPeriod, "sync-period", env("AZURE_SYNC_PERIOD", "1h"), "how often a Ready resource is checked against Azure (AZURE_SYNC_PERIOD)")
	intVar(fs, &c.MaxConcurrentReconciles, "max-concurrent-reconciles", env("MAX_CONCURRENT_RECONCILES", "1"), "reconciles in parallel per kind (MAX_CONCURRENT_RECONCILES)")
	intVar(fs, &c.WebhookPort, "webhook-port", env("WEBHOOK_PORT", "9443"), "webhook server port (WEBHOOK_PORT)")
	durationVar(fs, &c.ARMRequestTimeout, "arm-request-timeout", env("ARM_REQUEST_TIMEOUT", "1m"), "longest wait for one ARM request; a hung call fails that object's reconcile, which is retried (ARM_REQUEST_TIMEOUT)")
	durationVar(fs, &c.ReconcileTimeout, "reconcile-timeout", env("RECONCILE_TIMEOUT", "5m"), "longest one reconcile of one object may take (RECONCILE_TIMEOUT)")
	fs.StringVar(&resyncPut, "resync-put", env("RESYNC_PUT", string(arm.ResyncPutOnChange)), "when a reconcile that finds nothing changed PUTs: on-change (only when the spec, its inputs or Azure differ from the last PUT) or always (RESYNC_PUT)")
	fs.StringVar(&policy, "default-reconcile-policy", env("DEFAULT_RECONCILE_POLICY", string(arm.PolicyManage)), "reconcile policy of objects whose own and namespace's serviceoperator.azure.com/reconcile-policy annotations name none: manage, skip or detach-on-delete (DEFAULT_RECONCILE_POLICY)")
	boolVar(fs, &c.LeaderElect, "leader-elect", env("LEADER_ELECT", "true"), "run one active replica through a lease (LEADER_ELECT)")
	fs.BoolVar(&printVersion, "version", false, "print the version and commit, and exit")
	help := new(strings.Builder)
	fs.SetOutput(help)
	fs.Usage = fs.PrintDefaults
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return c, HelpRequested{help.String()}
	} else if err != nil {
		return c, usage("%v", err)
	} else if printVersion {
		return c, VersionRequested{}
	}
	c.Namespaces = splitList(namespaces)
	var err error
	if c.ResyncPut, err = arm.ParseResyncPut(resyncPut); err != nil {
		return c, usage("--resync-put (RESYNC_PUT): %v", err)
	}
	if c.DefaultReconcilePolicy, err = arm.ParseReconcilePolicy(policy); err != nil {
		return c, usage("--default-reconcile-policy (DEFAULT_RECONCILE_POLICY): %v", err)
	}
	return c, c.validate()
}

func (c *Config) validate() error {
	if c.SubscriptionID == "" {
		return usage("no subscription: set --subscription-id or AZURE_SUBSCRIPTION_ID")
	}
	u, err := url.ParseRequestURI(c.ARMEndpoint)
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return usage("--arm-endpoint %q is not an http(s) URL", c.ARMEndpoint)
	}
	if c.Credential == "" {
		c.Credential = defaultCredential(u)
	}
	if u.Scheme == "http" && c.Credential != credentialNone {
		return usage("--arm-endpoint %s is plain http: tokens are only sent over https (use --credential=none for a local ARM server)", c.ARMEndpoint)
	}
	if _, err := logLevel(c.LogLevel); err != nil {
		return err
	}
	if c.ARMRequestTimeout <= 0 || c.ReconcileTimeout <= 0 {
		return usage("--arm-request-timeout (ARM_REQUEST_TIMEOUT) and --reconcile-timeout (RECONCILE_TIMEOUT) must be positive durations such as 30s")
	}
	if c.MaxConcurrentReconciles < 1 || c.SyncPeriod <= 0 {
		return usage("--max-concurrent-reconciles and --sync-period must be positive")
	}
	return checkCredentialKind(c.Credential)
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

// durationVar, intVar and boolVar parse an environment default the way the flag would.
func durationVar(fs *flag.FlagSet, p *time.Duration, name, def, help string) {
	d, err := time.ParseDuration(def)
	if err != nil {
		d = 0 // rejected by validate with the flag's name
	}
	fs.DurationVar(p, name, d, help)
}

func intVar(fs *flag.FlagSet, p *int, name, def, help string) {
	n, err := strconv.Atoi(def)
	if err != nil {
		n = -1 // rejected by validate with the flag's name
	}
	fs.IntVar(p, name, n, help)
}

func boolVar(fs *flag.FlagSet, p *bool, name, def, help string) {
	b, err := strconv.ParseBool(def)
	fs.BoolVar(p, name, b || err != nil, help)
}
