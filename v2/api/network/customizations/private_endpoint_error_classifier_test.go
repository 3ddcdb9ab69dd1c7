package customizations

import (
	"net/http"
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/go-logr/logr"

	network20240301s "github.com/asogen/asogen/v2/api/network/v1api20240301/storage"
	"github.com/asogen/asogen/v2/pkg/genruntime"
	"github.com/asogen/asogen/v2/pkg/genruntime/extensions"
)

// fatal400 is a default classification: every error is fatal.
func fatal400(e *azcore.ResponseError, _ genruntime.MetaObject, _ string, _ logr.Logger) (extensions.CloudErrorDetails, error) {
	return extensions.CloudErrorDetails{Classification: extensions.ErrorFatal, Code: e.ErrorCode, Message: "default"}, nil
}

func TestExtensionPrivateEndpointClassifiesSettlingAsRetryable(t *testing.T) {
	host := &PrivateEndpointExtension{}
	pe := &network20240301s.PrivateEndpoint{}
	for code, retryable := range map[string]bool{"ReferencedResourceNotProvisioned": true, "InvalidParameter": false} {
		cloudError := &azcore.ResponseError{ErrorCode: code, StatusCode: http.StatusBadRequest}
		got, err := host.ClassifyError(cloudError, pe, "2024-03-01", logr.Discard(), fatal400)
		if err != nil {
			t.Fatal(err)
		}
		if got.Retryable() != retryable || got.Code != code || got.Message != "default" {
			t.Errorf("%s: %+v; want retryable %v with the default code and message", code, got, retryable)
		}
	}
}
