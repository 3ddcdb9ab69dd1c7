package operator

// The operator modes (ASO's AZURE_OPERATOR_MODE): a deployment may run the webhooks and the
// controllers in separate processes, scaled apart.
const (
	modeWebhooks = "webhooks" // the webhook server only: no controllers, no leader election
	modeWatchers = "watchers" // the controllers (and the storage version migration) only
	modeBoth     = "both"
)

var operatorModes = []string{modeWebhooks, modeWatchers, modeBoth}

// runsWebhooks and runsWatchers tell what the configured mode runs.
func (c Config) runsWebhooks() bool { return c.OperatorMode != modeWatchers }
func (c Config) runsWatchers() bool { return c.OperatorMode != modeWebhooks }

// leaderElection is whether the process competes for the lease: only the controllers need it,
// every replica serves webhooks.
func (c Config) leaderElection() bool { return c.LeaderElect && c.runsWatchers() }
