package genruntime

import "testing"

func TestServedHubBagKeepsOnlyWhatTheVersionDoesNotTake(t *testing.T) {
	hubBag := PropertyBag{"LegacyFlag": "true", "Other": "1"}
	bag := NewPropertyBag()
	if err := KeepHubBag(bag, hubBag, "LegacyFlag"); err != nil {
		t.Fatal(err)
	}
	// The version set LegacyFlag itself (false): its own value wins over anything kept.
	target := PropertyBag{"LegacyFlag": "false"}
	if err := RestoreHubBag(bag, &target); err != nil {
		t.Fatal(err)
	}
	if target["LegacyFlag"] != "false" || target["Other"] != "1" || len(target) != 2 {
		t.Errorf("restored %v", target)
	}
	empty := NewPropertyBag()
	if err := KeepHubBag(empty, PropertyBag{"LegacyFlag": "true"}, "LegacyFlag"); err != nil || len(empty) != 0 {
		t.Errorf("a bag the version takes entirely is not kept: %v %v", empty, err)
	}
}
