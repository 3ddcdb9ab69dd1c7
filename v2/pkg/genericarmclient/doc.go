// Package genericarmclient is a small client for Azure Resource Manager that works on any
// resource by ARM ID and API version, built on the Azure SDK's azcore pipeline.
//
// GetByID reads a resource; BeginCreateOrUpdateByID and BeginDeleteByID start operations that
// may be long-running and return a Poller that follows ARM's Azure-AsyncOperation, Location and
// provisioningState protocols (through azcore's runtime.Poller). A Poller's ResumeToken can be
// stored on the resource and the operation picked up again in a later reconcile with
// ResumeCreateOrUpdate or ResumeDelete.
//
// Failed HTTP responses are returned as *azcore.ResponseError, unwrapped, so err.Error() renders
// as azcore renders it (method and URL, RESPONSE status, ERROR CODE, body). StatusCode,
// ErrorCode, RetryAfter and IsNotFound read them back, through any wrapping.
package genericarmclient
