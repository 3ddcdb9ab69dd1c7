package astmodel

import "testing"

func TestSelectHub(t *testing.T) {
	cases := []struct {
		versions []string
		override string
		want     string
	}{
		{[]string{"2024-03-01", "2022-07-01"}, "", "2024-03-01"},
		{[]string{"2022-07-01", "2025-01-01-preview"}, "", "2022-07-01"},
		{[]string{"2024-01-01-preview", "2023-01-01-preview"}, "", "2024-01-01-preview"},
		{[]string{"2024-03-01", "2022-07-01"}, "2022-07-01", "2022-07-01"},
	}
	for _, c := range cases {
		if got := SelectHub(c.versions, c.override); got != c.want {
			t.Errorf("SelectHub(%v, %q) = %q, want %q", c.versions, c.override, got, c.want)
		}
	}
}

func TestStorageVariant(t *testing.T) {
	api := NewPackage(APIPackage("network", "2022-07-01"))
	state := NewEnum(TypeName{api.Ref, "State"}, "", "Approved", "Pending", "Approved")
	obj := NewObject(TypeName{api.Ref, "Conn"}, "",
		Property{Name: "State", JSONName: "state", Type: state.Name},
		Property{Name: "Items", JSONName: "items", Type: &ArrayType{Elem: state.Name}},
	)
	api.Add(state, obj)
	st := StorageVariant(api)
	o, ok := st.Object("Conn")
	if !ok || o.Name.Package != api.Ref.StorageRef() {
		t.Fatalf("storage object missing: %+v", st.Definitions)
	}
	if p, _ := o.Property("State"); p.Type != StringType {
		t.Errorf("enum not turned into string: %#v", p.Type)
	}
	if _, ok := o.Property(PropertyBagName); !ok {
		t.Error("no property bag")
	}
	if _, isEnum := st.Definitions["State"]; isEnum {
		t.Error("storage package keeps enums")
	}
	if len(state.Values) != 2 {
		t.Errorf("enum values not unique: %v", state.Values)
	}
	if len(obj.Properties) != 2 {
		t.Error("api object mutated")
	}
}
