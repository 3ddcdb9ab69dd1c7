package customizations

import (
	"slices"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/go-logr/logr"

	network20240301s "github.com/asogen/asogen/v2/api/network/v1api20240301/storage"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
)

// settlingCodes are the network errors a PrivateEndpoint PUT gets while a resource it uses (its
// subnet, the virtual network, the private link service) is still being provisioned or updated:
// ARM answers 400 although the same request succeeds once that resource settles.
var settlingCodes = []string{"ReferencedResourceNotProvisioned"}

// ClassifyARMError is the ErrorClassifier of network PrivateEndpoint.
// A 400 saying a referenced resource is not provisioned yet is retried with backoff instead of
// waiting for a spec change that is not needed; every other error keeps the default
// classification.
func (ext *PrivateEndpointExtension) ClassifyARMError(
	cloudError *azcore.ResponseError,
	privateEndpoint *network20240301s.PrivateEndpoint,
	apiVersion string,
	log logr.Logger,
	next extensions.ErrorClassifierFunc,
) (extensions.CloudErrorDetails, error) {
	details, err := next(cloudError, privateEndpoint, apiVersion, log)
	if err != nil || !slices.Contains(settlingCodes, cloudError.ErrorCode) {
		return details, err
	}
	details.Classification = extensions.ErrorRetryable
	return details, nil
}
