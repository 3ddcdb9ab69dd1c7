package localrun_test

import (
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net/http"
	"os"
	"testing"

	authenticationv1 "k8s.io/api/authentication/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	"sigs.k8s.io/yaml"

	"github.com/asogen/asogen/v2/internal/localrun"
)

// scraperToken returns a token of a new ServiceAccount name in default; when allowed, it is bound
// to a copy of the install's metrics-reader ClusterRole (v2/config/rbac/metrics_reader_role.yaml).
func scraperToken(t *testing.T, name string, allowed bool) string {
	t.Helper()
	ctx := context.Background()
	sa := &corev1.ServiceAccount{ObjectMeta: meta(name, "default")}
	if err := suite.kube.Create(ctx, sa); err != nil {
		t.Fatal(err)
	}
	if allowed {
		bindMetricsReader(t, sa)
	}
	tr := &authenticationv1.TokenRequest{}
	if err := suite.kube.SubResource("token").Create(ctx, sa, tr); err != nil {
		t.Fatalf("token of %s: %v", name, err)
	}
	return tr.Status.Token
}

// bindMetricsReader creates the install's metrics-reader ClusterRole under sa's name and binds sa to it.
func bindMetricsReader(t *testing.T, sa *corev1.ServiceAccount) {
	t.Helper()
	data, err := os.ReadFile(localrun.ConfigDir("rbac", "metrics_reader_role.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	role := &rbacv1.ClusterRole{}
	if err := yaml.Unmarshal(data, role); err != nil {
		t.Fatal(err)
	}
	role.Name = sa.Name
	binding := &rbacv1.ClusterRoleBinding{ObjectMeta: meta(sa.Name, ""),
		Subjects: []rbacv1.Subject{{Kind: rbacv1.ServiceAccountKind, Name: sa.Name, Namespace: sa.Namespace}},
		RoleRef:  rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: role.Name}}
	if err := suite.kube.Create(context.Background(), role); err != nil {
		t.Fatal(err)
	}
	if err := suite.kube.Create(context.Background(), binding); err != nil {
		t.Fatal(err)
	}
}

// getSecure fetches url over HTTPS (the metrics server's certificate is self-signed) with token
// as bearer when not empty, and returns the status code and the body.
func getSecure(url, token string) (int, string, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return 0, "", err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	c := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}} //nolint:gosec // self-signed test server
	resp, err := c.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body), err
}

// scrape fetches /metrics over HTTPS with token, an error unless it answers 200.
func scrape(addr, token string) (string, error) {
	code, body, err := getSecure("https://"+addr+"/metrics", token)
	if err == nil && code != http.StatusOK {
		err = fmt.Errorf("/metrics: %d %s", code, body)
	}
	return body, err
}
