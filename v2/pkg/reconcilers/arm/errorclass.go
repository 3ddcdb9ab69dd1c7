package arm

import (
	"net/http"
	"strings"
)

// errorClass is what an ARM error means for the object, and so how it is retried.
type errorClass int

const (
	// classTransient: Azure is busy, throttling or failing; retried with backoff (Warning),
	// honouring Retry-After.
	classTransient errorClass = iota
	// classDependency: something the resource needs does not exist or is not ready yet (a
	// resource group, a parent, a referenced resource, a role assignment still propagating);
	// retried with backoff (Warning) until it appears.
	classDependency
	// classUser: the request is wrong and only the user can fix it; shown as an Error and still
	// retried, with a long capped backoff, and at once when the spec changes.
	classUser
)

func (c errorClass) String() string {
	return [...]string{"transient", "dependency", "user"}[c]
}

// armCodeClasses classifies ARM error codes (compared case-insensitively). Codes not listed are
// classified by their HTTP status (statusClass). docs/operator.md shows this table.
var armCodeClasses = map[string]errorClass{
	"resourcegroupnotfound":               classDependency,
	"parentresourcenotfound":              classDependency,
	"resourcenotfound":                    classDependency,
	"notfound":                            classDependency,
	"authorizationfailed":                 classDependency, // role assignments take minutes to propagate
	"linkedauthorizationfailed":           classDependency,
	"principalnotfound":                   classDependency, // a new identity is not yet replicated
	"missingsubscriptionregistration":     classDependency, // the provider is being registered
	"subscriptionnotregistered":           classDependency,
	"anotheroperationinprogress":          classTransient,
	"operationnotallowedwhileupdating":    classTransient,
	"retryableerror":                      classTransient,
	"conflict":                            classTransient,
	"toomanyrequests":                     classTransient,
	"badrequest":                          classUser,
	"invalidparameter":                    classUser,
	"invalidrequestcontent":               classUser,
	"invalidresourcename":                 classUser,
	"invalidresourcelocation":             classUser,
	"locationnotavailableforresourcetype": classUser,
	"skunotavailable":                     classUser,
	"quotaexceeded":                       classUser,
	"requestdisallowedbypolicy":           classUser,
	"scopelocked":                         classUser,
	"invalidapiversionparameter":          classUser,
	"missingapiversionparameter":          classUser,
	"noregisteredproviderfound":           classUser,
}

// classOf classifies an ARM error by its code, then by its HTTP status.
func classOf(status int, code string) errorClass {
	if c, ok := armCodeClasses[strings.ToLower(code)]; ok {
		return c
	}
	return statusClass(status)
}

// statusClass: 408, 409, 429 and 5xx are transient; another 404 names something missing;
// any other 4xx is the user's to fix.
func statusClass(status int) errorClass {
	switch {
	case status == http.StatusRequestTimeout, status == http.StatusConflict, status == http.StatusTooManyRequests:
		return classTransient
	case status == http.StatusNotFound:
		return classDependency
	case status >= 400 && status < 500:
		return classUser
	default:
		return classTransient
	}
}
