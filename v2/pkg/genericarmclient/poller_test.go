package genericarmclient

import (
	"reflect"
	"strings"
	"testing"
)

const (
	operationPath = "/subscriptions/" + subscription + "/providers/Microsoft.Network/locations/westus/operations/op1"
	inProgress    = `{"status": "InProgress"}`
	opSucceeded   = `{"status": "Succeeded"}`
	creatingBody  = `{"id": "` + resourceID + `", "name": "pe", "properties": {"provisioningState": "Creating"}}`
)

// asyncPut scripts a PUT followed by Azure-AsyncOperation polling and the final GET.
func asyncPut(statuses ...string) map[string][]reply {
	var polls []reply
	for _, status := range statuses {
		polls = append(polls, reply{status: 200, body: status})
	}

	return map[string][]reply{
		"PUT " + resourceID: {{status: 201, body: creatingBody,
			headers: map[string]string{"Azure-AsyncOperation": "{{base}}" + operationPath}}},
		"GET " + operationPath: polls,
		"GET " + resourceID:    {{status: 200, body: succeededBody}},
	}
}

func TestCreateOrUpdateLongRunning(t *testing.T) {
	locationPath := operationPath + "/result"
	cases := []struct {
		name         string
		replies      map[string][]reply
		wantRequests []string
	}{
		{"Azure-AsyncOperation", asyncPut(inProgress, opSucceeded),
			[]string{"PUT " + resourceID, "GET " + operationPath, "GET " + operationPath, "GET " + resourceID}},
		{"Location", map[string][]reply{
			"PUT " + resourceID:   {{status: 202, headers: map[string]string{"Location": "{{base}}" + locationPath}}},
			"GET " + locationPath: {{status: 202}, {status: 200, body: succeededBody}},
		}, []string{"PUT " + resourceID, "GET " + locationPath, "GET " + locationPath}},
		{"provisioningState", map[string][]reply{
			"PUT " + resourceID: {{status: 201, body: creatingBody}},
			"GET " + resourceID: {{status: 200, body: creatingBody}, {status: 200, body: succeededBody}},
		}, []string{"PUT " + resourceID, "GET " + resourceID, "GET " + resourceID}},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			server := newARMServer(t, c.replies)
			ctx := testContext(t)
			poller, err := newTestClient(t, server.URL).BeginCreateOrUpdateByID(ctx, resourceID, apiVersion, map[string]string{})
			if err != nil || poller.Done() {
				t.Fatalf("BeginCreateOrUpdateByID = %v, done early: %v", err, err == nil && poller.Done())
			}

			var got resource
			if err := poller.PollUntilDone(ctx, &got); err != nil || got.Properties.ProvisioningState != "Succeeded" {
				t.Fatalf("PollUntilDone = %+v, %v", got, err)
			}

			if !reflect.DeepEqual(server.requests(), c.wantRequests) {
				t.Errorf("requests = %v, want %v", server.requests(), c.wantRequests)
			}
		})
	}
}

func TestResumeCreateOrUpdate(t *testing.T) {
	server := newARMServer(t, asyncPut(inProgress, inProgress, opSucceeded))
	ctx := testContext(t)
	first, err := newTestClient(t, server.URL).BeginCreateOrUpdateByID(ctx, resourceID, apiVersion, map[string]string{})
	if err != nil {
		t.Fatalf("BeginCreateOrUpdateByID: %v", err)
	}

	if err := first.Poll(ctx); err != nil || first.Done() {
		t.Fatalf("first Poll = %v, done=%v", err, first.Done())
	}

	token, err := first.ResumeToken()
	if err != nil || !strings.Contains(token, operationPath) {
		t.Fatalf("ResumeToken = %q, %v", token, err)
	}

	// A new client, as in a later reconcile.
	resumed, err := newTestClient(t, server.URL).ResumeCreateOrUpdate(ctx, token)
	if err != nil {
		t.Fatalf("ResumeCreateOrUpdate: %v", err)
	}

	var got resource
	if err := resumed.PollUntilDone(ctx, &got); err != nil || got.Name != "pe" {
		t.Fatalf("PollUntilDone = %+v, %v", got, err)
	}

	if n := len(server.requests()); n != 5 {
		t.Errorf("%d requests, want PUT, 3 polls and the final GET: %v", n, server.requests())
	}
}

