package astmodel

import "testing"

func TestPackageRefNames(t *testing.T) {
	p := APIPackage("network", "2022-07-01").StorageRef()
	if p.Folder("v2/api") != "v2/api/network/v1api20220701/storage" || p.KubeVersion() != "v1api20220701storage" {
		t.Fatal(p.Folder("v2/api"), p.KubeVersion())
	}
}
