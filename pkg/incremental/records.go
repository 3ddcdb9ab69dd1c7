package incremental

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"hash"
	"reflect"
	"slices"

	"github.com/asogen/asogen/pkg/astmodel"
	"github.com/asogen/asogen/pkg/config"
	"github.com/asogen/asogen/pkg/diag"
	"github.com/asogen/asogen/pkg/openapi"
)

// groupRecord is what the cache keeps of one group's last build: the key of the group's config,
// everything the build read from the spec roots (with content hashes) and the kinds it produced.
// A run whose config key is the record's and whose spec files still hold the recorded bytes
// would build the same group again, so it takes the kinds from the record instead.
type groupRecord struct {
	Config string           `json:"config"`
	Inputs *openapi.Inputs  `json:"inputs"`
	Kinds  []*astmodel.Kind `json:"kinds"`
}

// inputKey is the key of everything the group's build depends on: its config and the bytes of
// every spec file it read (stamps aside: a touched file with the same bytes is the same input).
func (r *groupRecord) inputKey() string {
	h := sha256.New()
	h.Write([]byte(r.Config))
	for _, f := range r.Inputs.Folders {
		writeStrings(h, "folder", f.Dir)
		writeStrings(h, f.Files...)
	}
	for _, f := range r.Inputs.Files {
		writeStrings(h, "file", f.Path)
		if f.Missing {
			writeStrings(h, "missing")
		}
		h.Write(f.Sum[:])
	}
	return hex.EncodeToString(h.Sum(nil))
}

// writeStrings writes each string with its length, so no two lists write the same bytes.
func writeStrings(h hash.Hash, list ...string) {
	for _, s := range list {
		h.Write(binary.LittleEndian.AppendUint64(nil, uint64(len(s))))
		h.Write([]byte(s))
	}
}

// groupConfig is the part of the config a group's build and emission read.
type groupConfig struct {
	Module     string
	SpecRoot   string
	Output     config.Output
	Group      *config.Group
	Resources  []config.Resource
	Directives []config.Directive
}

// configKeys returns the config key of every group with configured resources: the module, spec
// root and output roots, the group's entry, its resources and its directives, without their
// positions in config.yaml (moving an entry generates nothing new).
func configKeys(cfg *config.Config) map[string]string {
	byGroup := map[string]*groupConfig{}
	for _, r := range cfg.Resources {
		gc := byGroup[r.Group]
		if gc == nil {
			g, _ := cfg.Group(r.Group)
			gc = &groupConfig{Module: cfg.Module, SpecRoot: cfg.SpecRoot, Output: cfg.Output, Group: g}
			byGroup[r.Group] = gc
		}
		gc.Resources = append(gc.Resources, r)
	}
	for _, d := range cfg.Directives {
		if gc := byGroup[d.Group()]; gc != nil {
			gc.Directives = append(gc.Directives, d)
		}
	}
	keys := make(map[string]string, len(byGroup))
	for g, gc := range byGroup {
		keys[g] = keyOf(gc)
	}
	return keys
}

// keyOf hashes v's JSON with every diag.Pos zeroed (on a copy).
func keyOf(v any) string {
	raw, err := json.Marshal(v)
	if err != nil { // config values always encode; an impossible key never matches a record
		return ""
	}
	cp := reflect.New(reflect.TypeOf(v).Elem())
	if err := json.Unmarshal(raw, cp.Interface()); err != nil {
		return ""
	}
	zeroPositions(cp.Elem())
	if raw, err = json.Marshal(cp.Interface()); err != nil {
		return ""
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

var posType = reflect.TypeFor[diag.Pos]()

// zeroPositions sets every diag.Pos reachable from v (settable) to zero.
func zeroPositions(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == posType {
			v.SetZero()
			return
		}
		for i := range v.NumField() {
			if v.Field(i).CanSet() {
				zeroPositions(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			zeroPositions(v.Index(i))
		}
	case reflect.Pointer:
		if !v.IsNil() {
			zeroPositions(v.Elem())
		}
	}
}

// recordName is where the cache keeps the record of group g of the config at cfg.Path.
func recordName(cfg *config.Config, g string) string {
	return "group\x00" + cfg.Path + "\x00" + g
}

// readRecord returns the record of g when its config key is key and the spec roots still hold
// what it read (its stamps brought up to date in the cache); nil otherwise.
func readRecord(c Cache, cfg *config.Config, specs openapi.Specs, g, key string) *groupRecord {
	raw, ok := c.Record(recordName(cfg, g))
	if !ok {
		return nil
	}
	var rec groupRecord
	if json.Unmarshal(raw, &rec) != nil || rec.Config != key || rec.Inputs == nil {
		return nil
	}
	same, fresh := openapi.Unchanged(cfg, specs, rec.Inputs)
	if !same {
		return nil
	}
	if fresh != rec.Inputs {
		rec.Inputs = fresh
		storeRecord(c, cfg, g, &rec)
	}
	return &rec
}

// storeRecord keeps rec as the record of g (best effort, as every cache write).
func storeRecord(c Cache, cfg *config.Config, g string, rec *groupRecord) {
	if raw, err := json.Marshal(rec); err == nil {
		c.StoreRecord(recordName(cfg, g), raw)
	}
}

// kindsOfGroup returns the kinds of m in group g.
func kindsOfGroup(m *astmodel.Model, g string) []*astmodel.Kind {
	return slices.DeleteFunc(slices.Clone(m.Kinds), func(k *astmodel.Kind) bool { return k.Group != g })
}
