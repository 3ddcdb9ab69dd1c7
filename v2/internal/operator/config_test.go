package operator

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestOperatorConfigFromEnvironmentAndFlags(t *testing.T) {
	env := envOf(map[string]string{
		"AZURE_SUBSCRIPTION_ID": "from-env", "AZURE_TARGET_NAMESPACES": "a, b,,c",
		"AZURE_SYNC_PERIOD": "15m", "MAX_CONCURRENT_RECONCILES": "4",
		"AZURE_RESOURCE_MANAGER_ENDPOINT": "https://management.usgovcloudapi.net",
	})
	cfg, err := ParseConfig([]string{"--subscription-id=from-flag"}, env)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.SubscriptionID != "from-flag" || !slices.Equal(cfg.Namespaces, []string{"a", "b", "c"}) ||
		cfg.SyncPeriod != 15*time.Minute || cfg.MaxConcurrentReconciles != 4 ||
		cfg.ARMEndpoint != "https://management.usgovcloudapi.net" || cfg.Credential != credentialDefault || !cfg.LeaderElect {
		t.Errorf("config %+v", cfg)
	}
}

func TestOperatorConfigLocalEndpointNeedsNoCredential(t *testing.T) {
	cfg, err := ParseConfig([]string{"--subscription-id=s", "--arm-endpoint=http://127.0.0.1:8090"}, envOf(nil))
	if err != nil || cfg.Credential != credentialNone {
		t.Errorf("credential %q, %v", cfg.Credential, err)
	}
}

func TestOperatorConfigRejectsBadValues(t *testing.T) {
	cases := map[string][]string{
		`--arm-endpoint (AZURE_RESOURCE_MANAGER_ENDPOINT) "ftp://x" is not an http(s) URL`:                                                    {"--subscription-id=s", "--arm-endpoint=ftp://x"},
		`--credential (AZURE_CREDENTIAL) "password" is not one of default,`:                                                                   {"--subscription-id=s", "--credential=password"},
		`--log-level (LOG_LEVEL) "loud" is not info, debug, error`:                                                                            {"--subscription-id=s", "--log-level=loud"},
		`--max-concurrent-reconciles (MAX_CONCURRENT_RECONCILES) "0" must be a whole number above 0`:                                          {"--subscription-id=s", "--max-concurrent-reconciles=0"},
		`--operator-mode (AZURE_OPERATOR_MODE) "all" is not one of webhooks, watchers, both`:                                                  {"--subscription-id=s", "--operator-mode=all"},
		`--leader-elect (LEADER_ELECT) "flase" must be true or false`:                                                                         {"--subscription-id=s", "--leader-elect=flase"},
		`--kube-api-qps (KUBE_API_QPS) "-1" must be a number above 0`:                                                                         {"--subscription-id=s", "--kube-api-qps=-1"},
		"tokens are only sent over https":                                                                                                     {"--subscription-id=s", "--arm-endpoint=http://example.com"},
		`--crd-pattern (CRD_PATTERN) "resources.azure.com/*;nosuch.azure.com/*" selects no CRD of the operator: pattern "nosuch.azure.com/*"`: {"--subscription-id=s", "--crd-pattern=resources.azure.com/*;nosuch.azure.com/*"},
		`--webhook-service (WEBHOOK_SERVICE) "webhook-service" is not namespace/name`:                                                         {"--subscription-id=s", "--webhook-service=webhook-service"},
		`--webhook-url (WEBHOOK_URL) "http://127.0.0.1:9443" is not an https URL`:                                                             {"--subscription-id=s", "--webhook-url=http://127.0.0.1:9443"},
	}
	for want, args := range cases {
		_, err := ParseConfig(args, envOf(nil))
		if _, usageErr := err.(UsageError); !usageErr || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: %v, want a usage error with %q", args, err, want)
		}
	}
}

// A bad value from the environment is refused like the flag's, naming both and the value; an
// invalid boolean never silently means true.
func TestOperatorConfigRejectsBadEnvironment(t *testing.T) {
	cases := map[string]string{
		"LEADER_ELECT=flase":            `--leader-elect (LEADER_ELECT) "flase" must be true or false`,
		"MAX_CONCURRENT_RECONCILES=abc": `--max-concurrent-reconciles (MAX_CONCURRENT_RECONCILES) "abc" must be a whole number above 0`,
		"AZURE_SYNC_PERIOD=10":          `--sync-period (AZURE_SYNC_PERIOD) "10" must be a duration above 0`,
		"METRICS_SECURE=yes":            `--metrics-secure (METRICS_SECURE) "yes" must be true or false`,
		"KUBE_API_BURST=1.5":            `--kube-api-burst (KUBE_API_BURST) "1.5" must be a whole number above 0`,
	}
	for setting, want := range cases {
		name, value, _ := strings.Cut(setting, "=")
		_, err := ParseConfig([]string{"--subscription-id=s"}, envOf(map[string]string{name: value}))
		if _, usageErr := err.(UsageError); !usageErr || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want a usage error with %q", setting, err, want)
		}
	}
}

// A boolean flag is set by its name alone, and the flag wins over the environment.
func TestOperatorConfigBooleans(t *testing.T) {
	cfg, err := ParseConfig([]string{"--subscription-id=s", "--leader-elect"}, envOf(map[string]string{"LEADER_ELECT": "false", "METRICS_SECURE": "false"}))
	if err != nil || !cfg.LeaderElect || cfg.MetricsSecure {
		t.Errorf("leader-elect %v, metrics-secure %v, %v", cfg.LeaderElect, cfg.MetricsSecure, err)
	}
}

func TestOperatorHelpListsEveryFlagWithItsVariable(t *testing.T) {
	_, err := ParseConfig([]string{"--help"}, envOf(nil))
	help, ok := err.(HelpRequested)
	if !ok {
		t.Fatalf("--help: %v", err)
	}
	for _, want := range []string{"-subscription-id", "AZURE_SUBSCRIPTION_ID", "-namespaces", "AZURE_TARGET_NAMESPACES", "-credential", "-leader-elect"} {
		if !strings.Contains(help.Text, want) {
			t.Errorf("--help lacks %s:\n%s", want, help.Text)
		}
	}
}

// --crd-pattern is parsed into its patterns; the webhook's Service and Certificate default to
// the names v2/config/default gives them.
func TestOperatorConfigCRDPattern(t *testing.T) {
	env := envOf(map[string]string{"AZURE_SUBSCRIPTION_ID": "s", "CRD_PATTERN": "resources.azure.com/*; storage.azure.com/StorageAccount;"})
	cfg, err := ParseConfig(nil, env)
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.CRDPatterns.String(); got != "resources.azure.com/*;storage.azure.com/StorageAccount" {
		t.Errorf("patterns %q", got)
	}
	if cfg.WebhookService.String() != "asogen-system/asogen-webhook-service" || cfg.WebhookCertificate.String() != "asogen-system/asogen-serving-cert" || cfg.WebhookURL != "" {
		t.Errorf("webhook %v %v %q", cfg.WebhookService, cfg.WebhookCertificate, cfg.WebhookURL)
	}
}
