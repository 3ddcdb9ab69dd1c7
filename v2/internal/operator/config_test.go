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
		"is not an http(s) URL":           {"--subscription-id=s", "--arm-endpoint=ftp://x"},
		"is not one of":                   {"--subscription-id=s", "--credential=password"},
		"is not info, debug, error":       {"--subscription-id=s", "--log-level=loud"},
		"must be positive":                {"--subscription-id=s", "--max-concurrent-reconciles=0"},
		"tokens are only sent over https": {"--subscription-id=s", "--arm-endpoint=http://example.com"},
	}
	for want, args := range cases {
		_, err := ParseConfig(args, envOf(nil))
		if _, usageErr := err.(UsageError); !usageErr || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: %v, want a usage error with %q", args, err, want)
		}
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
