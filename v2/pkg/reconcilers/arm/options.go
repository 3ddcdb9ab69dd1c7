package arm

import (
	"time"

	"github.com/pkg/errors"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"
	"github.com/asogen/asogen/v2/pkg/resolver"
)

// Options configure the reconciler. ARMClient and Resolver are required; zero durations take
// the defaults below.
type Options struct {
	ARMClient *genericarmclient.GenericClient
	Resolver  *resolver.Resolver
	// ResyncPeriod is how long after success a resource is checked again (default 1h).
	ResyncPeriod time.Duration
	// PollInterval is how soon a reconcile follows a long-running operation still in progress
	// (default 10s).
	PollInterval time.Duration
	// BackoffBase and BackoffMax bound the exponential backoff of Warning outcomes
	// (defaults 5s and 10m).
	BackoffBase time.Duration
	BackoffMax  time.Duration
	// MaxConcurrentReconciles per controller (default 1).
	MaxConcurrentReconciles int
}

func (o Options) withDefaults() (Options, error) {
	if o.ARMClient == nil || o.Resolver == nil {
		return o, errors.New("reconciler options need an ARM client and a resolver")
	}
	o.ResyncPeriod = orDefault(o.ResyncPeriod, time.Hour)
	o.PollInterval = orDefault(o.PollInterval, 10*time.Second)
	o.BackoffBase = orDefault(o.BackoffBase, 5*time.Second)
	o.BackoffMax = orDefault(o.BackoffMax, 10*time.Minute)
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
