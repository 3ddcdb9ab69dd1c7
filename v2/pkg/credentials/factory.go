package credentials

import (
	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azidentity"
	"github.com/pkg/errors"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
)

// TokenSource builds the azcore credential of a Credential.
type TokenSource func(Credential) (azcore.TokenCredential, error)

// ClientFactory builds the ARM client of a Credential.
type ClientFactory func(Credential) (*genericarmclient.GenericClient, error)

// NewClientFactory builds clients like base (endpoint, transport, timeouts, policies) for the
// credential's subscription, authenticated with the token source's credential.
func NewClientFactory(base genericarmclient.Options, tokens TokenSource) ClientFactory {
	return func(c Credential) (*genericarmclient.GenericClient, error) {
		cred, err := tokens(c)
		if err != nil {
			return nil, errors.Wrapf(err, "building the %s", c)
		}
		opts := base
		opts.Credential = cred
		return genericarmclient.NewGenericClient(c.SubscriptionID, opts)
	}
}

// AzureIdentity is the TokenSource of Azure: azidentity's client secret, client certificate or
// workload identity credential (the operator's federated token file, AZURE_FEDERATED_TOKEN_FILE).
func AzureIdentity(options azcore.ClientOptions) TokenSource {
	return func(c Credential) (azcore.TokenCredential, error) {
		switch c.Kind {
		case KindClientSecret:
			return azidentity.NewClientSecretCredential(c.TenantID, c.ClientID, c.clientSecret,
				&azidentity.ClientSecretCredentialOptions{ClientOptions: options})
		case KindClientCertificate:
			certs, key, err := azidentity.ParseCertificates(c.certificate, []byte(c.certificatePassword))
			if err != nil {
				return nil, errors.Errorf("%s holds no usable certificate in %s", c.Source, KeyClientCertificate)
			}
			return azidentity.NewClientCertificateCredential(c.TenantID, c.ClientID, certs, key,
				&azidentity.ClientCertificateCredentialOptions{ClientOptions: options})
		default:
			return azidentity.NewWorkloadIdentityCredential(&azidentity.WorkloadIdentityCredentialOptions{
				ClientOptions: options, ClientID: c.ClientID, TenantID: c.TenantID,
			})
		}
	}
}
