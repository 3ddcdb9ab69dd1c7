package arm

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"

	"github.com/asogen/asogen/v2/pkg/genericarmclient"

	"github.com/asogen/asogen/v2/pkg/genruntime"
)

// AppliedAnnotation records what the operator last sent to Azure for the object and what Azure
// answered: the generation and a hash of the PUT body after references and secrets were
// resolved, and a hash of the resource as Azure returned it once the operation succeeded. Only
// hashes are kept, never a value.
const AppliedAnnotation = "serviceoperator.azure.com/last-applied"

// applied is the content of AppliedAnnotation.
type applied struct {
	Generation int64  `json:"generation"`
	Body       string `json:"body"`            // hash of the PUT body sent
	Azure      string `json:"azure,omitempty"` // hash of Azure's state after that PUT succeeded
}

// appliedOf reads the annotation; a missing or unreadable one is the zero record (nothing sent).
func appliedOf(obj genruntime.MetaObject) applied {
	var a applied
	if s := obj.GetAnnotations()[AppliedAnnotation]; s != "" {
		_ = json.Unmarshal([]byte(s), &a)
	}
	return a
}

func (a applied) String() string {
	data, _ := json.Marshal(a)
	return string(data)
}

// azureUnknown records an operation that finished while its result could not be read: the next
// reconcile GETs the resource to learn whether that PUT took effect.
const azureUnknown = "unknown"

// outcomeHash is what to record of Azure's answer to a finished operation: the hash of the
// resource, nothing when the operation failed (the body is PUT again), or azureUnknown when
// reading the result failed on a transient error (408, 429, 5xx, no answer).
func outcomeHash(body []byte, resultErr error) string {
	if resultErr == nil {
		return azureHash(body)
	}
	switch status := genericarmclient.StatusCode(resultErr); {
	case status == 0, status >= 500, status == http.StatusRequestTimeout, status == http.StatusTooManyRequests:
		return azureUnknown
	}
	return ""
}

// provisioningStateOf reads properties.provisioningState of an ARM body ("" when absent).
func provisioningStateOf(body []byte) string {
	var doc struct {
		Properties struct {
			ProvisioningState string `json:"provisioningState"`
		} `json:"properties"`
	}
	_ = json.Unmarshal(body, &doc)
	return doc.Properties.ProvisioningState
}

// hashJSON is the hex SHA-256 of v encoded as JSON (maps in key order, so the same value always
// gives the same hash).
func hashJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// azureHash is the hash of a resource as ARM returned it, without what changes on its own while
// nobody changes the resource: etag, systemData and properties.provisioningState.
func azureHash(body []byte) string {
	var doc map[string]any
	if len(body) == 0 || json.Unmarshal(body, &doc) != nil {
		return ""
	}
	delete(doc, "etag")
	delete(doc, "systemData")
	if props, ok := doc["properties"].(map[string]any); ok {
		delete(props, "provisioningState")
	}
	return hashJSON(doc)
}