func TestResumeErrors(t *testing.T) {
	client := newTestClient(t, "http://127.0.0.1:1")
	cases := []struct{ name, token string }{
		{"not json", "nonsense"},
		{"wrong type", `{"type": "other", "token": {}}`},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := client.ResumeCreateOrUpdate(testContext(t), c.token); err == nil || !strings.Contains(err.Error(), "resuming") {
				t.Errorf("ResumeCreateOrUpdate(%q) = %v", c.token, err)
			}
		})
	}
}

func TestLongRunningFailure(t *testing.T) {
	failed := `{"status": "Failed", "error": {"code": "InvalidResourceReference", "message": "Subnet not found."}}`
	server := newARMServer(t, asyncPut(failed))
	ctx := testContext(t)
	poller, err := newTestClient(t, server.URL).BeginCreateOrUpdateByID(ctx, resourceID, apiVersion, map[string]string{})
	if err != nil {
		t.Fatalf("BeginCreateOrUpdateByID: %v", err)
	}

	err = poller.PollUntilDone(ctx, nil)
	if ErrorCode(err) != "InvalidResourceReference" || !strings.Contains(err.Error(), "Subnet not found.") {
		t.Errorf("PollUntilDone error = %v (code %q)", err, ErrorCode(err))
	}
}

func TestDelete(t *testing.T) {
	locationPath := operationPath + "/delete"
	cases := []struct {
		name    string
		replies map[string][]reply
		wantErr string
	}{
		{"long-running", map[string][]reply{
			"DELETE " + resourceID: {{status: 202, headers: map[string]string{"Location": "{{base}}" + locationPath}}},
			"GET " + locationPath:  {{status: 202}, {status: 204}},
		}, ""},
		{"immediate", map[string][]reply{"DELETE " + resourceID: {{status: 200}}}, ""},
		{"no content", map[string][]reply{"DELETE " + resourceID: {{status: 204}}}, ""},
		{"already gone", map[string][]reply{"DELETE " + resourceID: {{status: 404, body: armError("ResourceNotFound", "gone")}}}, ""},
		{"refused", map[string][]reply{"DELETE " + resourceID: {{status: 409, body: armError("Conflict", "linked servers")}}}, "ERROR CODE: Conflict"},
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			server := newARMServer(t, c.replies)
			err := newTestClient(t, server.URL).DeleteByID(testContext(t), resourceID, apiVersion)
			if (c.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.wantErr)) {
				t.Errorf("DeleteByID = %v, want error %q", err, c.wantErr)
			}
		})
	}
}

func TestResumeDelete(t *testing.T) {
	locationPath := operationPath + "/delete"
	server := newARMServer(t, map[string][]reply{
		"DELETE " + resourceID: {{status: 202, headers: map[string]string{"Location": "{{base}}" + locationPath}}},
		"GET " + locationPath:  {{status: 202}, {status: 204}},
	})
	ctx := testContext(t)
	client := newTestClient(t, server.URL)
	poller, err := client.BeginDeleteByID(ctx, resourceID, apiVersion)
	if err != nil {
		t.Fatalf("BeginDeleteByID: %v", err)
	}

	token, err := poller.ResumeToken()
	if err != nil {
		t.Fatalf("ResumeToken: %v", err)
	}

	resumed, err := client.ResumeDelete(ctx, token)
	if err != nil || resumed.PollUntilDone(ctx, nil) != nil || !resumed.Done() {
		t.Errorf("resumed delete did not finish: %v", err)
	}
}
