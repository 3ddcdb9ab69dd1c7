package genericarmclient

import (
	"reflect"
	"strings"
	"testing"
)

const succeededBody = `{"id": "` + resourceID + `", "name": "pe", "properties": {"provisioningState": "Succeeded"}}`

func TestNewGenericClient(t *testing.T) {
	cases := []struct {
		name     string
		endpoint string
		want     string
		wantErr  bool
	}{
		{"default", "", DefaultEndpoint, false},
		{"trailing slash trimmed", "http://127.0.0.1:1/", "http://127.0.0.1:1", false},
		{"invalid", "not a url", "", true},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			client, err := NewGenericClient(subscription, Options{Endpoint: c.endpoint})
			if (err != nil) != c.wantErr || (err == nil && (client.Endpoint() != c.want || client.SubscriptionID() != subscription)) {
				t.Errorf("NewGenericClient = %v, %v", client, err)
			}
		})
	}
}

func TestGetByID(t *testing.T) {
	server := newARMServer(t, map[string][]reply{"GET " + resourceID: {{status: 200, body: succeededBody}}})
	var got resource
	if err := newTestClient(t, server.URL).GetByID(testContext(t), resourceID, apiVersion, &got); err != nil {
		t.Fatalf("GetByID: %v", err)
	}

	if got.Name != "pe" || got.Properties.ProvisioningState != "Succeeded" {
		t.Errorf("decoded %+v", got)
	}

	received := server.received[0]
	if received.query != "api-version="+apiVersion || received.auth != "" {
		t.Errorf("request %+v: want api-version query and no Authorization header", received)
	}
}

func TestGetByIDErrors(t *testing.T) {
	cases := []struct {
		name     string
		reply    reply
		wantCode string
		status   int
	}{
		{"not found", reply{status: 404, body: armError("ResourceNotFound", "The Resource was not found.")}, "ResourceNotFound", 404},
		{"bad request", reply{status: 400, body: armError("BadRequest", "Bad.")}, "BadRequest", 400},
		{"conflict from header", reply{status: 409, headers: map[string]string{"x-ms-error-code": "Conflict"}}, "Conflict", 409},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			server := newARMServer(t, map[string][]reply{"GET " + resourceID: {c.reply}})
			err := newTestClient(t, server.URL).GetByID(testContext(t), resourceID, apiVersion, &resource{})
			if StatusCode(err) != c.status || ErrorCode(err) != c.wantCode || IsNotFound(err) != (c.status == 404) {
				t.Errorf("error %v: status %d code %q", err, StatusCode(err), ErrorCode(err))
			}
		})
	}
}

func TestErrorRendersLikeAzcore(t *testing.T) {
	server := newARMServer(t, map[string][]reply{"DELETE " + resourceID: {{status: 400, body: armError("BadRequest", "Cannot delete 'pe'.")}}})
	_, err := newTestClient(t, server.URL).BeginDeleteByID(testContext(t), resourceID, apiVersion)
	if _, ok := AsResponseError(err); !ok {
		t.Fatalf("error %T is not an *azcore.ResponseError", err)
	}

	separator := strings.Repeat("-", 80)
	want := []string{
		"DELETE " + server.URL + resourceID + "\n" + separator + "\n",
		"RESPONSE 400: 400 Bad Request\n",
		"ERROR CODE: BadRequest\n" + separator + "\n",
		`"code": "BadRequest"`,
		`"message": "Cannot delete 'pe'."`,
	}
	for _, part := range want {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("error text lacks %q:\n%s", part, err)
		}
	}
}

func TestInvalidID(t *testing.T) {
	client := newTestClient(t, "http://127.0.0.1:1")
	if err := client.GetByID(testContext(t), "subscriptions/x", apiVersion, nil); err == nil || !strings.Contains(err.Error(), "must start with /") {
		t.Errorf("GetByID with a relative ID: %v", err)
	}
}

func TestTransportErrorIsWrapped(t *testing.T) {
	server := newARMServer(t, nil)
	server.Close()
	err := newTestClient(t, server.URL).GetByID(testContext(t), resourceID, apiVersion, nil)
	if err == nil || !strings.Contains(err.Error(), "GET "+resourceID) || StatusCode(err) != 0 {
		t.Errorf("transport error = %v", err)
	}
}

func TestPutSendsBody(t *testing.T) {
	server := newARMServer(t, map[string][]reply{"PUT " + resourceID: {{status: 200, body: succeededBody}}})
	body := map[string]any{"location": "westus", "properties": map[string]any{"subnet": map[string]string{"id": "/x"}}}
	poller, err := newTestClient(t, server.URL).BeginCreateOrUpdateByID(testContext(t), resourceID, apiVersion, body)
	if err != nil || !poller.Done() {
		t.Fatalf("BeginCreateOrUpdateByID = %v; done=%v", err, poller != nil && poller.Done())
	}

	want := `{"location":"westus","properties":{"subnet":{"id":"/x"}}}`
	if got := server.received[0].body; got != want {
		t.Errorf("sent %s, want %s", got, want)
	}

	var got resource
	if err := poller.Result(testContext(t), &got); err != nil || got.Properties.ProvisioningState != "Succeeded" {
		t.Errorf("Result = %+v, %v", got, err)
	}

	if _, err := poller.ResumeToken(); err == nil {
		t.Errorf("ResumeToken of a finished operation succeeded")
	}

	if !reflect.DeepEqual(server.requests(), []string{"PUT " + resourceID}) {
		t.Errorf("requests = %v", server.requests())
	}
}
