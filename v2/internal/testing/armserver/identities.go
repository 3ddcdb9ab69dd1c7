package armserver

import (
	"crypto/sha256"
	"fmt"
	"strings"
)

// userAssignedIdentityType is the resource type whose service-set IDs the server fills in, as
// Azure does: properties.principalId, clientId and tenantId.
const userAssignedIdentityType = "Microsoft.ManagedIdentity/userAssignedIdentities"

// IdentityIDs returns the principal, client and tenant IDs the server gives the user-assigned
// identity id: UUID-shaped, the same for the same ID every time.
func IdentityIDs(id string) (principalID, clientID, tenantID string) {
	return uuidOf(id, "principal"), uuidOf(id, "client"), uuidOf("tenant", "tenant")
}

func uuidOf(id, which string) string {
	s := sha256.Sum256([]byte(strings.ToLower(id) + "|" + which))
	return fmt.Sprintf("%x-%x-%x-%x-%x", s[0:4], s[4:6], s[6:8], s[8:10], s[10:16])
}

// withIdentityIDs sets the service-set IDs of a user-assigned identity on props.
func withIdentityIDs(props map[string]any, rid resourceID) {
	if !strings.EqualFold(rid.resourceType(), userAssignedIdentityType) {
		return
	}
	props["principalId"], props["clientId"], props["tenantId"] = IdentityIDs(rid.raw)
}
