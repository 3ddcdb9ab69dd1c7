package benchcorpus

import (
	"encoding/json"
	"strings"
)

// obj is a JSON object; encoding/json writes its keys sorted, so output is deterministic.
type obj = map[string]any

const commonFile = "common.json"

// kindSpec is the Swagger 2.0 document of kind k in version index v.
func kindSpec(c *Corpus, k *Kind, v int) obj {
	doc := swaggerHeader(k.Group.Namespace+" "+k.Name, c.Versions[v])
	doc["paths"] = obj{k.PutPath(): obj{"get": getOperation(k), "put": putOperation(k)}}
	doc["definitions"] = kindDefinitions(k, v)
	doc["parameters"] = nameParameters(k)
	return doc
}

func swaggerHeader(title, version string) obj {
	return obj{
		"swagger":  "2.0",
		"info":     obj{"title": title, "version": version},
		"host":     "management.azure.com",
		"schemes":  []any{"https"},
		"consumes": []any{"application/json"},
		"produces": []any{"application/json"},
	}
}

func getOperation(k *Kind) obj {
	return obj{
		"operationId": upperFirst(k.Plural()) + "_Get",
		"description": "Gets the " + words(k.Name) + ".",
		"parameters":  pathParameters(k),
		"responses": obj{
			"200":     response("The "+words(k.Name)+".", localRef(k.Name)),
			"default": response("Error response.", commonRef("definitions", "ErrorResponse")),
		},
	}
}

func putOperation(k *Kind) obj {
	body := obj{"name": "parameters", "in": "body", "required": true, "schema": localRef(k.Name),
		"description": "The " + words(k.Name) + " to create or update."}
	return obj{
		"operationId": upperFirst(k.Plural()) + "_CreateOrUpdate",
		"description": "Creates or updates the " + words(k.Name) + ".",
		"parameters":  append(pathParameters(k), body),
		"responses": obj{
			"200":     response("Updated.", localRef(k.Name)),
			"201":     response("Created.", localRef(k.Name)),
			"default": response("Error response.", commonRef("definitions", "ErrorResponse")),
		},
		"x-ms-long-running-operation": true,
	}
}

func response(description string, schema obj) obj {
	return obj{"description": description, "schema": schema}
}

// pathParameters refer to common.json for subscription, resource group and API version, and to
// the file's own parameters for the resource names.
func pathParameters(k *Kind) []any {
	params := []any{commonRef("parameters", "SubscriptionIdParameter"), commonRef("parameters", "ResourceGroupNameParameter")}
	for _, n := range k.lineage() {
		params = append(params, obj{"$ref": "#/parameters/" + upperFirst(n.NameParam()) + "Parameter"})
	}
	return append(params, commonRef("parameters", "ApiVersionParameter"))
}

func nameParameters(k *Kind) obj {
	out := obj{}
	for _, n := range k.lineage() {
		out[upperFirst(n.NameParam())+"Parameter"] = obj{
			"name": n.NameParam(), "in": "path", "required": true, "type": "string",
			"description": "The name of the " + words(n.Name) + ".", "x-ms-parameter-location": "method",
		}
	}
	return out
}

// lineage lists the kind's owners, outermost first, then the kind itself.
func (k *Kind) lineage() []*Kind {
	if k.Owner == nil {
		return []*Kind{k}
	}
	return append(k.Owner.lineage(), k)
}

func localRef(name string) obj { return obj{"$ref": "#/definitions/" + name} }

func commonRef(section, name string) obj {
	return obj{"$ref": "./" + commonFile + "#/" + section + "/" + name}
}

// words turns "AmberVault" into "amber vault" for descriptions.
func words(name string) string {
	var b strings.Builder
	for i, r := range name {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return strings.ToLower(b.String())
}

// encode renders a document as indented JSON with a final newline.
func encode(doc obj) []byte {
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		panic(err) // only maps, slices, strings, numbers and booleans: cannot fail
	}
	return append(out, '\n')
}
