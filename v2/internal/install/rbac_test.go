package install

import (
	"context"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	authorizationv1 "k8s.io/api/authorization/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// checkRBAC asks the API server (RBAC authorizer) whether the Deployment's ServiceAccount may
// do each verb on each resource of the installed ClusterRole (anywhere) and Role (in the
// install's namespace), and that it may not delete Namespaces.
func checkRBAC(ctx context.Context, t *testing.T, c client.Client, objs []*unstructured.Unstructured) {
	t.Helper()
	user := serviceAccountUser(ctx, t, c)
	for _, o := range objs {
		if o.GetKind() != "ClusterRole" && o.GetKind() != "Role" {
			continue
		}
		var role rbacv1.Role
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(o.Object, &role); err != nil {
			t.Fatal(err)
		}
		checkRules(ctx, t, c, user, role.Namespace, role.Rules)
	}
	if allowed(ctx, t, c, user, authorizationv1.ResourceAttributes{Verb: "delete", Resource: "namespaces"}) {
		t.Errorf("%s may delete namespaces: the authorizer does not check RBAC", user)
	}
}

// serviceAccountUser is the user name of the Deployment's ServiceAccount, which must exist.
func serviceAccountUser(ctx context.Context, t *testing.T, c client.Client) string {
	t.Helper()
	var ds appsv1.DeploymentList
	if err := c.List(ctx, &ds, client.InNamespace(namespace)); err != nil || len(ds.Items) != 1 {
		t.Fatalf("deployments in %s: %d, %v", namespace, len(ds.Items), err)
	}
	name := ds.Items[0].Spec.Template.Spec.ServiceAccountName
	if err := c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: name}, &corev1.ServiceAccount{}); err != nil {
		t.Fatalf("the Deployment's ServiceAccount %s: %v", name, err)
	}
	return "system:serviceaccount:" + namespace + ":" + name
}

func checkRules(ctx context.Context, t *testing.T, c client.Client, user, ns string, rules []rbacv1.PolicyRule) {
	t.Helper()
	for _, r := range rules {
		for _, group := range r.APIGroups {
			for _, resource := range r.Resources {
				for _, verb := range r.Verbs {
					attrs := authorizationv1.ResourceAttributes{Namespace: ns, Group: group, Resource: resource, Verb: verb}
					if !allowed(ctx, t, c, user, attrs) {
						t.Errorf("%s may not %s %s.%s in %q", user, verb, resource, group, ns)
					}
				}
			}
		}
	}
}

func allowed(ctx context.Context, t *testing.T, c client.Client, user string, attrs authorizationv1.ResourceAttributes) bool {
	t.Helper()
	sar := &authorizationv1.SubjectAccessReview{Spec: authorizationv1.SubjectAccessReviewSpec{
		User: user, Groups: []string{"system:serviceaccounts", "system:serviceaccounts:" + namespace}, ResourceAttributes: &attrs,
	}}
	if err := c.Create(ctx, sar); err != nil {
		t.Fatal(err)
	}
	return sar.Status.Allowed
}
