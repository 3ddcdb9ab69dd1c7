package genericarmclient

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/pkg/errors"
)

// DefaultEndpoint is the public Azure cloud's Resource Manager endpoint.
const DefaultEndpoint = "https://management.azure.com"

const (
	moduleName    = "asogen-genericarmclient"
	moduleVersion = "v0.1.0"
)

// Options configure a GenericClient. The zero value talks to DefaultEndpoint without
// authentication.
type Options struct {
	// Endpoint is the Resource Manager endpoint; DefaultEndpoint when empty.
	Endpoint string
	// Credential authenticates requests with bearer tokens. When nil no Authorization header is
	// sent (for tests against a local server). azcore refuses to send tokens over plain HTTP.
	Credential azcore.TokenCredential
	// Scopes requested for tokens; Endpoint + "/.default" when empty.
	Scopes []string
	// ClientOptions configure the azcore pipeline: transport, retries, logging, telemetry.
	ClientOptions policy.ClientOptions
	// PollFrequency is how often Poller.PollUntilDone polls when the service sends no
	// Retry-After header; azcore's default (30s) when zero.
	PollFrequency time.Duration
	// RequestTimeout bounds every request (its retries and reading the response included); a
	// request that takes longer fails with context.DeadlineExceeded. None when zero.
	RequestTimeout time.Duration
}

// GenericClient reads, creates, updates and deletes ARM resources by ID.
type GenericClient struct {
	pipeline       runtime.Pipeline
	endpoint       string
	subscriptionID string
	pollFrequency  time.Duration
}

// NewGenericClient returns a client for the given subscription.
func NewGenericClient(subscriptionID string, options Options) (*GenericClient, error) {
	endpoint := strings.TrimSuffix(options.Endpoint, "/")
	if endpoint == "" {
		endpoint = DefaultEndpoint
	}

	if _, err := url.ParseRequestURI(endpoint); err != nil {
		return nil, errors.Wrapf(err, "invalid ARM endpoint %q", endpoint)
	}

	return &GenericClient{
		pipeline:       newPipeline(endpoint, options),
		endpoint:       endpoint,
		subscriptionID: subscriptionID,
		pollFrequency:  options.PollFrequency,
	}, nil
}

// newPipeline builds the azcore pipeline, adding a bearer token policy when there is a credential.
func newPipeline(endpoint string, options Options) runtime.Pipeline {
	var pipelineOptions runtime.PipelineOptions
	if options.Credential != nil {
		scopes := options.Scopes
		if len(scopes) == 0 {
			scopes = []string{endpoint + "/.default"}
		}

		bearer := runtime.NewBearerTokenPolicy(options.Credential, scopes, nil)
		pipelineOptions.PerRetry = []policy.Policy{bearer}
	}

	if options.RequestTimeout > 0 {
		pipelineOptions.PerCall = []policy.Policy{timeoutPolicy(options.RequestTimeout)}
	}
	clientOptions := options.ClientOptions
	return runtime.NewPipeline(moduleName, moduleVersion, pipelineOptions, &clientOptions)
}

// SubscriptionID returns the subscription the client was created for.
func (c *GenericClient) SubscriptionID() string {
	return c.subscriptionID
}

// Endpoint returns the Resource Manager endpoint, without a trailing slash.
func (c *GenericClient) Endpoint() string {
	return c.endpoint
}

// GetByID reads the resource with the given ARM ID and decodes the JSON body into out.
func (c *GenericClient) GetByID(ctx context.Context, id, apiVersion string, out any) error {
	req, err := c.newRequest(ctx, http.MethodGet, id, apiVersion)
	if err != nil {
		return err
	}

	resp, err := c.pipeline.Do(req)
	if err != nil {
		return errors.Wrapf(err, "GET %s", id)
	}

	if !runtime.HasStatusCode(resp, http.StatusOK) {
		return runtime.NewResponseError(resp)
	}

	return errors.Wrapf(runtime.UnmarshalAsJSON(resp, out), "decoding GET response for %s", id)
}

