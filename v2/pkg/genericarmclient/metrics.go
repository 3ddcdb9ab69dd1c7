package genericarmclient

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/prometheus/client_golang/prometheus"
)

// Metrics counts and times the requests a GenericClient sends to ARM, by resource type, method
// and status code, under asogen's names and under Azure Service Operator's (so that its
// dashboards work). Register it with a Prometheus registry (controller-runtime's
// metrics.Registry in an operator) and add Policy to Options.ClientOptions.PerCallPolicies.
type Metrics struct {
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	aso      asoMetrics
}

// asoMetrics are ASO's ARM metrics (its docs' guide/metrics.md): labels resource, requestType and
// responseCode; a request that got no response counts as failed, with no code.
type asoMetrics struct {
	successful, total, failed *prometheus.CounterVec // total is ASO's earlier name of successful
	time                      *prometheus.HistogramVec
}

var metricLabels = []string{"resource_type", "method", "code"}

// NewMetrics returns the collectors azure_arm_requests_total and
// azure_arm_request_duration_seconds, and ASO's azure_successful_requests_total (also as
// azure_requests_total), azure_failed_requests_total and azure_requests_time_seconds.
func NewMetrics() *Metrics {
	return &Metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "azure_arm_requests_total",
			Help: "Requests sent to Azure Resource Manager, by resource type, method and HTTP status code.",
		}, metricLabels),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "azure_arm_request_duration_seconds",
			Help:    "Latency of requests to Azure Resource Manager, by resource type, method and HTTP status code.",
			Buckets: prometheus.ExponentialBuckets(0.01, 2, 12),
		}, metricLabels),
		aso: newASOMetrics(),
	}
}

func newASOMetrics() asoMetrics {
	withCode := []string{"resource", "requestType", "responseCode"}
	counter := func(name, help string, labels []string) *prometheus.CounterVec {
		return prometheus.NewCounterVec(prometheus.CounterOpts{Name: name, Help: help}, labels)
	}
	return asoMetrics{
		successful: counter("azure_successful_requests_total", "Requests to Azure that got a response (of any status code), as Azure Service Operator counts them.", withCode),
		total:      counter("azure_requests_total", "Requests to Azure that got a response (of any status code): Azure Service Operator's earlier name of azure_successful_requests_total.", withCode),
		failed:     counter("azure_failed_requests_total", "Requests to Azure that got no response, as Azure Service Operator counts them.", withCode[:2]),
		time: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "azure_requests_time_seconds",
			Help: "Round-trip time of requests to Azure, as Azure Service Operator measures it.",
		}, withCode[:2]),
	}
}

// Register adds the collectors to r.
func (m *Metrics) Register(r prometheus.Registerer) error {
	for _, c := range []prometheus.Collector{m.requests, m.latency, m.aso.successful, m.aso.total, m.aso.failed, m.aso.time} {
		if err := r.Register(c); err != nil {
			return err
		}
	}
	return nil
}

// Policy records every request that goes through the pipeline, retries included.
func (m *Metrics) Policy() policy.Policy { return metricsPolicy{m} }

type metricsPolicy struct{ m *Metrics }

func (p metricsPolicy) Do(req *policy.Request) (*http.Response, error) {
	start := time.Now()
	resp, err := req.Next()
	elapsed := time.Since(start).Seconds()
	resourceType, method := ResourceTypeOf(req.Raw().URL.Path), req.Raw().Method
	code := "error"
	if resp != nil {
		code = strconv.Itoa(resp.StatusCode)
	}
	labels := prometheus.Labels{"resource_type": resourceType, "method": method, "code": code}
	p.m.requests.With(labels).Inc()
	p.m.latency.With(labels).Observe(elapsed)
	p.m.aso.record(resourceType, method, resp, elapsed)
	return resp, err
}

func (a asoMetrics) record(resourceType, method string, resp *http.Response, seconds float64) {
	a.time.WithLabelValues(resourceType, method).Observe(seconds)
	if resp == nil {
		a.failed.WithLabelValues(resourceType, method).Inc()
		return
	}
	code := strconv.Itoa(resp.StatusCode)
	a.successful.WithLabelValues(resourceType, method, code).Inc()
	a.total.WithLabelValues(resourceType, method, code).Inc()
}

// ResourceTypeOf is the ARM resource type a request path names: "Microsoft.Network/privateEndpoints"
// for .../providers/Microsoft.Network/privateEndpoints/pe1, "Microsoft.Resources/resourceGroups" for
// a resource group, "operations" for an operation status URL and "other" otherwise.
func ResourceTypeOf(path string) string {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	i := lastIndexFold(parts, "providers")
	switch {
	case i >= 0 && i+2 < len(parts):
		return resourceTypeAfter(parts[i+1:])
	case len(parts) >= 4 && strings.EqualFold(parts[2], "resourceGroups"):
		return "Microsoft.Resources/resourceGroups"
	}
	return "other"
}

// resourceTypeAfter joins the namespace with every type segment: ns/type/name/type/name...
func resourceTypeAfter(parts []string) string {
	types := []string{parts[0]}
	for i := 1; i < len(parts); i += 2 {
		types = append(types, parts[i])
	}
	t := strings.Join(types, "/")
	if strings.Contains(strings.ToLower(t), "operation") {
		return "operations"
	}
	return t
}

func lastIndexFold(parts []string, s string) int {
	for i := len(parts) - 1; i >= 0; i-- {
		if strings.EqualFold(parts[i], s) {
			return i
		}
	}
	return -1
}
