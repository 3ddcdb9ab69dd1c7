package genericarmclient

import (
	"net/http"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

func TestOperatorResourceTypeOf(t *testing.T) {
	sub := "/subscriptions/00000000-0000-0000-0000-000000000001"
	cases := map[string]string{
		sub + "/resourceGroups/rg": "Microsoft.Resources/resourceGroups",
		sub + "/resourceGroups/rg/providers/Microsoft.Network/privateEndpoints/pe":    "Microsoft.Network/privateEndpoints",
		sub + "/resourceGroups/rg/providers/Microsoft.Kusto/clusters/c/databases/db":  "Microsoft.Kusto/clusters/databases",
		sub + "/providers/Microsoft.Network/locations/westus2/operationStatuses/op-1": "operations",
		sub: "other",
	}
	for path, want := range cases {
		if got := ResourceTypeOf(path); got != want {
			t.Errorf("ResourceTypeOf(%q) = %q, want %q", path, got, want)
		}
	}
}

// ARM requests are also counted under Azure Service Operator's names and labels, so that its
// dashboards work: a response of any code counts as successful, a request without one as failed.
func TestOperatorMetricsUnderASONames(t *testing.T) {
	m := NewMetrics()
	reg := prometheus.NewRegistry()
	if err := m.Register(reg); err != nil {
		t.Fatal(err)
	}
	const rg = "Microsoft.Resources/resourceGroups"
	m.aso.record(rg, http.MethodPut, &http.Response{StatusCode: http.StatusCreated}, 0.2)
	m.aso.record(rg, http.MethodGet, &http.Response{StatusCode: http.StatusNotFound}, 0.1)
	m.aso.record(rg, http.MethodGet, nil, 30)
	want := `
# HELP azure_failed_requests_total Requests to Azure that got no response, as Azure Service Operator counts them.
# TYPE azure_failed_requests_total counter
azure_failed_requests_total{requestType="GET",resource="Microsoft.Resources/resourceGroups"} 1
# HELP azure_successful_requests_total Requests to Azure that got a response (of any status code), as Azure Service Operator counts them.
# TYPE azure_successful_requests_total counter
azure_successful_requests_total{requestType="GET",resource="Microsoft.Resources/resourceGroups",responseCode="404"} 1
azure_successful_requests_total{requestType="PUT",resource="Microsoft.Resources/resourceGroups",responseCode="201"} 1
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "azure_successful_requests_total", "azure_failed_requests_total"); err != nil {
		t.Error(err)
	}
	if n := testutil.CollectAndCount(m.aso.total); n != 2 {
		t.Errorf("azure_requests_total has %d series, want 2 (as azure_successful_requests_total)", n)
	}
	if n := testutil.CollectAndCount(m.aso.time, "azure_requests_time_seconds"); n != 2 {
		t.Errorf("azure_requests_time_seconds has %d series, want 2 (resource, requestType)", n)
	}
}
