package benchcorpus

// commonSpec is the group version's shared file, in the manner of ARM's common-types: resource
// bases, SKU, identity, error response, shared enums and objects, and shared parameters.
func commonSpec(g *Group, version string) obj {
	doc := swaggerHeader(g.Namespace+" common types", version)
	doc["paths"] = obj{}
	doc["definitions"] = commonDefinitions()
	doc["parameters"] = commonParameters()
	return doc
}

func commonDefinitions() obj {
	str := func(description string, readOnly bool) obj {
		s := obj{"type": "string", "description": description}
		if readOnly {
			s["readOnly"] = true
		}
		return s
	}
	return obj{
		"Resource": obj{
			"description": "Common fields of every ARM resource.",
			"properties": obj{
				"id":         str("Fully qualified resource ID.", true),
				"name":       str("The name of the resource.", true),
				"type":       str("The type of the resource.", true),
				"systemData": withReadOnly(localRef("SystemData")),
			},
			"x-ms-azure-resource": true,
		},
		"TrackedResource": obj{
			"description": "A resource with a location and tags.",
			"allOf":       []any{localRef("Resource")},
			"required":    []any{"location"},
			"properties": obj{
				"location": obj{"type": "string", "description": "The geo-location of the resource.", "x-ms-mutability": []any{"read", "create"}},
				"tags":     obj{"type": "object", "description": "Resource tags.", "additionalProperties": obj{"type": "string"}},
			},
		},
		"ProxyResource":        obj{"description": "A resource without location or tags.", "allOf": []any{localRef("Resource")}},
		"SystemData":           systemData(str),
		"Sku":                  sku(),
		"Identity":             identity(str),
		"UserAssignedIdentity": userAssignedIdentity(str),
		"NetworkRuleSet":       networkRuleSet(),
		"IPRule":               ipRule(str),
		"KeyVaultProperties":   keyVaultProperties(str),
		"ProvisioningState":    commonEnum("ProvisioningState", provisioningStates, true),
		"ErrorResponse":        obj{"description": "An error response.", "properties": obj{"error": localRef("ErrorDetail")}},
		"ErrorDetail":          errorDetail(str),
	}
}

func systemData(str func(string, bool) obj) obj {
	return obj{"description": "Creation and modification metadata.", "properties": obj{
		"createdBy":          str("Who created the resource.", false),
		"createdAt":          obj{"type": "string", "format": "date-time", "description": "When it was created."},
		"lastModifiedBy":     str("Who last modified the resource.", false),
		"lastModifiedAt":     obj{"type": "string", "format": "date-time", "description": "When it was last modified."},
		"createdByType":      commonEnum("CreatedByType", []string{"User", "Application", "ManagedIdentity", "Key"}, false),
		"lastModifiedByType": commonEnum("CreatedByType", []string{"User", "Application", "ManagedIdentity", "Key"}, false),
	}}
}

func sku() obj {
	return obj{"description": "The SKU of the resource.", "required": []any{"name"}, "properties": obj{
		"name":     commonEnum("SkuName", []string{"Basic", "Standard", "Premium"}, false),
		"tier":     commonEnum("SkuTier", []string{"Free", "Basic", "Standard", "Premium"}, false),
		"capacity": obj{"type": "integer", "format": "int32", "description": "The SKU capacity."},
	}}
}

func identity(str func(string, bool) obj) obj {
	return obj{"description": "Managed service identity.", "properties": obj{
		"principalId": str("The principal ID.", true),
		"tenantId":    str("The tenant ID.", true),
		"type":        commonEnum("ManagedServiceIdentityType", []string{"None", "SystemAssigned", "UserAssigned"}, false),
		"userAssignedIdentities": obj{"type": "object", "description": "User-assigned identities.",
			"additionalProperties": localRef("UserAssignedIdentity")},
	}}
}

func userAssignedIdentity(str func(string, bool) obj) obj {
	return obj{"description": "A user-assigned identity.", "properties": obj{
		"principalId": str("The principal ID.", true),
		"clientId":    str("The client ID.", true),
	}}
}

func networkRuleSet() obj {
	return obj{"description": "Network access rules.", "properties": obj{
		"defaultAction": commonEnum("DefaultAction", []string{"Allow", "Deny"}, false),
		"ipRules":       obj{"type": "array", "description": "IP rules.", "items": localRef("IPRule"), "x-ms-identifiers": []any{"value"}},
	}}
}

func ipRule(str func(string, bool) obj) obj {
	return obj{"description": "An IP rule.", "required": []any{"value"}, "properties": obj{
		"value":  str("An IPv4 address or CIDR range.", false),
		"action": commonEnum("IPRuleAction", []string{"Allow"}, false),
	}}
}

func keyVaultProperties(str func(string, bool) obj) obj {
	return obj{"description": "Customer-managed key settings.", "properties": obj{
		"keyName":     str("The key name.", false),
		"keyVersion":  str("The key version.", false),
		"keyVaultUri": str("The key vault URI.", false),
	}}
}

// errorDetail refers to itself, as ARM's common error type does.
func errorDetail(str func(string, bool) obj) obj {
	return obj{"description": "Error details.", "properties": obj{
		"code":    str("The error code.", true),
		"message": str("The error message.", true),
		"target":  str("The error target.", true),
		"details": obj{"type": "array", "readOnly": true, "items": localRef("ErrorDetail"), "x-ms-identifiers": []any{"message", "target"}},
	}}
}

func commonEnum(name string, values []string, readOnly bool) obj {
	s := enumSchema(&Enum{Name: name, Values: values})
	s["description"] = "The " + words(name) + "."
	if readOnly {
		s["readOnly"] = true
	}
	return s
}

func commonParameters() obj {
	path := func(name, description string) obj {
		return obj{"name": name, "in": "path", "required": true, "type": "string", "description": description}
	}
	return obj{
		"SubscriptionIdParameter":    path("subscriptionId", "The ID of the target subscription."),
		"ResourceGroupNameParameter": withMethod(path("resourceGroupName", "The name of the resource group.")),
		"ApiVersionParameter": obj{"name": "api-version", "in": "query", "required": true, "type": "string",
			"description": "The API version to use for this operation.", "minLength": 1},
	}
}

func withMethod(p obj) obj {
	p["x-ms-parameter-location"] = "method"
	return p
}

func withReadOnly(s obj) obj {
	s["readOnly"] = true
	return s
}
