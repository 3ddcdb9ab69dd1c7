package genericarmclient

import (
	"context"
	"encoding/json"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/pkg/errors"
)

// Poller follows a create, update or delete to its end. It is not safe for concurrent use.
type Poller struct {
	poller        *runtime.Poller[json.RawMessage]
	pollFrequency runtime.PollUntilDoneOptions
	status        int // HTTP status of the request that started the operation; 0 when resumed
}

// wrapPoller wraps an azcore poller with the client's poll frequency.
func (c *GenericClient) wrapPoller(poller *runtime.Poller[json.RawMessage]) *Poller {
	return &Poller{
		poller:        poller,
		pollFrequency: runtime.PollUntilDoneOptions{Frequency: c.pollFrequency},
	}
}

// ResumeCreateOrUpdate picks up a create or update from a token returned by Poller.ResumeToken.
func (c *GenericClient) ResumeCreateOrUpdate(ctx context.Context, token string) (*Poller, error) {
	return c.resume(ctx, token)
}

// ResumeDelete picks up a delete from a token returned by Poller.ResumeToken.
func (c *GenericClient) ResumeDelete(ctx context.Context, token string) (*Poller, error) {
	return c.resume(ctx, token)
}

// resume rebuilds a poller from its token.
func (c *GenericClient) resume(ctx context.Context, token string) (*Poller, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	poller, err := runtime.NewPollerFromResumeToken[json.RawMessage](token, c.pipeline, nil)
	if err != nil {
		return nil, errors.Wrap(err, "resuming ARM operation")
	}

	return c.wrapPoller(poller), nil
}

// StatusCode is the HTTP status ARM answered the request that started the operation with (201
// for a PUT that created the resource, 200 for one that updated it); 0 for a resumed operation.
func (p *Poller) StatusCode() int {
	return p.status
}

// Done reports whether the operation has finished, successfully or not.
func (p *Poller) Done() bool {
	return p.poller.Done()
}

// Poll checks the operation's progress once. A failed poll returns the error and leaves the
// Poller unchanged; a failed operation shows up in Result.
func (p *Poller) Poll(ctx context.Context) error {
	_, err := p.poller.Poll(ctx)
	return err
}

// ResumeToken returns an opaque token from which the client can resume the operation later.
// It is an error to ask for one once the operation is Done.
func (p *Poller) ResumeToken() (string, error) {
	return p.poller.ResumeToken()
}

// Result returns the outcome of a finished operation: nil, or the *azcore.ResponseError ARM
// reported. When out is not nil and the operation returned a body, the body is decoded into it.
func (p *Poller) Result(ctx context.Context, out any) error {
	body, err := p.poller.Result(ctx)
	if err != nil {
		return err
	}

	return decodeBody(body, out)
}

// PollUntilDone polls until the operation finishes, then behaves like Result.
func (p *Poller) PollUntilDone(ctx context.Context, out any) error {
	options := p.pollFrequency
	body, err := p.poller.PollUntilDone(ctx, &options)
	if err != nil {
		return err
	}

	return decodeBody(body, out)
}

// decodeBody decodes a non-empty body into a non-nil out.
func decodeBody(body json.RawMessage, out any) error {
	if out == nil || len(body) == 0 {
		return nil
	}

	return errors.Wrap(json.Unmarshal(body, out), "decoding ARM operation result")
}
