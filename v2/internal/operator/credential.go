package operator

import (
	"context"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/azidentity"
	"github.com/pkg/errors"
)

// The credential kinds --credential accepts. Each reads its secrets from azidentity's own
// environment variables (AZURE_CLIENT_ID, AZURE_FEDERATED_TOKEN_FILE, AZURE_CLIENT_SECRET, ...),
// never from a flag.
const (
	credentialDefault  = "default"           // DefaultAzureCredential: environment, workload identity, managed identity, Azure CLI
	credentialWorkload = "workload-identity" // AKS workload identity (federated token file)
	credentialManaged  = "managed-identity"  // the node's or pod's managed identity
	credentialSecret   = "client-secret"     // a service principal's secret from AZURE_CLIENT_SECRET
	credentialCLI      = "azure-cli"         // az login on the machine running the operator
	credentialNone     = "none"              // no Authorization header: only for a local ARM server
)

var credentialKinds = []string{credentialDefault, credentialWorkload, credentialManaged, credentialSecret, credentialCLI, credentialNone}

// defaultCredential is none for a plain-http loopback endpoint (a local ARM server) and
// DefaultAzureCredential otherwise.
func defaultCredential(u *url.URL) string {
	if ip := net.ParseIP(u.Hostname()); u.Scheme == "http" && (u.Hostname() == "localhost" || ip != nil && ip.IsLoopback()) {
		return credentialNone
	}
	return credentialDefault
}

// newCredential builds the configured credential; nil for none.
func newCredential(c Config) (azcore.TokenCredential, error) {
	tenant := c.TenantID
	switch c.Credential {
	case credentialNone:
		return nil, nil
	case credentialWorkload:
		return azidentity.NewWorkloadIdentityCredential(&azidentity.WorkloadIdentityCredentialOptions{TenantID: tenant})
	case credentialManaged:
		return azidentity.NewManagedIdentityCredential(nil)
	case credentialSecret:
		return azidentity.NewEnvironmentCredential(nil)
	case credentialCLI:
		return azidentity.NewAzureCLICredential(&azidentity.AzureCLICredentialOptions{TenantID: tenant})
	default:
		return azidentity.NewDefaultAzureCredential(&azidentity.DefaultAzureCredentialOptions{TenantID: tenant})
	}
}

// checkCredential gets one token, so a missing or broken credential stops the start-up with
// azidentity's explanation instead of failing every reconcile later.
func checkCredential(ctx context.Context, cred azcore.TokenCredential, endpoint string) error {
	if cred == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	_, err := cred.GetToken(ctx, policy.TokenRequestOptions{Scopes: []string{strings.TrimSuffix(endpoint, "/") + "/.default"}})
	return err
}

// checkEndpoint makes sure the ARM endpoint answers TCP connections.
func checkEndpoint(ctx context.Context, endpoint string) error {
	u, _ := url.Parse(endpoint)
	host := u.Host
	if u.Port() == "" {
		host = net.JoinHostPort(u.Hostname(), map[string]string{"http": "80", "https": "443"}[u.Scheme])
	}
	d := net.Dialer{Timeout: 10 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return errors.Wrapf(err, "the ARM endpoint %s is unreachable (check --arm-endpoint)", endpoint)
	}
	return conn.Close()
}

// credentialHints says what each credential kind needs, after azidentity's explanation.
var credentialHints = map[string]string{
	credentialDefault:  "set AZURE_TENANT_ID and AZURE_CLIENT_ID with AZURE_FEDERATED_TOKEN_FILE (workload identity) or AZURE_CLIENT_SECRET, run where a managed identity is assigned, or az login; --credential picks one",
	credentialWorkload: "the pod needs the label azure.workload.identity/use=true and a ServiceAccount federated with the identity AZURE_CLIENT_ID names",
	credentialManaged:  "the node or pod needs a managed identity with access to the subscription (AZURE_CLIENT_ID picks a user-assigned one)",
	credentialSecret:   "set AZURE_TENANT_ID, AZURE_CLIENT_ID and AZURE_CLIENT_SECRET",
	credentialCLI:      "run az login where the operator runs",
}

// credentialError is azidentity's error on one line, with a hint for the credential kind.
func credentialError(kind string, err error) error {
	return errors.Errorf("no usable Azure credential (see --credential): %s (hint: %s)", oneLine(err.Error()), credentialHints[kind])
}