// PostAction POSTs to an action of the resource with the given ARM ID ({id}/{action}, such as
// listKeys) with no body and decodes the JSON response into out.
func (c *GenericClient) PostAction(ctx context.Context, id, action, apiVersion string, out any) error {
	req, err := c.newRequest(ctx, http.MethodPost, id+"/"+action, apiVersion)
	if err != nil {
		return err
	}
	resp, err := c.pipeline.Do(req)
	if err != nil {
		return errors.Wrapf(err, "POST %s/%s", id, action)
	}
	if !runtime.HasStatusCode(resp, http.StatusOK) {
		return runtime.NewResponseError(resp)
	}
	return errors.Wrapf(runtime.UnmarshalAsJSON(resp, out), "decoding the %s response for %s", action, id)
}

// BeginCreateOrUpdateByID PUTs body (encoded as JSON) to the resource with the given ARM ID and
// returns a Poller following the operation to its end.
func (c *GenericClient) BeginCreateOrUpdateByID(ctx context.Context, id, apiVersion string, body any) (*Poller, error) {
	req, err := c.newRequest(ctx, http.MethodPut, id, apiVersion)
	if err != nil {
		return nil, err
	}

	if err := runtime.MarshalAsJSON(req, body); err != nil {
		return nil, errors.Wrapf(err, "encoding PUT body for %s", id)
	}

	return c.begin(req, id, http.StatusOK, http.StatusCreated, http.StatusAccepted)
}

// BeginDeleteByID DELETEs the resource with the given ARM ID and returns a Poller following the
// operation to its end. A resource that does not exist gives an error for which IsNotFound is true.
func (c *GenericClient) BeginDeleteByID(ctx context.Context, id, apiVersion string) (*Poller, error) {
	req, err := c.newRequest(ctx, http.MethodDelete, id, apiVersion)
	if err != nil {
		return nil, err
	}

	return c.begin(req, id, http.StatusOK, http.StatusAccepted, http.StatusNoContent)
}

// DeleteByID deletes the resource with the given ARM ID and waits for the deletion to finish.
// A resource that is already gone is not an error.
func (c *GenericClient) DeleteByID(ctx context.Context, id, apiVersion string) error {
	poller, err := c.BeginDeleteByID(ctx, id, apiVersion)
	if IsNotFound(err) {
		return nil
	}

	if err != nil {
		return err
	}

	return poller.PollUntilDone(ctx, nil)
}

// newRequest builds a request for the resource id at apiVersion.
func (c *GenericClient) newRequest(ctx context.Context, method, id, apiVersion string) (*policy.Request, error) {
	if !strings.HasPrefix(id, "/") {
		return nil, errors.Errorf("ARM ID %q must start with /", id)
	}

	req, err := runtime.NewRequest(ctx, method, c.endpoint+id)
	if err != nil {
		return nil, errors.Wrapf(err, "building %s request for %s", method, id)
	}

	query := url.Values{"api-version": []string{apiVersion}}
	req.Raw().URL.RawQuery = query.Encode()
	req.Raw().Header.Set("Accept", "application/json")
	return req, nil
}

// begin sends req and wraps the response in a Poller when its status is one of okCodes.
func (c *GenericClient) begin(req *policy.Request, id string, okCodes ...int) (*Poller, error) {
	resp, err := c.pipeline.Do(req)
	if err != nil {
		return nil, errors.Wrapf(err, "%s %s", req.Raw().Method, id)
	}

	if !runtime.HasStatusCode(resp, okCodes...) {
		return nil, runtime.NewResponseError(resp)
	}

	poller, err := runtime.NewPoller[json.RawMessage](resp, c.pipeline, nil)
	if err != nil {
		return nil, errors.Wrapf(err, "following %s %s", req.Raw().Method, id)
	}

	wrapped := c.wrapPoller(poller)
	wrapped.status = resp.StatusCode
	return wrapped, nil
}
