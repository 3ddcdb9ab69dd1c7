package benchcorpus

// Word lists for the names of synthetic kinds, properties and enum values. Every word is a
// plain lower-case English word, so the Go names derived from them are ordinary identifiers.

// kindFirst and kindSecond make kind names: kind i is kindFirst[a] + kindSecond[b] (see kindName).
var kindFirst = []string{
	"amber", "azure", "basalt", "birch", "bright", "cedar", "cobalt", "coral", "crimson", "delta",
	"ember", "fern", "frost", "garnet", "granite", "harbor", "hazel", "indigo", "iron", "jade",
	"juniper", "lunar", "maple", "marble", "meadow", "nickel", "north", "oak", "onyx", "opal",
	"pine", "quartz", "river", "sable", "silver", "slate", "solar", "tidal", "umber", "willow",
}

var kindSecond = []string{
	"vault", "gateway", "cluster", "pool", "bridge", "channel", "registry", "workspace", "endpoint", "route",
	"broker", "cache", "queue", "ledger", "portal", "relay", "shard", "tunnel", "window", "zone",
	"beacon", "catalog", "depot", "engine", "filter", "forge", "harness", "index", "journal", "kernel",
	"lattice", "monitor", "network", "pipeline", "profile", "replica", "sensor", "signal", "store", "tower",
}

// propFirst and propSecond make property names such as "retentionWindow".
var propFirst = []string{
	"access", "backup", "capacity", "cleanup", "default", "delivery", "encryption", "failover", "health",
	"identity", "ingress", "lease", "maintenance", "max", "min", "network", "owner", "partition", "primary",
	"public", "quota", "recovery", "replica", "retention", "routing", "scale", "schedule", "secondary",
	"storage", "sync", "target", "throughput", "update", "upgrade", "usage", "version", "warmup", "zone",
}

var propSecond = []string{
	"count", "policy", "window", "mode", "level", "settings", "limit", "state", "target", "name",
	"rule", "threshold", "interval", "endpoint", "address", "label", "option", "priority", "size", "tier",
	"timeout", "weight", "profile", "source", "region", "port", "key", "tag", "channel", "schedule",
}

// enumWords are the values of synthetic enums (PascalCase, as ARM enums usually are).
var enumWords = []string{
	"Allow", "Basic", "Cold", "Deny", "Disabled", "Enabled", "Hot", "Manual", "Automatic", "Premium",
	"Standard", "Strict", "Relaxed", "Hourly", "Daily", "Weekly", "Primary", "Secondary", "Archive", "Live",
}

// provisioningStates are the values of the shared, read-only ProvisioningState enum.
var provisioningStates = []string{"Creating", "Updating", "Deleting", "Succeeded", "Failed", "Canceled"}
