package arm

import (
	"time"

	"github.com/pkg/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// Options configure the reconciler. Resolver and ARMClient or Credentials are required; zero
// durations take the defaults below.
type Options struct {
	// ARMClient is the client of every object when Credentials is nil.
	ARMClient *genericarmclient.GenericClient
	// Credentials picks the client of each object's credential (credentials.Provider: the
	// resource's, its namespace's or the global one).
	Credentials ClientProvider
	Resolver    *resolver.Resolver
	// ResyncPeriod is how long after success a resource is checked again (default 1h).
	ResyncPeriod time.Duration
	// PollInterval is the longest wait between two polls of a long-running operation (default
	// 10s); the first poll comes after an eighth of it, and the wait doubles from there.
	PollInterval time.Duration
	// BackoffBase and BackoffMax bound the exponential backoff of Warning outcomes
	// (defaults 5s and 10m).
	BackoffBase time.Duration
	BackoffMax  time.Duration
	// SlowRetryBase and SlowRetryMax bound the backoff of Error outcomes, which the user must fix
	// (defaults 1m and 15m); a spec change retries at once.
	SlowRetryBase time.Duration
	SlowRetryMax  time.Duration
	// ReconcileTimeout bounds one reconcile of one object (default 5m); ARM requests have their
	// own timeout in the ARM client.
	ReconcileTimeout time.Duration
	// MaxConcurrentReconciles per controller (default 1).
	MaxConcurrentReconciles int
	// ResyncPut says when a reconcile that finds nothing changed sends a PUT: ResyncPutOnChange
	// (the default: only when the body, its inputs or Azure's state differ from the last PUT's) or
	// ResyncPutAlways (every reconcile PUTs).
	ResyncPut ResyncPut
	// DefaultReconcilePolicy applies to objects whose own and Namespace's annotations name none
	// (default manage).
	DefaultReconcilePolicy ReconcilePolicy
	// Client, when set, is used instead of the manager's client (tests count writes through it).
	Client client.Client
}

// ResyncPut is the policy for PUTs when nothing changed; see Options.ResyncPut.
type ResyncPut string

const (
	ResyncPutOnChange ResyncPut = "on-change"
	ResyncPutAlways   ResyncPut = "always"
)

// ParseResyncPut reads a ResyncPut policy; the empty string is the default.
func ParseResyncPut(s string) (ResyncPut, error) {
	switch ResyncPut(s) {
	case "", ResyncPutOnChange:
		return ResyncPutOnChange, nil
	case ResyncPutAlways:
		return ResyncPutAlways, nil
	}
	return "", errors.Errorf("%q is not a resync PUT policy: use %s or %s", s, ResyncPutOnChange, ResyncPutAlways)
}

func (o Options) withDefaults() (Options, error) {
	if o.Credentials == nil && o.ARMClient != nil {
		o.Credentials = oneClient{o.ARMClient}
	}
	if o.Credentials == nil || o.Resolver == nil {
		return o, errors.New("reconciler options need an ARM client (or credentials) and a resolver")
	}
	o.ResyncPeriod = orDefault(o.ResyncPeriod, time.Hour)
	o.PollInterval = orDefault(o.PollInterval, 10*time.Second)
	o.BackoffBase = orDefault(o.BackoffBase, 5*time.Second)
	o.BackoffMax = orDefault(o.BackoffMax, 10*time.Minute)
	o.SlowRetryBase = orDefault(o.SlowRetryBase, time.Minute)
	o.SlowRetryMax = orDefault(o.SlowRetryMax, 15*time.Minute)
	o.ReconcileTimeout = orDefault(o.ReconcileTimeout, 5*time.Minute)
	var err error
	if o.DefaultReconcilePolicy, err = ParseReconcilePolicy(string(o.DefaultReconcilePolicy)); err != nil {
		return o, err
	}
	if o.ResyncPut, err = ParseResyncPut(string(o.ResyncPut)); err != nil {
		return o, err
	}
	if o.MaxConcurrentReconciles <= 0 {
		o.MaxConcurrentReconciles = 1
	}
	return o, nil
}

func orDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}
