package armserver

import (
	"net"
	"net/http"
	"strings"
	"time"
)

// PollingStyle is how a long-running PUT or DELETE reports its progress.
type PollingStyle int

const (
	// AsyncOperation answers with an Azure-AsyncOperation header pointing to an operation status
	// URL whose body carries {"status": "InProgress"|"Succeeded"}.
	AsyncOperation PollingStyle = iota
	// LocationPolling answers with a Location header; polls return 202 until done, then 200 with
	// the resource (PUT) or 204 (DELETE).
	LocationPolling
)

func (p PollingStyle) String() string {
	if p == LocationPolling {
		return "Location"
	}
	return "Azure-AsyncOperation"
}

// Option configures a Server.
type Option func(*options)

type options struct {
	polls             int
	operationDuration time.Duration
	latency           time.Duration
	style             PollingStyle
	typeStyles        map[string]PollingStyle
	styleFunc         func(method, id string) (PollingStyle, bool)
	requireGroups     bool
	kustoStatus       int
	kustoCode         string
	tls               bool
	listener          net.Listener
	tokens            map[string]string // subscription (lower case) → the bearer token it accepts (auth.go)
}

func defaultOptions() options {
	return options{
		polls:         1,
		typeStyles:    map[string]PollingStyle{},
		requireGroups: true,
		kustoStatus:   http.StatusConflict,
		kustoCode:     CodeClusterNotRunning,
	}
}

// WithPollsToComplete sets on which poll an operation completes (default 1: the first poll
// answers Succeeded; 3: two InProgress answers, then Succeeded). 0 makes PUT and DELETE
// synchronous: no operation, the resource is Succeeded (or gone) at once.
func WithPollsToComplete(n int) Option {
	return func(o *options) { o.polls = max(n, 0) }
}

// WithPolling sets the default polling style (AsyncOperation unless set).
func WithPolling(style PollingStyle) Option {
	return func(o *options) { o.style = style }
}

// WithPollingForType sets the polling style of one ARM resource type, e.g.
// "Microsoft.Network/privateEndpoints" (case-insensitive).
func WithPollingForType(resourceType string, style PollingStyle) Option {
	return func(o *options) { o.typeStyles[strings.ToLower(resourceType)] = style }
}

// WithPollingFunc chooses the style per request: f gets the method and resource ID and answers
// (style, true) to decide, or false to fall back to the type and default styles.
func WithPollingFunc(f func(method, id string) (PollingStyle, bool)) Option {
	return func(o *options) { o.styleFunc = f }
}

// WithoutResourceGroupCheck lets resources be created in resource groups that do not exist.
// By default, as in Azure, a resource group must be PUT (or seeded) first.
func WithoutResourceGroupCheck() Option {
	return func(o *options) { o.requireGroups = false }
}

// WithKustoStoppedError sets the status and code of requests refused because their Kusto
// cluster is stopped (default 409 ClusterNotRunning).
func WithKustoStoppedError(status int, code string) Option {
	return func(o *options) { o.kustoStatus, o.kustoCode = status, code }
}

// WithTLS serves HTTPS with a self-signed certificate; use HTTPClient to trust it.
func WithTLS() Option {
	return func(o *options) { o.tls = true }
}

// pollingStyle picks the style of an operation on rid.
func (o *options) pollingStyle(method string, rid resourceID) PollingStyle {
	if o.styleFunc != nil {
		if style, ok := o.styleFunc(method, rid.raw); ok {
			return style
		}
	}
	if style, ok := o.typeStyles[strings.ToLower(rid.resourceType())]; ok {
		return style
	}
	return o.style
}

// WithListener serves on l instead of a new loopback port (the armserver program listens on a
// fixed address).
func WithListener(l net.Listener) Option {
	return func(o *options) { o.listener = l }
}
