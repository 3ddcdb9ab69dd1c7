package armserver

import "time"

// Settings are the load-test knobs that can change while the server runs: how long operations
// take and how long every ARM request waits before it is handled (Admin: GET and POST /settings).
type Settings struct {
	PollsToComplete int `json:"pollsToComplete"` // see WithPollsToComplete
	// OperationMillis is the least time an operation takes: it completes on the first poll
	// that is both at or after PollsToComplete and this long after it started.
	OperationMillis int64 `json:"operationMillis"`
	LatencyMillis   int64 `json:"latencyMillis"` // added to every ARM request (not the admin interface)
}

// WithOperationDuration sets the least time an operation takes (default 0): it completes on
// the first poll that is both the PollsToComplete-th or later and d after the operation started.
func WithOperationDuration(d time.Duration) Option {
	return func(o *options) { o.operationDuration = max(d, 0) }
}

// WithLatency delays every ARM request by d before it is handled.
func WithLatency(d time.Duration) Option {
	return func(o *options) { o.latency = max(d, 0) }
}

// Settings returns the current settings.
func (s *Server) Settings() Settings {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Settings{
		PollsToComplete: s.opts.polls,
		OperationMillis: s.opts.operationDuration.Milliseconds(),
		LatencyMillis:   s.opts.latency.Milliseconds(),
	}
}

// Configure changes the settings; operations already started keep their length.
func (s *Server) Configure(c Settings) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opts.polls = max(c.PollsToComplete, 0)
	s.opts.operationDuration = max(time.Duration(c.OperationMillis)*time.Millisecond, 0)
	s.opts.latency = max(time.Duration(c.LatencyMillis)*time.Millisecond, 0)
}

// delay waits the configured latency.
func (s *Server) delay() {
	s.mu.Lock()
	d := s.opts.latency
	s.mu.Unlock()
	if d > 0 {
		time.Sleep(d)
	}
}
