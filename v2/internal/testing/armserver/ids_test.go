package armserver

import "testing"

func TestParseID(t *testing.T) {
	cases := []struct {
		id, typ, name, parent string
	}{
		{sub, "Microsoft.Resources/subscriptions", "00000000-0000-0000-0000-000000000001", ""},
		{rgID, resourceGroupType, "rg1", sub},
		{peID, "Microsoft.Network/privateEndpoints", "pe1", rgID},
		{dbID, "Microsoft.Kusto/clusters/databases", "db1", clusterID},
		{sub + "/providers/Microsoft.Authorization/roleDefinitions/r1", "Microsoft.Authorization/roleDefinitions", "r1", sub},
		{clusterID + "/providers/Microsoft.Authorization/locks/l1", "Microsoft.Authorization/locks", "l1", clusterID},
	}
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			id, err := parseID(c.id + "/")
			if err != nil {
				t.Fatal(err)
			}
			parent, _ := id.parent()
			if id.resourceType() != c.typ || id.name() != c.name || parent.raw != c.parent && !(c.parent == "" && parent.raw == "") {
				t.Fatalf("type %q name %q parent %q", id.resourceType(), id.name(), parent.raw)
			}
		})
	}
}

func TestParseIDRejects(t *testing.T) {
	for _, bad := range []string{"/", "/foo/bar", sub + "/resourceGroups", rgID + "/providers/Microsoft.Network",
		rgID + "/providers/Microsoft.Network/privateEndpoints", peID + "/children", rgID + "//x/y"} {
		if _, err := parseID(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestWithinIsSegmentWise(t *testing.T) {
	cases := []struct {
		key, prefix string
		want        bool
	}{
		{clusterID, clusterID, true},
		{dbID, clusterID, true},
		{clusterID + "2", clusterID, false},
		{dbID, "/SUBSCRIPTIONS/00000000-0000-0000-0000-000000000001/resourcegroups/RG1/", true},
	}
	for _, c := range cases {
		if got := within(c.key, c.prefix); got != c.want {
			t.Errorf("within(%q, %q) = %v", c.key, c.prefix, got)
		}
	}
}
