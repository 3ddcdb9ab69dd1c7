package astmodel

import "testing"

func TestPropertyInARMAndARMID(t *testing.T) {
	cases := []struct {
		p            Property
		inARM, armID bool
	}{
		{Property{Name: "Location", Type: StringType}, true, false},
		{Property{Name: AzureNameProperty, Type: StringType}, false, false},
		{Property{Name: "SettingFromConfig", Type: ConfigMapReferenceType}, false, false},
		{Property{Name: ConditionsProperty, Type: &ArrayType{Elem: ConditionType}}, false, false},
		{Property{Name: ConditionsProperty, Type: StringType}, true, false}, // not the conditions list
		{Property{Name: "Subnet", Type: ResourceReferenceType, Reference: true}, true, true},
		{Property{Name: "Subnets", Type: &ArrayType{Elem: ResourceReferenceType}, Reference: true}, true, true},
		{Property{Name: "VaultID", Type: ResourceReferenceType}, true, false}, // an ARM ID: sent as the plain ID
	}
	for _, c := range cases {
		if c.p.InARM() != c.inARM || c.p.ARMID() != c.armID {
			t.Errorf("%s: InARM %v ARMID %v, want %v %v", c.p.Name, c.p.InARM(), c.p.ARMID(), c.inARM, c.armID)
		}
	}
}

func TestSendsARMIDs(t *testing.T) {
	p := NewPackage(APIPackage("demo", "2024-01-01"))
	p.Add(NewObject(TypeName{p.Ref, "A"}, "", Property{Name: "Owner", Type: KnownResourceReferenceType, Reference: true}))
	if p.SendsARMIDs() {
		t.Error("an owner is not sent")
	}
	p.Add(NewObject(TypeName{p.Ref, "B"}, "", Property{Name: "Subnet", Type: ResourceReferenceType, Reference: true}))
	if !p.SendsARMIDs() {
		t.Error("a reference is sent as {\"id\": ...}")
	}
}
